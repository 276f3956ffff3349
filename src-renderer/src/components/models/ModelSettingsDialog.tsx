import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ModelProfileView } from '@contract';
import { useCommand, useQuery } from '../../data';
import { useChatStore } from '../../store/chat-store';
import { Dialog } from '../common/Dialog';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { AgentHostsList } from './AgentHostsList';
import { ModelProfileForm } from './ModelProfileForm';
import { ToolPolicies } from './ToolPolicies';
import styles from './ModelSettingsDialog.module.css';

/** Where a profile's server is, in a few words. */
function hostOf(p: ModelProfileView): string {
  try {
    return new URL(p.baseUrl ?? (p.provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1')).host;
  } catch {
    return p.baseUrl ?? '';
  }
}

function KeyPill({ p }: { p: ModelProfileView }) {
  if (p.apiKeyEnv) return <span className="pill pill-muted" title={p.keySource}>key from {p.apiKeyEnv}</span>;
  if (p.keySaved) return <span className="pill pill-ok" title={p.keySource}>key saved</span>;
  return <span className="pill pill-muted" title={p.keySource}>no key saved</span>;
}

function ProfileRow({ p, inUse, onEdit }: { p: ModelProfileView; inUse: boolean; onEdit(): void }) {
  const [confirming, setConfirming] = useState(false);
  const use = useCommand('setActiveModel', { invalidates: ['getModelSettings'], toast: 'Could not change the model in use' });
  const remove = useCommand('deleteModelProfile', { invalidates: ['getModelSettings'], toast: 'Could not remove the model' });
  const name = p.label ?? p.model;
  return (
    <li className={styles.profile} data-testid="model-profile" data-in-use={inUse}>
      <label className={styles.profileUse}>
        <input type="radio" name="model-in-use" checked={inUse} onChange={() => void use.run(p.id)} disabled={use.busy} />
        <span className={styles.profileText}>
          <span className={styles.profileName}>{name}</span>
          <span className={styles.profileMeta}>
            <span className="mono">{p.model}</span> · {hostOf(p)} · {p.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'}
          </span>
        </span>
      </label>
      <KeyPill p={p} />
      {confirming ? (
        <span className={styles.confirm} role="group" aria-label={`Remove ${name}?`}>
          <span>Remove?</span>
          <Button size="sm" variant="danger" onClick={() => void remove.run(p.id)} busy={remove.busy} data-testid="model-remove-yes">Remove</Button>
          <Button size="sm" variant="ghost" worksOffline onClick={() => setConfirming(false)}>Keep</Button>
        </span>
      ) : (
        <>
          <IconButton size="sm" label={`Change ${name}`} icon={<Pencil size={13} />} onClick={onEdit} data-testid="model-edit" />
          <IconButton size="sm" tone="danger" label={`Remove ${name}`} icon={<Trash2 size={13} />} onClick={() => setConfirming(true)} data-testid="model-remove" />
        </>
      )}
    </li>
  );
}

/** The app's models: the profiles, the one in use, and a form to add or change one. Opened from the sidebar and the chats. */
export function ModelSettingsDialog() {
  const open = useChatStore((s) => s.modelsOpen);
  const setOpen = useChatStore((s) => s.setModelsOpen);
  return open ? <ModelSettings onClose={() => setOpen(false)} /> : null;
}

function ModelSettings({ onClose }: { onClose(): void }) {
  const settings = useQuery('getModelSettings', []);
  /** The profile being changed, 'new' for one being added, null for none. */
  const [editing, setEditing] = useState<string | null>(null);
  const profiles = settings.data?.profiles ?? [];
  const shownForm = editing ?? (settings.data && !profiles.length ? 'new' : null);
  const edited = profiles.find((p) => p.id === shownForm);

  return (
    <Dialog
      open
      size="medium"
      onClose={onClose}
      title="Models"
      labelId="models-title"
      footer={<Button worksOffline variant="ghost" onClick={onClose} data-testid="models-close">Close</Button>}
    >
      <div className={styles.models} data-testid="models-dialog">
        <p className="field-help">
          The Chat tabs send your messages to the model in use, with the skill’s tools. Any OpenAI-compatible server works
          (OpenAI, OpenRouter, Ollama, LM Studio, llama.cpp, vLLM), and Anthropic. Keys stay in the workbench: skills never see them.
        </p>
        {settings.loading && !settings.data && <div className="panel-loading"><Spinner /> Reading the models…</div>}
        {settings.error && <ErrorNote title="The models could not be read" message={settings.error} />}
        {profiles.length > 0 && (
          <fieldset className={styles.profilesBox}>
            <legend className="field-label">Model in use</legend>
            <ul className={styles.profiles} aria-label="Models">
              {profiles.map((p) => (
                <ProfileRow key={p.id} p={p} inUse={p.id === settings.data?.inUse} onEdit={() => setEditing(p.id)} />
              ))}
            </ul>
          </fieldset>
        )}
        {shownForm ? (
          <ModelProfileForm key={shownForm} profile={edited} onDone={() => setEditing(null)} onCancel={() => (profiles.length ? setEditing(null) : onClose())} />
        ) : (
          settings.data && (
            <div>
              <Button icon={<Plus size={13} />} onClick={() => setEditing('new')} data-testid="model-add">Add a model</Button>
            </div>
          )
        )}
        <ToolPolicies />
        <AgentHostsList />
      </div>
    </Dialog>
  );
}
