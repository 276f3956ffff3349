import { useState } from 'react';
import { Send, Sparkles, X } from 'lucide-react';
import type { McpContentBlock, McpPendingRequest, McpSamplingAnswer, McpSamplingDraft } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { JsonTree } from '../common/JsonTree';
import { ContentBlock } from './ContentBlock';
// Global class names kept beside the module classes: tests select .result-text.
import styles from './SamplingForm.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';

type Sampling = Extract<McpPendingRequest, { kind: 'sampling' }>;

/** What a draft took, in words: "Drafted by m in 0.4 s (12 tokens in, 3 out)." */
function draftNote(d: McpSamplingDraft): string {
  const u = d.usage;
  const tokens = u.inputTokens !== undefined ? `, ${u.inputTokens} tokens in, ${u.outputTokens ?? '?'} out` : '';
  return `Drafted by ${d.answer.model} in ${(d.durationMs / 1000).toFixed(1)} s${tokens}. Edit it if you like: nothing is sent until you send it.`;
}

/**
 * A server asking for a model's answer: the request in full, and a box to answer it by hand, or with the app's
 * model (its draft shown to send as it is or edited, and "always" for this server), or Decline.
 */
export function SamplingForm({ request, busy, onAnswer }: { request: Sampling; busy: boolean; onAnswer(a: McpSamplingAnswer): void }) {
  const r = request.request;
  const [text, setText] = useState('');
  const [model, setModel] = useState('human');
  const [draft, setDraft] = useState<McpSamplingDraft | null>(null);
  const [always, setAlways] = useState(false);
  const setup = useQuery('mcpSamplingSetup', [request.skillId]).data;
  const drafter = useCommand('mcpSamplingDraft');
  const setMode = useCommand('mcpSetSamplingMode', { invalidates: ['mcpSamplingSetup'], scope: request.skillId });
  const draftText = draft?.answer.content.type === 'text' ? draft.answer.content.text : null;
  const askModel = async () => {
    const d = await drafter.run(request.requestId);
    if (!d) return;
    setDraft(d);
    setText(d.answer.content.type === 'text' ? d.answer.content.text : '');
    setModel(d.answer.model ?? setup?.model ?? 'human');
  };
  const send = async () => {
    // The model's reason to stop goes with its answer as drafted; an edited answer ends where the user ended it.
    const stopReason = draft && text === draftText ? draft.answer.stopReason : undefined;
    if (always && !(await setMode.run(request.skillId, 'always'))) return;
    onAnswer({ action: 'answer', role: 'assistant', content: { type: 'text', text }, model: model.trim() || 'human', ...(stopReason ? { stopReason } : {}) });
  };
  const hints = r.modelPreferences?.hints?.map((h) => h.name).filter(Boolean) ?? [];
  const facts: [string, string][] = [
    ['Longest answer', `${r.maxTokens} tokens`],
    ...(r.temperature !== undefined ? [['Temperature', String(r.temperature)] as [string, string]] : []),
    ...(r.stopSequences?.length ? [['Stop at', r.stopSequences.join(', ')] as [string, string]] : []),
    ...(r.includeContext ? [['Context asked for', r.includeContext] as [string, string]] : []),
    ...(hints.length ? [['Models it prefers', hints.join(', ')] as [string, string]] : []),
  ];
  const id = `sampling-${request.requestId}`;
  return (
    <form
      className={styles.mcpSampling}
      data-testid="sampling-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void send();
      }}
    >
      <p className={setupStyles.setupStepDesc}>
        The server asks for what a language model would answer. Write the answer yourself{setup?.model ? `, have ${setup.model} draft it` : ''}, or decline.
      </p>
      {r.systemPrompt && (
        <div className={`${mcpStyles.mcpMessage} role-system`}>
          <div className={mcpStyles.mcpMessageRole}>System prompt</div>
          <pre className={`${toolsStyles.resultText} result-text`} data-testid="sampling-system" tabIndex={0}>{r.systemPrompt}</pre>
        </div>
      )}
      {r.messages.map((m, i) => (
        <div key={i} className={`${mcpStyles.mcpMessage} role-${m.role}`} data-testid="sampling-message">
          <div className={mcpStyles.mcpMessageRole}>{m.role === 'user' ? 'User' : 'Assistant'}</div>
          {(Array.isArray(m.content) ? m.content : [m.content]).map((b: McpContentBlock, j) => <ContentBlock key={j} skillId={request.skillId} block={b} />)}
        </div>
      ))}
      <dl className={styles.mcpFacts}>
        {facts.map(([k, v]) => (
          <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      <details className="disclosure">
        <summary>The whole request</summary>
        <JsonTree value={r} label="Sampling request" expandDepth={3} />
      </details>
      <div className={styles.samplingModel}>
        <Button
          icon={<Sparkles size={13} />}
          onClick={() => void askModel()}
          busy={drafter.busy}
          disabled={busy || !setup?.model}
          title={setup?.model ? undefined : 'No model is configured: add one in the app’s model settings.'}
          data-testid="sampling-ask-model"
        >
          {setup?.model ? `Answer with ${setup.model}` : 'Answer with a model'}
        </Button>
        {!setup?.model && setup && <span className="muted small">No model is configured: add one in the app’s model settings.</span>}
        {draft && <span className="muted small" role="status" data-testid="sampling-draft-note">{draftNote(draft)}</span>}
      </div>
      {drafter.error && <ErrorNote title="The model did not answer" message={drafter.error} />}
      {setMode.error && <ErrorNote message={setMode.error} />}
      <label className="field-label" htmlFor={`${id}-answer`}>{draft ? 'The answer to send' : 'Your answer'}</label>
      <textarea id={`${id}-answer`} className={`input ${styles.mcpAnswer}`} rows={4} value={text} onChange={(e) => setText(e.target.value)} data-testid="sampling-answer" />
      <label className="field-label" htmlFor={`${id}-model`}>Model named in the answer</label>
      <input id={`${id}-model`} className="input" value={model} onChange={(e) => setModel(e.target.value)} spellCheck={false} />
      {setup?.model && (
        <label className={styles.samplingAlways}>
          <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} data-testid="sampling-always" /> From now on, answer this server’s sampling with {setup.model} at once
        </label>
      )}
      <div className={setupStyles.setupActions}>
        <Button type="button" icon={<X size={13} />} onClick={() => onAnswer({ action: 'decline' })} disabled={busy} data-testid="sampling-decline">Decline</Button>
        <span className="spacer" />
        <Button type="submit" variant="primary" icon={<Send size={13} />} busy={busy || setMode.busy} disabled={!text.trim() || drafter.busy} data-testid="sampling-send">Send answer</Button>
      </div>
    </form>
  );
}
