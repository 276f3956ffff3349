/** The cards of a turn's steps: a message hook's before and after, and a tool call with its arguments and result. */
import { ArrowUpRight, CircleCheck, CircleX, LoaderCircle, Wand } from 'lucide-react';
import type { HookView, ToolCallView } from '../../lib/chat-view';
import { formatDuration } from '../../lib/format';
import { JsonTree } from '../common/JsonTree';
import { Button } from '../common/Button';
import styles from './ChatSteps.module.css';

const HOOK_WORDS = {
  beforeMessage: { before: 'You wrote', after: 'The model got', same: 'left the message as it was.' },
  afterResponse: { before: 'The model wrote', after: 'You get', same: 'left the answer as it was.' },
} as const;

export function HookCard({ hook, view }: { hook: 'beforeMessage' | 'afterResponse'; view: HookView }) {
  const words = HOOK_WORDS[hook];
  const changed = view.output !== null;
  return (
    <section className={styles.hookCard} aria-label={`The skill's ${hook} hook`} data-testid="chat-hook" data-hook={hook} data-changed={changed}>
      <div className={styles.cardHead}>
        <Wand size={13} aria-hidden="true" />
        <span className="mono">{hook}</span>
        {changed ? <span className="pill pill-ok">changed</span> : <span className="pill pill-muted">unchanged</span>}
      </div>
      {changed ? (
        <dl className={styles.hookTexts}>
          <dt>{words.before}</dt>
          <dd data-testid="chat-hook-input">{view.input}</dd>
          <dt>{words.after}</dt>
          <dd data-testid="chat-hook-output">{view.output}</dd>
        </dl>
      ) : (
        <p className={styles.hookSame}>The skill {words.same}</p>
      )}
    </section>
  );
}

function Value({ value, label }: { value: unknown; label: string }) {
  if (typeof value === 'string') return <pre className={styles.valueText}>{value}</pre>;
  if (value === undefined || value === null) return <p className={styles.hookSame}>nothing</p>;
  return <JsonTree value={value} expandDepth={1} label={label} />;
}

export function ToolCallCard({ call, skillId, onOpen }: { call: ToolCallView; skillId?: string; onOpen?(skillId: string, callId: string): void }) {
  const done = call.call;
  const state = !done ? 'running' : done.ok ? 'ok' : 'failed';
  const canOpen = !!done && !!skillId && !!call.callId && !!onOpen;
  return (
    <section className={styles.toolCard} aria-label={`Tool call ${call.tool}`} data-testid="chat-tool-call" data-state={state}>
      <div className={styles.cardHead}>
        {state === 'running' ? (
          <LoaderCircle size={13} className="spin status-text-busy" aria-label="running" />
        ) : state === 'ok' ? (
          <CircleCheck size={13} className="status-text-ready" aria-label="succeeded" />
        ) : (
          <CircleX size={13} className="status-text-crashed" aria-label="failed" />
        )}
        <span className={`mono ${styles.toolName}`}>{call.tool}</span>
        {done?.durationMs !== undefined && <span className={styles.meta}>{formatDuration(done.durationMs)}</span>}
        <span className="spacer" />
        {canOpen && (
          <Button size="sm" variant="ghost" icon={<ArrowUpRight size={12} />} onClick={() => onOpen(skillId, call.callId!)} data-testid="chat-open-in-tools">
            Open in Tools
          </Button>
        )}
      </div>
      <div className={styles.toolBody}>
        <div className={styles.toolPart}>
          <h4 className={styles.partTitle}>Arguments</h4>
          <Value value={call.arguments} label={`Arguments of ${call.tool}`} />
        </div>
        <div className={styles.toolPart} data-testid="chat-tool-result">
          <h4 className={styles.partTitle}>{!done ? 'Result' : done.ok ? 'Result' : 'Error, as the model was told'}</h4>
          {done ? <Value value={done.result} label={`Result of ${call.tool}`} /> : <p className={styles.hookSame}>Running…</p>}
        </div>
      </div>
    </section>
  );
}
