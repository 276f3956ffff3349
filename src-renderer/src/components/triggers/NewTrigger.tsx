import { useMemo, useRef, useState } from 'react';
import { Plus, Save } from 'lucide-react';
import type { TriggerInput, TriggerInstance, TriggerType } from '@contract';
import { Button } from '../common/Button';
import { ArgsForm, type ArgsFormHandle } from '../form/ArgsForm';
import { conditionWords, draftCondition, draftOf, newDraft, OPERATORS, type ConditionDraft } from './condition-words';
// Global class names kept beside the module classes: .trigger-new is styled in its context by setup.module.css.
import styles from './NewTrigger.module.css';
import setupStyles from '../setup/setup.module.css';

const hasFields = (schema: Record<string, unknown>) => !!schema.properties && Object.keys(schema.properties).length > 0;

/**
 * Registering a trigger, or changing one (`editing`): its type, a name, one condition on a field the type
 * declares (a number compared, a text containing words or matching a pattern), and the type's settings as a
 * form built from its config schema. A trigger whose conditions are more than one leaf keeps them as they are.
 */
export function NewTrigger({ types, busy, idPrefix, onCreate, editing, onCancel }: {
  types: TriggerType[];
  busy: boolean;
  idPrefix: string;
  onCreate(input: TriggerInput): Promise<boolean>;
  editing?: TriggerInstance;
  onCancel?(): void;
}) {
  const [typeName, setTypeName] = useState(editing?.type ?? types[0]?.type ?? '');
  const kind = types.find((t) => t.type === typeName) ?? types[0];
  const [name, setName] = useState(editing?.name ?? '');
  const kept = editing && !draftOf(editing.conditions) ? editing.conditions : null;
  const [draft, setDraft] = useState<ConditionDraft>(() => (editing && draftOf(editing.conditions)) || newDraft(kind?.conditionFields ?? []));
  const [config, setConfig] = useState<unknown>(editing?.config ?? {});
  const [tried, setTried] = useState(false);
  const form = useRef<ArgsFormHandle>(null);
  const condition = draftCondition(draft);
  const field = kind?.conditionFields.find((f) => f.name === draft.field);
  const fieldType = field?.type;
  const fieldHelp = field?.description ? `${field.name}: ${field.description}` : '';
  const configured = useMemo(() => (kind ? hasFields(kind.configSchema) : false), [kind]);
  if (!kind) return null;

  const pickType = (t: string) => {
    const next = types.find((x) => x.type === t);
    setTypeName(t);
    setDraft(newDraft(next?.conditionFields ?? []));
    setConfig({});
  };
  const set = (patch: Partial<ConditionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const nameProblem = name.trim() ? null : 'Give the trigger a name, so that you can tell it apart.';

  const submit = async () => {
    setTried(true);
    if (nameProblem || (!kept && typeof condition === 'string')) return;
    if (configured && form.current && !form.current.validateForm()) return;
    const conditions = kept ?? [condition as Exclude<typeof condition, string>];
    const made = await onCreate({ type: kind.type, name, conditions, config: (config ?? {}) as Record<string, unknown> });
    if (made && !editing) {
      setName('');
      setDraft(newDraft(kind.conditionFields));
      setConfig({});
      setTried(false);
    }
  };

  const id = (part: string) => `${idPrefix}-${part}`;
  return (
    <section className={`${styles.triggerNew} trigger-new`} aria-labelledby={id('title')} data-testid={editing ? 'edit-trigger' : 'new-trigger'}>
      <h3 id={id('title')} className={setupStyles.setupConfigTitle}>{editing ? `Change "${editing.name}"` : 'Register a trigger'}</h3>
      <div className={setupStyles.setupFields}>
        {types.length > 1 && !editing && (
          <div className="setup-field">
            <label className="field-label" htmlFor={id('type')}>Type</label>
            <select id={id('type')} className="input" value={kind.type} onChange={(e) => pickType(e.target.value)}>
              {types.map((t) => <option key={t.type} value={t.type}>{t.label}</option>)}
            </select>
          </div>
        )}
        <p className={`field-help ${styles.triggerTypeDesc}`}><strong>{kind.label}</strong>{kind.description ? `: ${kind.description}` : ''}</p>
        <div className="setup-field">
          <label className="field-label" htmlFor={id('name')}>Name</label>
          <input id={id('name')} className="input" value={name} placeholder="For example: Big orders" onChange={(e) => setName(e.target.value)} aria-invalid={tried && !!nameProblem} />
          {tried && nameProblem && <p className="field-error" role="alert">{nameProblem}</p>}
        </div>
        {kept ? (
          <p className="field-help">Fires when {kept.map(conditionWords).join(', and ')} (kept as it is: the form changes one condition at a time).</p>
        ) : (
        <fieldset className={styles.triggerCondition}>
          <legend className="field-label">Fires when</legend>
          <div className={styles.triggerConditionRow}>
            <label className="sr-only" htmlFor={id('field')}>Field</label>
            <select id={id('field')} className="input" value={draft.field} onChange={(e) => {
              const f = kind.conditionFields.find((x) => x.name === e.target.value);
              set({ field: e.target.value, kind: f?.type === 'number' || f?.type === 'integer' ? 'threshold' : 'keyword' });
            }}>
              {kind.conditionFields.map((f) => <option key={f.name} value={f.name}>{f.name}</option>)}
            </select>
            <label className="sr-only" htmlFor={id('kind')}>Test</label>
            <select id={id('kind')} className="input" value={draft.kind === 'threshold' ? draft.operator : draft.kind} onChange={(e) => {
              const v = e.target.value;
              if (v === 'keyword' || v === 'regex') set({ kind: v });
              else set({ kind: 'threshold', operator: v });
            }}>
              {(fieldType === 'number' || fieldType === 'integer' || !fieldType) && OPERATORS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              <option value="keyword">contains any of</option>
              <option value="regex">matches the pattern</option>
            </select>
            {draft.kind === 'threshold' && (
              <><label className="sr-only" htmlFor={id('value')}>Number</label>
              <input id={id('value')} className={`input ${styles.triggerValue}`} inputMode="decimal" value={draft.value} placeholder="100" onChange={(e) => set({ value: e.target.value })} /></>
            )}
            {draft.kind === 'keyword' && (
              <><label className="sr-only" htmlFor={id('words')}>Words, separated by commas</label>
              <input id={id('words')} className="input" value={draft.keywords} placeholder="word, another" onChange={(e) => set({ keywords: e.target.value })} /></>
            )}
            {draft.kind === 'regex' && (
              <><label className="sr-only" htmlFor={id('pattern')}>Pattern</label>
              <input id={id('pattern')} className="input mono" value={draft.pattern} placeholder="^A" onChange={(e) => set({ pattern: e.target.value })} /></>
            )}
          </div>
          {fieldHelp && <p className="field-help">{fieldHelp}</p>}
          {tried && typeof condition === 'string' && <p className="field-error" role="alert">{condition}</p>}
        </fieldset>
        )}
        {configured && (
          <div className={styles.triggerConfigForm}>
            <h4 className="field-label">Settings</h4>
            <ArgsForm ref={form} schema={kind.configSchema} value={config} onChange={setConfig} idPrefix={id('config')} liveValidate={tried} onRun={() => void submit()} />
          </div>
        )}
      </div>
      <div className={setupStyles.setupActions}>
        <span className="spacer" />
        {editing && onCancel && <Button onClick={onCancel} disabled={busy}>Cancel</Button>}
        {editing ? (
          <Button variant="primary" icon={<Save size={14} />} busy={busy} onClick={() => void submit()} data-testid="save-trigger">Save changes</Button>
        ) : (
          <Button variant="primary" icon={<Plus size={14} />} busy={busy} onClick={() => void submit()} data-testid="register-trigger">Register trigger</Button>
        )}
      </div>
    </section>
  );
}
