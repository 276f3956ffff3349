import type { McpOAuthRequest, McpOAuthResponse, McpOAuthStep } from '@contract';
import { formatClock, formatDuration } from '../../lib/format';
import styles from './OAuthSteps.module.css';

const OUTCOME: Record<McpOAuthStep['outcome'], { label: string; pill: string }> = {
  ok: { label: 'ok', pill: 'pill-ok' },
  error: { label: 'failed', pill: 'pill-error' },
  skipped: { label: 'not there', pill: 'pill-muted' },
  waiting: { label: 'waiting on you', pill: 'pill-busy' },
  info: { label: 'note', pill: 'pill-muted' },
};

/** A wait the flow has gone past (a later step came) is no longer waiting on the user. */
function Outcome({ step, last }: { step: McpOAuthStep; last: boolean }) {
  const o = step.outcome === 'waiting' && !last ? { label: 'sent', pill: 'pill-muted' } : OUTCOME[step.outcome];
  return <span className={`pill ${o.pill}`}>{o.label}</span>;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n');
}

function Exchange({ request, response }: { request?: McpOAuthRequest; response?: McpOAuthResponse }) {
  return (
    <div className={styles.oauthExchange}>
      {request && (
        <div>
          <h4 className={styles.oauthExchangeTitle}>Request</h4>
          <pre className={styles.oauthPre} tabIndex={0} data-testid="oauth-step-request">
            {`${request.method} ${request.url}`}
            {Object.keys(request.headers).length ? `\n${headerLines(request.headers)}` : ''}
            {request.body ? `\n\n${request.body}` : ''}
          </pre>
        </div>
      )}
      {response && (
        <div>
          <h4 className={styles.oauthExchangeTitle}>Response</h4>
          <pre className={styles.oauthPre} tabIndex={0} data-testid="oauth-step-response">
            {`HTTP ${response.status}`}
            {Object.keys(response.headers).length ? `\n${headerLines(response.headers)}` : ''}
            {response.body ? `\n\n${response.body}` : ''}
          </pre>
        </div>
      )}
    </div>
  );
}

/**
 * The steps of a server's recent OAuth flows, newest flow first: what each did, how it ended, what went wrong in
 * plain words, and its request and response (the workbench masked their secrets before they got here).
 */
export function OAuthSteps({ steps }: { steps: McpOAuthStep[] }) {
  if (!steps.length) return <p className="muted" data-testid="oauth-no-steps">No OAuth step yet. The first request the server refuses with 401 starts one.</p>;
  const flows = new Map<number, McpOAuthStep[]>();
  for (const s of steps) flows.set(s.flow, [...(flows.get(s.flow) ?? []), s]);
  return (
    <div className={styles.oauthFlows} data-testid="oauth-steps">
      {[...flows.entries()].reverse().map(([flow, list]) => (
        <ol key={flow} className={styles.oauthFlow} aria-label={`Flow at ${formatClock(list[0].time)}`}>
          {list.map((s, i) => (
            <li key={s.seq} className={styles.oauthStep} data-testid="oauth-step" data-kind={s.kind} data-outcome={s.outcome}>
              <div className={styles.oauthStepHead}>
                <Outcome step={s} last={i === list.length - 1} />
                <span className={styles.oauthStepTitle}>{s.title}</span>
                <span className="muted">
                  {formatClock(s.time)}
                  {s.durationMs !== undefined ? ` · ${formatDuration(s.durationMs)}` : ''}
                </span>
              </div>
              {s.problem && <p className={s.outcome === 'error' ? styles.oauthProblem : styles.oauthNote} data-testid="oauth-step-words">{s.problem}</p>}
              {(s.request || s.response) && (
                <details className="disclosure">
                  <summary>Request and response</summary>
                  <Exchange request={s.request} response={s.response} />
                </details>
              )}
            </li>
          ))}
        </ol>
      ))}
    </div>
  );
}
