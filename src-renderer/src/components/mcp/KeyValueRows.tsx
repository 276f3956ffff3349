import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../common/Button';
import mcpStyles from './mcp.module.css';

export interface KeyValue {
  key: string;
  value: string;
}

/** Name / value rows (a server's environment variables or HTTP headers). */
export function KeyValueRows({ rows, onChange, what, testId }: { rows: KeyValue[]; onChange(rows: KeyValue[]): void; what: string; testId: string }) {
  const set = (i: number, patch: Partial<KeyValue>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={mcpStyles.mcpKv} data-testid={testId}>
      {rows.map((r, i) => (
        <div className={mcpStyles.mcpRootRow} key={i}>
          <input className="input input-sm mono" aria-label={`${what} name ${i + 1}`} placeholder="NAME" spellCheck={false} value={r.key} onChange={(e) => set(i, { key: e.target.value })} />
          <input className="input input-sm mono" aria-label={`${what} value ${i + 1}`} placeholder="value" spellCheck={false} value={r.value} onChange={(e) => set(i, { value: e.target.value })} />
          <IconButton size="sm" tone="danger" label={`Remove ${r.key || `${what.toLowerCase()} ${i + 1}`}`} icon={<Trash2 size={12} />} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button size="sm" icon={<Plus size={12} />} onClick={() => onChange([...rows, { key: '', value: '' }])}>Add {what.toLowerCase()}</Button>
    </div>
  );
}

export function recordOf(rows: KeyValue[]): Record<string, string> | undefined {
  const kept = rows.filter((r) => r.key.trim());
  return kept.length ? Object.fromEntries(kept.map((r) => [r.key.trim(), r.value])) : undefined;
}
