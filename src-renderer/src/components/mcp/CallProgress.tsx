import { useMcp } from './mcp-store';

/** A running call's progress as its server tells it: a bar (indeterminate without a total) and its message. */
export function CallProgress({ callId }: { callId: string }) {
  const p = useMcp((s) => s.progress[callId]);
  if (!p) return null;
  const known = p.total !== undefined && p.total > 0;
  const pct = known ? Math.min(100, Math.round((p.progress / p.total!) * 100)) : undefined;
  const words = known ? `${p.progress} of ${p.total}` : `${p.progress} so far`;
  return (
    <div className="mcp-progress" data-testid="call-progress" data-progress={p.progress} data-total={p.total}>
      <progress max={known ? p.total : undefined} value={known ? p.progress : undefined} aria-label={`Progress: ${words}`} />
      <span className="mcp-progress-text">
        {pct !== undefined ? `${pct}% · ` : ''}
        {words}
        {p.message ? ` · ${p.message}` : ''}
      </span>
    </div>
  );
}
