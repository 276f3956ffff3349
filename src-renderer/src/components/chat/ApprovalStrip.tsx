/**
 * A tool call waiting for the user, in the chat where it was asked: the tool and its skill, why it is asked, the
 * arguments as JSON, a script's first-run warning (the Scripts tab's words), and the tool result the model had just
 * been given, since words in it may be what steered the model. Allow once, for this chat, always; Deny, never.
 */
import { useState } from 'react';
import { ShieldQuestion } from 'lucide-react';
import type { ApprovalAnswer } from '@contract';
import { approveTool } from '../../actions/chat';
import type { ApprovalView } from '../../lib/chat-view';
import { Button } from '../common/Button';
import { ScriptWarning } from '../common/ScriptWarning';
import styles from './ApprovalStrip.module.css';

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v, null, 2) ?? 'nothing'));

export function ApprovalStrip({ chatId, approval }: { chatId: string; approval: ApprovalView }) {
  const r = approval.request;
  const [busy, setBusy] = useState<ApprovalAnswer | null>(null);
  const answer = (a: ApprovalAnswer) => {
    setBusy(a);
    void approveTool(chatId, r.approvalId, a).finally(() => setBusy(null));
  };
  const button = (a: ApprovalAnswer, label: string, variant: 'primary' | 'default' | 'danger' | 'ghost', testId: string) => (
    <Button size="sm" variant={variant} busy={busy === a} disabled={busy !== null} onClick={() => answer(a)} data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <section className={styles.strip} aria-label={`The model asks to run ${r.skillTool} of ${r.skillName}`} data-testid="chat-approval" data-script={r.script}>
      <div className={styles.head}>
        <ShieldQuestion size={16} className={styles.icon} aria-hidden="true" />
        <p className={styles.title}>
          The model asks to run <span className="mono">{r.skillTool}</span> of <strong>{r.skillName}</strong>
        </p>
      </div>
      <p className={styles.reason}>Asked because {r.reason}.</p>
      {r.after && (
        <div className={styles.part} data-testid="chat-approval-after">
          <h4 className={styles.partTitle}>
            It asked right after this {r.after.ok ? 'result' : 'error'} of <span className="mono">{r.after.tool}</span>
          </h4>
          <pre className={styles.value} tabIndex={0}>{asText(r.after.result)}</pre>
          <p className={styles.hint}>Words in a tool’s result can steer the model. Allow the call only if it is what you asked for.</p>
        </div>
      )}
      <div className={styles.part}>
        <h4 className={styles.partTitle}>Arguments</h4>
        <pre className={styles.value} tabIndex={0} data-testid="chat-approval-args">{asText(r.arguments)}</pre>
      </div>
      {r.warning && (
        <ScriptWarning text={r.warning} testId="chat-approval-warning" />
      )}
      <div className="button-row" role="group" aria-label="Your answer">
        {button('once', 'Allow once', 'primary', 'chat-approve-once')}
        {button('chat', 'Allow for this chat', 'default', 'chat-approve-chat')}
        {button('always', 'Always allow', 'default', 'chat-approve-always')}
        {button('deny', 'Deny', 'danger', 'chat-deny')}
        {button('never', 'Never allow', 'ghost', 'chat-deny-never')}
      </div>
    </section>
  );
}
