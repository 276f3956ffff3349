import { Fragment, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ChevronRight, Search } from 'lucide-react';
import type { ToolInfo } from '@contract';
// Global class names kept beside the module classes: tests select .tool-item-name.
import styles from './ToolList.module.css';
import toolsStyles from './tools.module.css';

/**
 * The skill's tools as a searchable listbox; arrow keys move the selection. The tools its SDK puts on every skill
 * (a SkillDefinition SDK's interop tools) come last, folded under "SDK tools", so the skill's own stay on top; a
 * search that finds one, or one selected, shows them.
 */
export function ToolList({ tools, selected, onSelect }: { tools: ToolInfo[]; selected: string | undefined; onSelect(name: string): void }) {
  const [query, setQuery] = useState('');
  const [sdkOpen, setSdkOpen] = useState(false);
  const ownRef = useRef<HTMLUListElement>(null);
  const { own, sdk } = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q ? tools.filter((t) => t.name.toLowerCase().includes(q) || (t.description ?? '').toLowerCase().includes(q)) : tools;
    const mine = found.filter((t) => t.origin !== 'sdk');
    // Grouped tools (a capsule's) listed together, after the ungrouped ones, in their own order.
    const groups = [...new Set(mine.map((t) => t.group ?? ''))];
    const ordered = mine.some((t) => t.group) ? groups.flatMap((g) => mine.filter((t) => (t.group ?? '') === g)) : mine;
    return { own: ordered, sdk: found.filter((t) => t.origin === 'sdk') };
  }, [tools, query]);
  const sdkTotal = useMemo(() => tools.filter((t) => t.origin === 'sdk').length, [tools]);
  const sdkShown = sdkOpen || (!!query.trim() && sdk.length > 0) || sdk.some((t) => t.name === selected);
  const focusIndex = Math.max(0, own.findIndex((t) => t.name === selected));

  return (
    <div className={toolsStyles.toolList}>
      <div className="list-search">
        <Search size={13} aria-hidden="true" />
        <input
          type="search"
          placeholder={`Search ${tools.length} tool${tools.length === 1 ? '' : 's'}`}
          aria-label="Search tools"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && own.length) {
              e.preventDefault();
              ownRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus();
            }
          }}
        />
      </div>
      <div className={styles.toolScroll}>
        <ToolOptions listRef={ownRef} label="Tools" tools={own} selected={selected} onSelect={onSelect} />
        {!own.length && !sdk.length && <p className={styles.toolItemsEmpty}>No tool matches “{query}”.</p>}
        {sdkTotal > 0 && (
          <div className={styles.sdkTools} data-testid="sdk-tools">
            <button
              type="button"
              className={styles.sdkToolsHead}
              aria-expanded={sdkShown}
              aria-controls="sdk-tool-options"
              title="Tools the skill's SDK lists on every skill (other skills, their data and functions), not written by this skill"
              onClick={() => setSdkOpen(!sdkShown)}
            >
              <ChevronRight size={12} aria-hidden="true" className={sdkShown ? styles.chevronOpen : undefined} />
              SDK tools ({query.trim() ? `${sdk.length} of ${sdkTotal}` : sdkTotal})
              <span className={styles.sdkToolsHint}>from the skill&rsquo;s SDK, on every skill</span>
            </button>
            {sdkShown && <ToolOptions id="sdk-tool-options" label="SDK tools" tools={sdk} selected={selected} onSelect={onSelect} sdk />}
          </div>
        )}
      </div>
    </div>
  );
}

/** One listbox of tools; arrow keys, Home and End move the selection within it. */
function ToolOptions({
  tools,
  selected,
  onSelect,
  label,
  id,
  sdk = false,
  listRef,
}: {
  tools: ToolInfo[];
  selected: string | undefined;
  onSelect(name: string): void;
  label: string;
  id?: string;
  sdk?: boolean;
  listRef?: RefObject<HTMLUListElement | null>;
}) {
  const ownRef = useRef<HTMLUListElement>(null);
  const ref = listRef ?? ownRef;
  const grouped = tools.some((t) => t.group);
  const focusIndex = Math.max(0, tools.findIndex((t) => t.name === selected));

  const move = (e: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) || !tools.length) return;
    e.preventDefault();
    const i = tools.findIndex((t) => t.name === selected);
    let next = i;
    if (e.key === 'ArrowDown') next = Math.min(tools.length - 1, i + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, i - 1);
    else if (e.key === 'Home') next = 0;
    else next = tools.length - 1;
    onSelect(tools[next].name);
    requestAnimationFrame(() => {
      ref.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
    });
  };

  if (!tools.length) return null;
  return (
    <ul ref={ref} id={id} role="listbox" aria-label={label} className={styles.toolItems} onKeyDown={move}>
      {tools.map((t, i) => (
        <Fragment key={t.name}>
          {grouped && (i === 0 || t.group !== tools[i - 1].group) && (
            // A namel3ss capsule's tools under its name (their names say it too: "<capsule>.<tool>").
            <li role="presentation" className={styles.toolGroupHead} data-testid="tool-group">{t.group ?? 'This program'}</li>
          )}
          <li
            role="option"
            aria-selected={t.name === selected}
            tabIndex={i === focusIndex ? 0 : -1}
            data-index={i}
            data-testid="tool-item"
            data-origin={sdk ? 'sdk' : undefined}
            className={`${styles.toolItem}${t.name === selected ? ' selected' : ''}`}
            onClick={() => onSelect(t.name)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(t.name);
              }
            }}
          >
            <span className={styles.toolItemHead}>
              <span className={`${styles.toolItemName} tool-item-name`}>{t.name}</span>
              {sdk && <span className={styles.sdkBadge} title="Listed by the skill's SDK on every skill">SDK</span>}
            </span>
            {t.description && <span className={styles.toolItemDesc}>{t.description}</span>}
          </li>
        </Fragment>
      ))}
    </ul>
  );
}
