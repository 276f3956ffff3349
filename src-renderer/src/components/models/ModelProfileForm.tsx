import { useState } from 'react';
import { ListRestart, Trash2 } from 'lucide-react';
import type { ModelConfig, ModelProfile, ModelProfileView, ModelProvider } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { KeyCheck } from './KeyCheck';
import { MODEL_PRESETS, presetOf } from './model-presets';
import { useDomId } from '../../lib/use-dom-id';
import styles from './ModelProfileForm.module.css';

interface Draft {
  label: string;
  preset: string;
  provider: ModelProvider;
  baseUrl: string;
  model: string;
  keyWay: 'store' | 'env';
  key: string;
  apiKeyEnv: string;
  maxSteps: string;
  priceIn: string;
  priceOut: string;
}

function draftOf(p: ModelProfileView | undefined): Draft {
  const first = MODEL_PRESETS[0];
  if (!p) return { label: '', preset: first.id, provider: first.provider, baseUrl: first.baseUrl, model: '', keyWay: 'store', key: '', apiKeyEnv: '', maxSteps: '', priceIn: '', priceOut: '' };
  return {
    label: p.label ?? '',
    preset: presetOf(p.provider, p.baseUrl)?.id ?? 'other',
    provider: p.provider,
    baseUrl: p.baseUrl ?? presetOf(p.provider, undefined)?.baseUrl ?? '',
    model: p.model,
    keyWay: p.apiKeyEnv ? 'env' : 'store',
    key: '',
    apiKeyEnv: p.apiKeyEnv ?? '',
    maxSteps: p.maxSteps ? String(p.maxSteps) : '',
    priceIn: p.price ? String(p.price.inputPerMTok) : '',
    priceOut: p.price ? String(p.price.outputPerMTok) : '',
  };
}

/** A text as a number where it is one; undefined for an empty text; NaN for anything else. */
function numberOf(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** Adding or changing one model: where its server is, which model, where its key comes from, its step cap and price. */
export function ModelProfileForm({ profile, onDone, onCancel }: { profile?: ModelProfileView; onDone(): void; onCancel(): void }) {
  const [d, setD] = useState<Draft>(() => draftOf(profile));
  const [listed, setListed] = useState<{ models: string[] | null } | null>(null);
  const set = (change: Partial<Draft>) => setD((cur) => ({ ...cur, ...change }));
  const saveProfile = useCommand('saveModelProfile', { invalidates: ['getModelSettings'] });
  const saveKey = useCommand('saveModelKey', { invalidates: ['getModelSettings'] });
  const removeKey = useCommand('deleteModelKey', { invalidates: ['getModelSettings'] });
  const list = useCommand('listProviderModels');
  const id = useDomId('model');
  const preset = MODEL_PRESETS.find((p) => p.id === d.preset);

  const maxSteps = numberOf(d.maxSteps);
  const priceIn = numberOf(d.priceIn);
  const priceOut = numberOf(d.priceOut);
  const stepsBad = maxSteps !== undefined && (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > 100);
  const priceBad = Number.isNaN(priceIn) || Number.isNaN(priceOut) || (priceIn === undefined) !== (priceOut === undefined);
  const ready = !!d.model.trim() && !!d.baseUrl.trim() && !stepsBad && !priceBad && (d.keyWay === 'store' || !!d.apiKeyEnv.trim());
  const config = (): ModelConfig => ({ provider: d.provider, model: d.model.trim(), baseUrl: d.baseUrl.trim(), ...(d.keyWay === 'env' && d.apiKeyEnv.trim() ? { apiKeyEnv: d.apiKeyEnv.trim() } : {}) });

  const choosePreset = (value: string) => {
    const p = MODEL_PRESETS.find((x) => x.id === value);
    setListed(null);
    set(p ? { preset: value, provider: p.provider, baseUrl: p.baseUrl } : { preset: 'other' });
  };

  const fetchList = async () => {
    setListed(null);
    const got = await list.run(config(), d.keyWay === 'store' && d.key.trim() ? d.key.trim() : undefined);
    if (got) setListed(got);
  };

  const submit = async () => {
    if (!ready) return;
    const next: ModelProfile = {
      ...config(),
      id: profile?.id ?? crypto.randomUUID(),
      ...(d.label.trim() ? { label: d.label.trim() } : {}),
      ...(maxSteps !== undefined ? { maxSteps } : {}),
      ...(priceIn !== undefined && priceOut !== undefined ? { price: { inputPerMTok: priceIn, outputPerMTok: priceOut } } : {}),
    };
    if (!(await saveProfile.run(next))) return;
    if (d.keyWay === 'store' && d.key.trim() && !(await saveKey.run(next.id, d.key.trim()))) return;
    onDone();
  };

  const error = saveProfile.error ?? saveKey.error;
  const f = (name: string) => `${id}-${name}`;
  return (
    <form
      className={styles.modelForm}
      aria-label={profile ? `Change ${profile.label ?? profile.model}` : 'Add a model'}
      data-testid="model-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className={styles.row}>
        <div className={styles.field}>
          <label className="field-label" htmlFor={f('server')}>Server</label>
          <select id={f('server')} className="input" value={d.preset} onChange={(e) => choosePreset(e.target.value)} data-testid="model-preset">
            {MODEL_PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
            <option value="other">Another server…</option>
          </select>
        </div>
        <fieldset className={styles.field}>
          <legend className="field-label">It speaks</legend>
          <div className="segmented" role="group" aria-label="Wire format">
            <button type="button" aria-pressed={d.provider === 'openai'} onClick={() => set({ provider: 'openai', preset: presetOf('openai', d.baseUrl)?.id ?? 'other' })}>OpenAI-compatible</button>
            <button type="button" aria-pressed={d.provider === 'anthropic'} onClick={() => set({ provider: 'anthropic', preset: presetOf('anthropic', d.baseUrl)?.id ?? 'other' })}>Anthropic</button>
          </div>
        </fieldset>
      </div>

      <label className="field-label" htmlFor={f('url')}>Base URL</label>
      <input
        id={f('url')}
        className="input mono"
        value={d.baseUrl}
        onChange={(e) => set({ baseUrl: e.target.value, preset: presetOf(d.provider, e.target.value)?.id ?? 'other' })}
        placeholder="http://localhost:11434/v1"
        spellCheck={false}
        data-testid="model-base-url"
      />

      <label className="field-label" htmlFor={f('model')}>Model</label>
      <div className={styles.inline}>
        <input
          id={f('model')}
          className="input mono"
          value={d.model}
          onChange={(e) => set({ model: e.target.value })}
          list={listed?.models?.length ? f('models') : undefined}
          placeholder={preset?.example ?? 'the model’s name'}
          spellCheck={false}
          data-testid="model-name"
        />
        <Button icon={<ListRestart size={13} />} onClick={() => void fetchList()} busy={list.busy} disabled={!d.baseUrl.trim()} data-testid="model-list">
          List models
        </Button>
      </div>
      {listed?.models && (
        <datalist id={f('models')}>
          {listed.models.map((m) => <option key={m} value={m} />)}
        </datalist>
      )}
      <p className="field-help" role="status" data-testid="model-list-status">
        {list.error
          ? ''
          : listed
            ? listed.models === null
              ? 'This server does not list its models: type the name.'
              : listed.models.length
                ? `${listed.models.length} ${listed.models.length === 1 ? 'model' : 'models'} listed: pick one in the field, or type a name.`
                : 'The server listed no models.'
            : ''}
      </p>
      {list.error && <ErrorNote title="The models could not be listed" message={list.error} />}

      <fieldset className={styles.keyBox}>
        <legend className="field-label">API key</legend>
        <div className={styles.radios}>
          <label><input type="radio" name={f('key-way')} checked={d.keyWay === 'store'} onChange={() => set({ keyWay: 'store' })} /> Keep it in the workbench’s encrypted store</label>
          <label><input type="radio" name={f('key-way')} checked={d.keyWay === 'env'} onChange={() => set({ keyWay: 'env' })} data-testid="model-key-env-way" /> Read it from an environment variable</label>
        </div>
        {d.keyWay === 'store' ? (
          <>
            <label className="sr-only" htmlFor={f('key')}>Key</label>
            <div className={styles.inline}>
              <input
                id={f('key')}
                className="input"
                type="password"
                autoComplete="new-password"
                value={d.key}
                onChange={(e) => set({ key: e.target.value })}
                placeholder={profile?.keySaved ? 'A key is saved. Paste another to replace it' : preset?.local ? 'None needed for a server on this machine' : 'Paste the key'}
                data-testid="model-key"
              />
              {profile?.keySaved && (
                <Button icon={<Trash2 size={13} />} onClick={() => void removeKey.run(profile.id)} busy={removeKey.busy} data-testid="model-key-remove">
                  Remove key
                </Button>
              )}
            </div>
            {profile?.keySaved && <p className="field-help" data-testid="model-key-saved"><span className="pill pill-ok">saved</span> It is never shown again.</p>}
          </>
        ) : (
          <>
            <label className="sr-only" htmlFor={f('env')}>Variable</label>
            <input id={f('env')} className="input mono" value={d.apiKeyEnv} onChange={(e) => set({ apiKeyEnv: e.target.value })} placeholder={d.provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'} spellCheck={false} data-testid="model-key-env" />
            <p className="field-help">Read from the workbench’s own environment when a chat starts.</p>
          </>
        )}
        <KeyCheck
          key={`${d.provider} ${d.baseUrl} ${d.keyWay} ${d.key} ${d.apiKeyEnv}`}
          config={config}
          typedKey={d.keyWay === 'store' && d.key.trim() ? d.key.trim() : undefined}
          disabled={!d.baseUrl.trim() || (d.keyWay === 'env' && !d.apiKeyEnv.trim())}
        />
        {profile && <p className="field-help">In use now: {profile.keySource}.</p>}
        {removeKey.error && <ErrorNote message={removeKey.error} />}
      </fieldset>

      <div className={styles.row}>
        <div className={styles.field}>
          <label className="field-label" htmlFor={f('label')}>Name <span className="optional">optional</span></label>
          <input id={f('label')} className="input" value={d.label} onChange={(e) => set({ label: e.target.value })} placeholder={d.model || 'Local Ollama'} data-testid="model-label" />
        </div>
        <div className={styles.field}>
          <label className="field-label" htmlFor={f('steps')}>Steps per turn <span className="optional">optional</span></label>
          <input id={f('steps')} className="input" inputMode="numeric" value={d.maxSteps} onChange={(e) => set({ maxSteps: e.target.value })} placeholder="8" aria-invalid={stepsBad || undefined} aria-describedby={f('steps-help')} data-testid="model-max-steps" />
          <p id={f('steps-help')} className={stepsBad ? 'field-error' : 'field-help'}>{stepsBad ? 'A whole number from 1 to 100.' : 'Model requests a turn may make.'}</p>
        </div>
      </div>

      <fieldset className={styles.priceBox}>
        <legend className="field-label">Price per million tokens, in US dollars <span className="optional">optional: for the cost of each turn</span></legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label className="field-help" htmlFor={f('in')}>Input</label>
            <input id={f('in')} className="input" inputMode="decimal" value={d.priceIn} onChange={(e) => set({ priceIn: e.target.value })} placeholder="0.15" aria-invalid={priceBad || undefined} data-testid="model-price-in" />
          </div>
          <div className={styles.field}>
            <label className="field-help" htmlFor={f('out')}>Output</label>
            <input id={f('out')} className="input" inputMode="decimal" value={d.priceOut} onChange={(e) => set({ priceOut: e.target.value })} placeholder="0.60" aria-invalid={priceBad || undefined} data-testid="model-price-out" />
          </div>
        </div>
        {priceBad && <p className="field-error">Give both prices, as numbers (0.15), or neither.</p>}
      </fieldset>

      {error && <ErrorNote title="The model was not saved" message={error} />}
      <div className={styles.actions}>
        <span className="spacer" />
        <Button variant="ghost" worksOffline onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" busy={saveProfile.busy || saveKey.busy} disabled={!ready} data-testid="model-save">
          {profile ? 'Save' : 'Add model'}
        </Button>
      </div>
    </form>
  );
}
