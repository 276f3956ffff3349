import { useState } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import type { CollectionDetails } from '@contract';
import { Dialog } from '../common/Dialog';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { useCollection } from '../../data/collections';
import { setCollectionSecret, setEnvironment } from '../../actions/collections';
import { useAction } from '../../data';
// Global class names kept beside the module classes: tests select .env-saved.
import styles from './EnvironmentDialog.module.css';
import settingsStyles from '../settings/settings.module.css';
import authoringStyles from './authoring.module.css';
import agentStyles from '../agent/agent.module.css';

interface Row {
  name: string;
  value: string;
}

/** A variable's value as typed: numbers, true/false, null and JSON keep their type; anything else is text. */
function parseValue(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? text : v;
  } catch {
    return text;
  }
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A collection's environments: plain variables (written into collection.json for the team) and secrets
 * (names in the file, values in the encrypted store; set, replaced or cleared here, never shown).
 */
export function EnvironmentDialog({ skillId, collectionDir, onClose }: { skillId: string; collectionDir: string; onClose(): void }) {
  const c = useCollection(skillId, collectionDir);
  const envs = c ? Object.keys(c.environments) : [];
  const [env, setEnv] = useState(envs[0] ?? '');
  const vars = c && env ? c.environments[env] : undefined;
  const rowsOf = (v: typeof vars): Row[] => Object.entries(v ?? {}).map(([name, value]) => ({ name, value: shown(value) }));
  const [rows, setRows] = useState<Row[]>(() => rowsOf(vars));
  const [newEnv, setNewEnv] = useState('');
  const [saved, setSaved] = useState(false);
  const { busy, error, act } = useAction();

  // Another environment, or its variables changed in the store: the rows start again from them.
  const [rowsFor, setRowsFor] = useState({ env, vars });
  if (rowsFor.env !== env || rowsFor.vars !== vars) {
    setRowsFor({ env, vars });
    setRows(rowsOf(vars));
    setSaved(false);
  }

  const apply = async (fn: () => Promise<CollectionDetails>) => {
    return !!(await act(fn));
  };

  const saveVars = async () => {
    const named = rows.filter((r) => r.name.trim());
    const ok = await apply(() => setEnvironment(skillId, collectionDir, env, Object.fromEntries(named.map((r) => [r.name.trim(), parseValue(r.value)]))));
    setSaved(ok);
  };

  const addEnv = async () => {
    const name = newEnv.trim();
    if (!name) return;
    if (await apply(() => setEnvironment(skillId, collectionDir, name, c?.environments[name] ?? {}))) {
      setEnv(name);
      setNewEnv('');
    }
  };

  if (!c) return null;
  return (
    <Dialog size="wide" open onClose={onClose} title={`Variables of “${c.name}”`} labelId="env-dialog-title" footer={<Button worksOffline variant="primary" onClick={onClose}>Done</Button>}>
      <div className={`${authoringStyles.wideDialog} env-dialog`} data-testid="env-dialog">
        <p className={`field-help ${styles.envIntro}`}>
          Requests use variables as <code>{'{{name}}'}</code>. Plain variables are saved in the collection’s files for the team; secret values stay in
          this workbench’s encrypted store and are never shown again.
        </p>
        <div className={styles.envTabs} role="tablist" aria-label="Environments">
          {envs.map((e) => (
            <button key={e} type="button" role="tab" aria-selected={e === env} className={`${styles.envTab}${e === env ? ' active' : ''}`} onClick={() => setEnv(e)} data-testid="env-tab">
              {e}
            </button>
          ))}
          <form
            className={styles.envNew}
            onSubmit={(e) => {
              e.preventDefault();
              void addEnv();
            }}
          >
            <input className="input input-sm" placeholder={envs.length ? 'New environment' : 'First environment, e.g. dev'} value={newEnv} onChange={(e) => setNewEnv(e.target.value)} aria-label="New environment name" data-testid="env-new-name" />
            <Button size="sm" type="submit" icon={<Plus size={12} />} disabled={!newEnv.trim() || busy} data-testid="env-new-add">Add</Button>
          </form>
        </div>
        {error && <ErrorNote message={error} />}
        {env && (
          <>
            <h3 className={styles.envSectionTitle}>Variables</h3>
            <table className={`table ${styles.envTable}`}>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    <td>
                      <input className="input input-sm mono" aria-label="Variable name" placeholder="name" value={r.name} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} data-testid="env-var-name" />
                    </td>
                    <td className={authoringStyles.envValue}>
                      <input className="input input-sm mono" aria-label={`Value of ${r.name || 'the variable'}`} placeholder="value" value={r.value} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} data-testid="env-var-value" />
                    </td>
                    <td className={settingsStyles.envActions}>
                      <IconButton worksOffline size="sm" tone="danger" label={`Remove ${r.name || 'this variable'}`} icon={<Trash2 size={12} />} onClick={() => setRows(rows.filter((_, j) => j !== i))} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className={`button-row ${styles.envButtons}`}>
              <Button worksOffline size="sm" icon={<Plus size={12} />} onClick={() => setRows([...rows, { name: '', value: '' }])} data-testid="env-var-add">Add variable</Button>
              <span className="spacer" />
              {saved && <span className={`${styles.envSaved} env-saved`} role="status">Saved</span>}
              <Button size="sm" variant="primary" onClick={() => void saveVars()} disabled={busy} data-testid="env-save">Save variables</Button>
            </div>
            <h3 className={styles.envSectionTitle}><KeyRound size={13} aria-hidden="true" /> Secrets</h3>
            <SecretRows skillId={skillId} c={c} env={env} apply={apply} busy={busy} />
            <div className={styles.envDanger}>
              <Button size="sm" variant="ghost" icon={<Trash2 size={12} />} onClick={() => void apply(() => setEnvironment(skillId, collectionDir, env, null)).then((ok) => ok && setEnv(envs.find((e) => e !== env) ?? ''))}>
                Remove environment “{env}”
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function SecretRows({ skillId, c, env, apply, busy }: {
  skillId: string;
  c: CollectionDetails;
  env: string;
  apply(fn: () => Promise<CollectionDetails>): Promise<boolean>;
  busy: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [newName, setNewName] = useState('');
  const set = async (name: string, value: string | null) => {
    if (await apply(() => setCollectionSecret(skillId, c.dir, env, name, value))) {
      setValues((v) => ({ ...v, [name]: '' }));
      if (name === newName.trim()) setNewName('');
    }
  };
  const names = [...c.secrets];
  return (
    <table className={`table ${styles.envTable}`}>
      <tbody>
        {names.map((name) => {
          const isSet = !!c.secretsSet[env]?.[name];
          return (
            <tr key={name} data-testid="secret-row" data-name={name}>
              <td className={`mono ${agentStyles.secretName}`}>{name}</td>
              <td>
                <span className={`pill ${isSet ? 'pill-ok' : 'pill-muted'}`} data-testid="secret-status">{isSet ? 'set' : 'not set'}</span>
              </td>
              <td className={authoringStyles.envValue}>
                <input type="password" autoComplete="off" className="input input-sm" placeholder={isSet ? 'Replace the value' : 'Value'} aria-label={`Value of the secret ${name}`} value={values[name] ?? ''} onChange={(e) => setValues({ ...values, [name]: e.target.value })} data-testid="secret-value" />
              </td>
              <td className={settingsStyles.envActions}>
                <Button size="sm" disabled={!values[name] || busy} onClick={() => void set(name, values[name])} data-testid="secret-set">Set</Button>
                {isSet && <Button size="sm" variant="ghost" disabled={busy} onClick={() => void set(name, null)}>Clear</Button>}
              </td>
            </tr>
          );
        })}
        <tr>
          <td>
            <input className="input input-sm mono" placeholder="new secret name" aria-label="New secret name" value={newName} onChange={(e) => setNewName(e.target.value)} data-testid="secret-new-name" />
          </td>
          <td />
          <td className={authoringStyles.envValue}>
            <input type="password" autoComplete="off" className="input input-sm" placeholder="Value" aria-label="Value of the new secret" value={values['\u0000new'] ?? ''} onChange={(e) => setValues({ ...values, '\u0000new': e.target.value })} data-testid="secret-new-value" />
          </td>
          <td className={settingsStyles.envActions}>
            <Button
              size="sm"
              icon={<Plus size={12} />}
              disabled={!newName.trim() || !values['\u0000new'] || busy}
              onClick={() => {
                void set(newName.trim(), values['\u0000new']).then(() => setValues((v) => ({ ...v, '\u0000new': '' })));
              }}
              data-testid="secret-new-add"
            >
              Add
            </Button>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
