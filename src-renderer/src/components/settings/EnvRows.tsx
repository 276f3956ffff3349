import { Plus, Trash2 } from 'lucide-react';
import { REDACTED } from '@contract';
import { Button, IconButton } from '../common/Button';
import { newRow, type EnvRow } from './process-form';
import styles from './EnvRows.module.css';
import settingsStyles from './settings.module.css';
import authoringStyles from '../authoring/authoring.module.css';

/** Name / value rows with a "secret" box: a secret's value is typed here once and never shown again. */
export function EnvRows({ rows, onChange }: { rows: EnvRow[]; onChange(rows: EnvRow[]): void }) {
  const set = (i: number, patch: Partial<EnvRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={styles.envRows}>
      {rows.length > 0 && (
        <table className={`table ${settingsStyles.processEnvTable}`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Secret</th>
              <th scope="col"><span className="sr-only">Remove</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key} data-testid="process-env-row" data-name={r.name}>
                <td>
                  <input className="input input-sm mono" aria-label="Variable name" placeholder="NAME" value={r.name} spellCheck={false} onChange={(e) => set(i, { name: e.target.value })} data-testid="process-env-name" />
                </td>
                <td className={authoringStyles.envValue}>
                  <input
                    className="input input-sm mono"
                    type={r.secret ? 'password' : 'text'}
                    autoComplete="off"
                    spellCheck={false}
                    aria-label={`Value of ${r.name || 'the variable'}`}
                    placeholder={r.secret && r.storedAs ? `${REDACTED} (kept; type to replace)` : 'value'}
                    value={r.value}
                    onChange={(e) => set(i, { value: e.target.value })}
                    data-testid="process-env-value"
                  />
                </td>
                <td className={styles.processEnvSecret}>
                  <input
                    type="checkbox"
                    checked={r.secret}
                    aria-label={`${r.name || 'This variable'} is a secret`}
                    // Turning a stored secret into a plain variable needs its value typed: it is never shown.
                    onChange={(e) => set(i, e.target.checked ? { secret: true } : { secret: false, storedAs: undefined })}
                    data-testid="process-env-secret"
                  />
                </td>
                <td className={settingsStyles.envActions}>
                  <IconButton size="sm" tone="danger" label={`Remove ${r.name || 'this variable'}`} icon={<Trash2 size={12} />} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button size="sm" icon={<Plus size={12} />} onClick={() => onChange([...rows, newRow()])} data-testid="process-env-add">
        Add variable
      </Button>
    </div>
  );
}
