import { memo, useState } from 'react';
import { ChevronRight } from 'lucide-react';

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

function typeOf(v: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'object') return 'object';
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'other';
}

function Scalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  const t = typeOf(value);
  if (t === 'string') {
    const s = value as string;
    const long = s.length > LONG_STRING && !full;
    return (
      <span className="jt-string">
        “{long ? s.slice(0, LONG_STRING) : s}”
        {long && (
          <button type="button" className="jt-more" onClick={() => setFull(true)}>
            show all {s.length.toLocaleString()} characters
          </button>
        )}
      </span>
    );
  }
  if (t === 'number') return <span className="jt-number">{String(value)}</span>;
  if (t === 'boolean') return <span className="jt-boolean">{String(value)}</span>;
  if (t === 'null') return <span className="jt-null">null</span>;
  return <span className="jt-null">{String(value)}</span>;
}

const Node = memo(function Node({ name, value, depth, expandDepth }: {
  name?: string | number;
  value: unknown;
  depth: number;
  expandDepth: number;
}) {
  const t = typeOf(value);
  const container = t === 'array' || t === 'object';
  const [open, setOpen] = useState(depth < expandDepth);
  const [shown, setShown] = useState(PAGE);
  const key =
    name === undefined ? null : (
      <span className={typeof name === 'number' ? 'jt-index' : 'jt-key'}>{typeof name === 'number' ? name : name}</span>
    );
  if (container && depth >= MAX_RENDER_DEPTH) {
    return (
      <div className="jt-row" role="treeitem" aria-selected={false}>
        <span className="jt-toggle-space" />
        {key}
        {key && <span className="jt-colon">:</span>}
        <span className="jt-null">[too deep: {depth + levelsOf(value)} levels]</span>
      </div>
    );
  }
  if (!container) {
    return (
      <div className="jt-row" role="treeitem" aria-selected={false}>
        <span className="jt-toggle-space" />
        {key}
        {key && <span className="jt-colon">:</span>}
        <Scalar value={value} />
      </div>
    );
  }
  const entries: [string | number, unknown][] =
    t === 'array' ? (value as unknown[]).map((v, i) => [i, v]) : Object.entries(value as Record<string, unknown>);
  const summary = t === 'array' ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <div className="jt-node" role="treeitem" aria-expanded={open} aria-selected={false}>
      <div className="jt-row">
        <button
          type="button"
          className={`jt-toggle${open ? ' open' : ''}`}
          aria-label={open ? 'Collapse' : 'Expand'}
          onClick={() => setOpen(!open)}
        >
          <ChevronRight size={12} aria-hidden="true" />
        </button>
        {key}
        {key && <span className="jt-colon">:</span>}
        <button type="button" className="jt-summary" onClick={() => setOpen(!open)} tabIndex={-1}>
          {open ? (t === 'array' ? '[' : '{') : summary}
          {!open && entries.length > 0 && <span className="jt-preview">{preview(entries, t === 'array')}</span>}
        </button>
      </div>
      {open && (
        <div className="jt-children" role="group">
          {entries.slice(0, shown).map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} expandDepth={expandDepth} />
          ))}
          {entries.length > shown && (
            <button type="button" className="jt-more" onClick={() => setShown(shown + PAGE * 5)}>
              show {Math.min(PAGE * 5, entries.length - shown)} more of {entries.length - shown}
            </button>
          )}
          <div className="jt-close">{t === 'array' ? ']' : '}'}</div>
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

/** A collapsible, keyboard-reachable view of any JSON value. */
export function JsonTree({ value, expandDepth = 2, label = 'JSON value' }: { value: unknown; expandDepth?: number; label?: string }) {
  return (
    <div className="json-tree" role="tree" aria-label={label}>
      <Node value={value} depth={0} expandDepth={expandDepth} />
    </div>
  );
}
