import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../common/Button';
import { KIND_LABELS, newDraft, type CheckDraft, type CheckKind } from './assertion-drafts';
import styles from './AssertionEditor.module.css';
import authoringStyles from './authoring.module.css';

const KINDS = Object.keys(KIND_LABELS) as CheckKind[];

/**
 * The checks of a saved request, one row each: what kind, where (a JSON path), and what is expected.
 * A collection run passes a request when every check passes (with none, when the call succeeds).
 */
export function AssertionEditor({ drafts, onChange, idPrefix }: { drafts: CheckDraft[]; onChange(d: CheckDraft[]): void; idPrefix: string }) {
  const update = (id: number, patch: Partial<CheckDraft>) => onChange(drafts.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  return (
    <div className={styles.checks} data-testid="assertion-editor">
      {drafts.length === 0 && <p className={`field-help ${styles.checksEmpty}`}>No checks: the request passes when the call succeeds.</p>}
      <ol className={styles.checkList}>
        {drafts.map((d, i) => (
          <CheckRow key={d.id} n={i + 1} draft={d} idPrefix={`${idPrefix}-${d.id}`} onChange={(p) => update(d.id, p)} onRemove={() => onChange(drafts.filter((x) => x.id !== d.id))} />
        ))}
      </ol>
      <Button size="sm" icon={<Plus size={12} />} onClick={() => onChange([...drafts, newDraft('equals')])} data-testid="check-add">
        Add a check
      </Button>
    </div>
  );
}

/**
 * How a check's path is written, as src-main/qa/result-paths.ts resolves it: the call's outcome first, then
 * the result as shown. `pick`: also say that a value can be picked from a result.
 */
export function PathsHint({ pick }: { pick?: boolean }) {
  return (
    <p className="field-help checks-paths" data-testid="checks-paths-hint">
      <strong>Paths</strong> name a field as the result shows it (<code>cost_usd</code>, <code>items.0.id</code>) or from the call’s
      outcome (<code>data.cost_usd</code>, <code>text</code>, <code>error.code</code>). Where both have a field by one name, the
      outcome’s comes first: write <code>data.text</code> for the result’s own <code>text</code>.
      {pick && <> To check a value without typing its path, click it in the result and choose <strong>Check this</strong>.</>}
    </p>
  );
}

function CheckRow({ n, draft: d, idPrefix, onChange, onRemove }: { n: number; draft: CheckDraft; idPrefix: string; onChange(p: Partial<CheckDraft>): void; onRemove(): void }) {
  const id = (what: string) => `${idPrefix}-${what}`;
  const usesPath = d.kind !== 'succeeds' && d.kind !== 'fails';
  const pathRequired = d.kind === 'number' || d.kind === 'exists';
  return (
    <li className={styles.checkRow} data-testid="check-row" data-kind={d.kind}>
      <div className={styles.checkLine}>
        <span className={authoringStyles.checkN} aria-hidden="true">{n}</span>
        <label className="sr-only" htmlFor={id('kind')}>Check {n}: kind</label>
        <select id={id('kind')} className={`input input-sm ${styles.checkKind}`} value={d.kind} onChange={(e) => onChange({ kind: e.target.value as CheckKind })} data-testid="check-kind">
          {KINDS.map((k) => (
            <option key={k} value={k}>{KIND_LABELS[k]}</option>
          ))}
        </select>
        {usesPath && (
          <>
            <label className={styles.checkAt} htmlFor={id('path')}>at</label>
            <input
              id={id('path')}
              className={`input input-sm mono ${styles.checkPath}`}
              value={d.path}
              onChange={(e) => onChange({ path: e.target.value })}
              placeholder={pathRequired ? 'data.cost_usd' : 'the whole result'}
              spellCheck={false}
              aria-label={`Check ${n}: JSON path`}
              data-testid="check-path"
            />
          </>
        )}
        <span className="spacer" />
        <IconButton size="sm" tone="danger" label={`Remove check ${n}`} icon={<Trash2 size={12} />} onClick={onRemove} data-testid="check-remove" />
      </div>
      <CheckFields d={d} id={id} n={n} onChange={onChange} />
    </li>
  );
}

function CheckFields({ d, id, n, onChange }: { d: CheckDraft; id(what: string): string; n: number; onChange(p: Partial<CheckDraft>): void }) {
  switch (d.kind) {
    case 'succeeds':
    case 'fails':
      return null;
    case 'equals':
      return (
        <div className={styles.checkFields}>
          <label className="field-label" htmlFor={id('value')}>Expected value</label>
          <textarea id={id('value')} className={`input mono ${styles.checkValue}`} rows={Math.min(8, Math.max(1, d.value.split('\n').length))} value={d.value} onChange={(e) => onChange({ value: e.target.value })} spellCheck={false} data-testid="check-value" />
          <span className="field-help">JSON (<code>150000</code>, <code>{'{"gas_limit": 150000}'}</code>, <code>"30"</code>), or plain text.</span>
          <label className="field-label" htmlFor={id('ignore')}>Leave out these fields</label>
          <input id={id('ignore')} className="input input-sm mono" value={d.ignore} onChange={(e) => onChange({ ignore: e.target.value })} placeholder="data.timestamp, data.items.*.id" spellCheck={false} data-testid="check-ignore" />
          <Within d={d} id={id} label="Numbers may differ by" onChange={onChange} />
        </div>
      );
    case 'number':
      return (
        <div className={`${styles.checkFields} ${styles.checkNumber}`}>
          <label className="field-label" htmlFor={id('value')}>Expected number</label>
          <input id={id('value')} className="input input-sm mono" inputMode="decimal" value={d.value} onChange={(e) => onChange({ value: e.target.value })} placeholder="13.5" data-testid="check-value" />
          <Within d={d} id={id} label="give or take" onChange={onChange} />
        </div>
      );
    case 'contains':
      return (
        <div className={styles.checkFields}>
          <label className="field-label" htmlFor={id('value')}>Text, or an item of a list</label>
          <input id={id('value')} className="input input-sm mono" value={d.value} onChange={(e) => onChange({ value: e.target.value })} placeholder="Hello" spellCheck={false} data-testid="check-value" />
        </div>
      );
    case 'matches':
      return (
        <div className={styles.checkFields}>
          <label className="field-label" htmlFor={id('pattern')}>Regular expression</label>
          <input id={id('pattern')} className="input input-sm mono" value={d.pattern} onChange={(e) => onChange({ pattern: e.target.value })} placeholder="^\d{4}-\d{2}-\d{2}" spellCheck={false} data-testid="check-pattern" />
        </div>
      );
    case 'exists':
      return (
        <div className={styles.checkFields}>
          <label className={styles.checkExists}>
            <input type="checkbox" checked={!d.exists} onChange={(e) => onChange({ exists: !e.target.checked })} aria-label={`Check ${n}: the field must not exist`} /> It must not exist
          </label>
        </div>
      );
  }
}

/** How far numbers may be off: a difference, or a fraction of the larger (either is enough). */
function Within({ d, id, label, onChange }: { d: CheckDraft; id(what: string): string; label: string; onChange(p: Partial<CheckDraft>): void }) {
  return (
    <span className={styles.checkWithin}>
      <label htmlFor={id('abs')}>{label}</label>
      <input id={id('abs')} className="input input-sm mono" inputMode="decimal" value={d.abs} onChange={(e) => onChange({ abs: e.target.value })} placeholder="0.5" data-testid="check-abs" />
      <label htmlFor={id('rel')}>or a fraction</label>
      <input id={id('rel')} className="input input-sm mono" inputMode="decimal" value={d.rel} onChange={(e) => onChange({ rel: e.target.value })} placeholder="0.05 = 5%" data-testid="check-rel" />
    </span>
  );
}
