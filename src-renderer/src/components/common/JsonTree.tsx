import { createContext, memo, useContext, useMemo, useState } from 'react';
import { ChevronRight, ListChecks } from 'lucide-react';
// Global class names kept beside the module classes: tests select .jt-pick-action.
import styles from './JsonTree.module.css';
import commonStyles from './common.module.css';

const PAGE = 100;
const LONG_STRING = 400;
/**
 * Nesting past this is not rendered (the browser's layout has its own limits). The engine already cuts
 * skill data at 256 levels (src-main/engine/json-depth.ts, with 64 levels of headroom for what wraps it):
 * this is the same bound, for a value that reached the page some other way.
 */
const MAX_RENDER_DEPTH = 320;

/** How many levels `v` nests, without recursion (any depth is safe). */
function levelsOf(v: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [cur, d] = stack.pop()!;
    if (cur === null || typeof cur !== 'object') continue;
    deepest = Math.max(deepest, d);
    for (const c of Array.isArray(cur) ? cur : Object.values(cur)) stack.push([c, d + 1]);
  }
  return deepest;
}

export type TreePath = (string | number)[];
const ROOT: TreePath = [];

/**
 * Picking a value (optional): a click on a value (or a key) selects it, and the action beside it hands
 * its path from the root, and the value, to `onPick`.
 */
interface Picking {
  onPick(path: TreePath, value: unknown): void;
  action: string;
  selected: string | null;
  select(key: string | null): void;
}
const PickContext = createContext<Picking | null>(null);

function typeOf(v: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'object') return 'object';
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'other';
}

/** A value as text; a button that picks it where the tree picks values. */
function Scalar({ value, onClick, picked }: { value: unknown; onClick?(): void; picked?: boolean }) {
  const [full, setFull] = useState(false);
  const t = typeOf(value);
  const s = t === 'string' ? (value as string) : '';
  const long = t === 'string' && s.length > LONG_STRING && !full;
  const [cls, text] =
    t === 'string' ? ['jt-string', `“${long ? s.slice(0, LONG_STRING) : s}”`]
    : t === 'number' ? ['jt-number', String(value)]
    : t === 'boolean' ? ['jt-boolean', String(value)]
    : ['jt-null', t === 'null' ? 'null' : String(value)];
  const shown = onClick ? (
    <button type="button" className={`${cls} ${styles.jtValuePick}`} onClick={onClick} aria-pressed={picked} title="Pick this value">{text}</button>
  ) : (
    <span className={cls}>{text}</span>
  );
  if (!long) return shown;
  return (
    <span>
      {shown}
      <button type="button" className={styles.jtMore} onClick={() => setFull(true)}>
        show all {s.length.toLocaleString()} characters
      </button>
    </span>
  );
}

/** What a picked row shows beside its value: the action that uses it. */
function PickAction({ pick, path, value }: { pick: Picking; path: TreePath; value: unknown }) {
  return (
    <button type="button" className={`${styles.jtPickAction} jt-pick-action`} onClick={() => pick.onPick(path, value)} data-testid="json-pick-action">
      <ListChecks size={12} aria-hidden="true" />
      {pick.action}
    </button>
  );
}

const Node = memo(function Node({ name, value, depth, expandDepth, path }: {
  name?: string | number;
  value: unknown;
  depth: number;
  expandDepth: number;
  path: TreePath;
}) {
  const t = typeOf(value);
  const container = t === 'array' || t === 'object';
  const [open, setOpen] = useState(depth < expandDepth);
  const [shown, setShown] = useState(PAGE);
  const pick = useContext(PickContext);
  const pathKey = pick ? JSON.stringify(path) : '';
  const picked = !!pick && pick.selected === pathKey;
  const toggle = pick ? () => pick.select(picked ? null : pathKey) : undefined;
  const keyClass = typeof name === 'number' ? 'jt-index' : 'jt-key';
  const key =
    name === undefined ? null
    : toggle && container ? (
      <button type="button" className={`${keyClass} ${styles.jtKeyPick}`} onClick={toggle} aria-pressed={picked} title="Pick this value">{name}</button>
    ) : (
      <span className={keyClass}>{name}</span>
    );
  const action = pick && picked ? <PickAction pick={pick} path={path} value={value} /> : null;
  const rowClass = `jt-row${picked ? ' jt-picked' : ''}`;
  if (container && depth >= MAX_RENDER_DEPTH) {
    return (
      <div className="jt-row" role="treeitem" aria-selected={false}>
        <span className={styles.jtToggleSpace} />
        {key}
        {key && <span className={commonStyles.jtColon}>:</span>}
        <span className="jt-null">[too deep: {depth + levelsOf(value)} levels]</span>
      </div>
    );
  }
  if (!container) {
    return (
      <div className={rowClass} role="treeitem" aria-selected={picked}>
        <span className={styles.jtToggleSpace} />
        {key}
        {key && <span className={commonStyles.jtColon}>:</span>}
        <Scalar value={value} onClick={toggle} picked={picked} />
        {action}
      </div>
    );
  }
  const entries: [string | number, unknown][] =
    t === 'array' ? (value as unknown[]).map((v, i) => [i, v]) : Object.entries(value as Record<string, unknown>);
  const summary = t === 'array' ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <div className="jt-node" role="treeitem" aria-expanded={open} aria-selected={picked}>
      <div className={rowClass}>
        <button
          type="button"
          className={`${styles.jtToggle}${open ? ' open' : ''}`}
          aria-label={open ? 'Collapse' : 'Expand'}
          onClick={() => setOpen(!open)}
        >
          <ChevronRight size={12} aria-hidden="true" />
        </button>
        {key}
        {key && <span className={commonStyles.jtColon}>:</span>}
        <button type="button" className={styles.jtSummary} onClick={() => setOpen(!open)} tabIndex={-1}>
          {open ? (t === 'array' ? '[' : '{') : summary}
          {!open && entries.length > 0 && <span className={styles.jtPreview}>{preview(entries, t === 'array')}</span>}
        </button>
        {action}
      </div>
      {open && (
        <div className={styles.jtChildren} role="group">
          {entries.slice(0, shown).map(([k, v]) => (
            // Paths only where values are picked: elsewhere every child keeps the same props and is not drawn again.
            <Node key={k} name={k} value={v} depth={depth + 1} expandDepth={expandDepth} path={pick ? [...path, k] : ROOT} />
          ))}
          {entries.length > shown && (
            <button type="button" className={styles.jtMore} onClick={() => setShown(shown + PAGE * 5)}>
              show {Math.min(PAGE * 5, entries.length - shown)} more of {entries.length - shown}
            </button>
          )}
          <div className={styles.jtClose}>{t === 'array' ? ']' : '}'}</div>
        </div>
      )}
    </div>
  );
});

function preview(entries: [string | number, unknown][], isArray: boolean): string {
  const parts = entries.slice(0, 4).map(([k, v]) => {
    const t = typeOf(v);
    const val = t === 'array' ? '[…]' : t === 'object' ? '{…}' : t === 'string' ? `“${String(v).slice(0, 24)}”` : String(v);
    return isArray ? val : `${k}: ${val}`;
  });
  return ` ${parts.join(', ')}${entries.length > 4 ? ', …' : ''}`;
}

/**
 * A collapsible, keyboard-reachable view of any JSON value. With `onPick`, a value (or a key of an object
 * or list) is picked by a click, and `pickAction` beside it hands its path and value to `onPick`.
 */
export function JsonTree({ value, expandDepth = 2, label = 'JSON value', onPick, pickAction = 'Use this' }: {
  value: unknown;
  expandDepth?: number;
  label?: string;
  onPick?(path: TreePath, value: unknown): void;
  pickAction?: string;
}) {
  const [selected, select] = useState<string | null>(null);
  const pick = useMemo(() => (onPick ? { onPick, action: pickAction, selected, select } : null), [onPick, pickAction, selected]);
  return (
    <PickContext.Provider value={pick}>
      <div className={styles.jsonTree} role="tree" aria-label={label}>
        <Node value={value} depth={0} expandDepth={expandDepth} path={ROOT} />
      </div>
    </PickContext.Provider>
  );
}
