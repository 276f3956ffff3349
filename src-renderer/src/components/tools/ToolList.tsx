import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import type { ToolInfo } from '@contract';
// Global class names kept beside the module classes: tests select .tool-item-name.
import styles from './ToolList.module.css';
import toolsStyles from './tools.module.css';

/** The skill's tools as a searchable listbox; arrow keys move the selection. */
export function ToolList({ tools, selected, onSelect }: { tools: ToolInfo[]; selected: string | undefined; onSelect(name: string): void }) {
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q ? tools.filter((t) => t.name.toLowerCase().includes(q) || (t.description ?? '').toLowerCase().includes(q)) : tools;
    // Grouped tools (a capsule's) listed together, after the ungrouped ones, in their own order.
    if (!found.some((t) => t.group)) return found;
    const groups = [...new Set(found.map((t) => t.group ?? ''))];
    return groups.flatMap((g) => found.filter((t) => (t.group ?? '') === g));
  }, [tools, query]);
  const grouped = shown.some((t) => t.group);

  const move = (e: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) || !shown.length) return;
    e.preventDefault();
    const i = shown.findIndex((t) => t.name === selected);
    let next = i;
    if (e.key === 'ArrowDown') next = Math.min(shown.length - 1, i + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, i - 1);
    else if (e.key === 'Home') next = 0;
    else next = shown.length - 1;
    onSelect(shown[next].name);
    requestAnimationFrame(() => {
      listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
    });
  };

  const focusIndex = Math.max(0, shown.findIndex((t) => t.name === selected));

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
            if (e.key === 'ArrowDown' && shown.length) {
              e.preventDefault();
              listRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus();
            }
          }}
        />
      </div>
      <ul ref={listRef} role="listbox" aria-label="Tools" className={styles.toolItems} onKeyDown={move}>
        {shown.map((t, i) => (
          <Fragment key={t.name}>
          {grouped && (i === 0 || t.group !== shown[i - 1].group) && (
            // A namel3ss capsule's tools under its name (their names say it too: "<capsule>.<tool>").
            <li role="presentation" className={styles.toolGroupHead} data-testid="tool-group">{t.group ?? 'This program'}</li>
          )}
          <li
            role="option"
            aria-selected={t.name === selected}
            tabIndex={i === focusIndex ? 0 : -1}
            data-index={i}
            data-testid="tool-item"
            className={`${styles.toolItem}${t.name === selected ? ' selected' : ''}`}
            onClick={() => onSelect(t.name)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(t.name);
              }
            }}
          >
            <span className={`${styles.toolItemName} tool-item-name`}>{t.name}</span>
            {t.description && <span className={styles.toolItemDesc}>{t.description}</span>}
          </li>
          </Fragment>
        ))}
        {!shown.length && <li className={styles.toolItemsEmpty}>No tool matches “{query}”.</li>}
      </ul>
    </div>
  );
}
