import { useState } from 'react';
import { Send, X } from 'lucide-react';
import type { McpContentBlock, McpPendingRequest, McpSamplingAnswer } from '@contract';
import { Button } from '../common/Button';
import { JsonTree } from '../common/JsonTree';
import { ContentBlock } from './ContentBlock';
// Global class names kept beside the module classes: tests select .result-text.
import styles from './SamplingForm.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';

type Sampling = Extract<McpPendingRequest, { kind: 'sampling' }>;

/** A server asking for a model's answer: the request in full, and a box to answer it by hand (or Decline). */
export function SamplingForm({ request, busy, onAnswer }: { request: Sampling; busy: boolean; onAnswer(a: McpSamplingAnswer): void }) {
  const r = request.request;
  const [text, setText] = useState('');
  const [model, setModel] = useState('human');
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
        if (text.trim()) onAnswer({ action: 'answer', role: 'assistant', content: { type: 'text', text }, model: model.trim() || 'human' });
      }}
    >
      <p className={setupStyles.setupStepDesc}>The server asks for what a language model would answer. Write the answer yourself, or decline.</p>
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
      <label className="field-label" htmlFor={`${id}-answer`}>Your answer</label>
      <textarea id={`${id}-answer`} className={`input ${styles.mcpAnswer}`} rows={4} value={text} onChange={(e) => setText(e.target.value)} data-testid="sampling-answer" />
      <label className="field-label" htmlFor={`${id}-model`}>Model named in the answer</label>
      <input id={`${id}-model`} className="input" value={model} onChange={(e) => setModel(e.target.value)} spellCheck={false} />
      <div className={setupStyles.setupActions}>
        <Button type="button" icon={<X size={13} />} onClick={() => onAnswer({ action: 'decline' })} disabled={busy} data-testid="sampling-decline">Decline</Button>
        <span className="spacer" />
        <Button type="submit" variant="primary" icon={<Send size={13} />} busy={busy} disabled={!text.trim()} data-testid="sampling-send">Send answer</Button>
      </div>
    </form>
  );
}
