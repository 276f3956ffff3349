import { useMemo, useState } from 'react';
import { Check, X } from 'lucide-react';
import type { McpElicitationAnswer, McpPendingRequest } from '@contract';
import { Button } from '../common/Button';
import { SetupFieldInput } from '../setup/SetupFieldInput';
import { contentOf, defaultsOf, fieldsOf, problemsOf, type Answers } from './elicitation-fields';
import styles from './ElicitationForm.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';

type Elicitation = Extract<McpPendingRequest, { kind: 'elicitation' }>;

/** A server's question as the setup wizard asks: its message, a field for each thing it wants, Accept / Decline / Cancel. */
export function ElicitationForm({ request, busy, onAnswer }: { request: Elicitation; busy: boolean; onAnswer(a: McpElicitationAnswer): void }) {
  const fields = useMemo(() => fieldsOf(request.requestedSchema), [request.requestedSchema]);
  const [answers, setAnswers] = useState<Answers>(() => defaultsOf(request.requestedSchema));
  const [tried, setTried] = useState(false);
  const problems = problemsOf(request.requestedSchema, answers);
  const accept = () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    onAnswer({ action: 'accept', content: contentOf(request.requestedSchema, answers) });
  };
  return (
    <form
      className={mcpStyles.mcpElicitation}
      data-testid="elicitation-form"
      onSubmit={(e) => {
        e.preventDefault();
        accept();
      }}
    >
      <p className={`${setupStyles.setupStepDesc} ${mcpStyles.mcpAskMessage}`} data-testid="elicitation-message">{request.message}</p>
      <div className={setupStyles.setupFields}>
        {fields.map((f) => (
          <SetupFieldInput
            key={f.name}
            field={f}
            value={answers[f.name]}
            error={tried ? problems[f.name] : undefined}
            onChange={(v) => setAnswers((cur) => ({ ...cur, [f.name]: v }))}
            idPrefix={`elicit-${request.requestId}`}
          />
        ))}
        {!fields.length && <p className="muted">The server asks only for your agreement.</p>}
      </div>
      <ElicitationActions busy={busy} onAnswer={onAnswer} cancelTitle="Dismiss the question without answering" accept={{ label: 'Accept', submit: true }} />
    </form>
  );
}

/**
 * Cancel, Decline and the accepting button of a server's question, the same in every kind of it; they stay at the
 * foot of the dialog while a long form scrolls under them.
 */
export function ElicitationActions({ busy, onAnswer, cancelTitle, accept }: {
  busy: boolean;
  onAnswer(a: McpElicitationAnswer): void;
  cancelTitle: string;
  /** A form's accept submits it (and checks its fields); otherwise it answers accept with no content. */
  accept: { label: string; title?: string; submit?: boolean };
}) {
  return (
    <div className={`${setupStyles.setupActions} ${styles.elicitationActions}`} data-testid="elicitation-actions">
      <Button type="button" variant="ghost" onClick={() => onAnswer({ action: 'cancel' })} disabled={busy} data-testid="elicitation-cancel" title={cancelTitle}>
        Cancel
      </Button>
      <span className="spacer" />
      <Button type="button" icon={<X size={13} />} onClick={() => onAnswer({ action: 'decline' })} disabled={busy} data-testid="elicitation-decline" title="Say no to the server">
        Decline
      </Button>
      {accept.submit ? (
        <Button type="submit" variant="primary" icon={<Check size={13} />} busy={busy} data-testid="elicitation-accept" title={accept.title}>
          {accept.label}
        </Button>
      ) : (
        <Button type="button" variant="primary" icon={<Check size={13} />} busy={busy} onClick={() => onAnswer({ action: 'accept' })} data-testid="elicitation-accept" title={accept.title}>
          {accept.label}
        </Button>
      )}
    </div>
  );
}
