import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ArrowRight, Play, Square } from 'lucide-react';
import { useStore } from '../../store';
import * as session from '../../actions/session';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { messageOf } from '../../actions/errors';
// Global class names kept beside the module classes: tests select .result-text.
import styles from './SessionTab.module.css';
import toolsStyles from '../tools/tools.module.css';

type Hook = 'beforeMessage' | 'afterResponse';

function HookResult({ result }: { result: { hook: Hook; input: string; output: string | null } | null }) {
  if (!result) return null;
  return (
    <div className={styles.hookResult} data-testid="hook-result">
      <div className={styles.hookResultHead}>
        {result.hook === 'beforeMessage' ? 'Before message' : 'After response'}
        <ArrowRight size={12} aria-hidden="true" />
        {result.output === null ? <span className="pill pill-muted">unchanged</span> : <span className="pill pill-ok">transformed</span>}
      </div>
      <pre className={`${toolsStyles.resultText} result-text`}>{result.output === null ? result.input : result.output}</pre>
    </div>
  );
}

export function SessionTab({ skillId }: { skillId: string }) {
  const { sessionId, setSession, caps } = useStore(
    useShallow((s) => ({ sessionId: s.sessions[skillId] ?? null, setSession: s.setSession, caps: s.infos[skillId]?.capabilities })),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ hook: Hook; input: string; output: string | null } | null>(null);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const transform = (hook: Hook) =>
    run(async () => {
      const output = await session.transformMessage(skillId, hook, text);
      setResult({ hook, input: text, output });
    });

  return (
    <div className={`${styles.sessionTab} panel-pad`}>
      {caps?.sessions && (
        <section className="card" aria-labelledby="session-title">
          <h2 id="session-title" className="card-title">Session</h2>
          <p className="muted">A session is one conversation with the skill: it starts, handles messages, and ends.</p>
          <div className={styles.sessionRow}>
            {sessionId ? (
              <>
                <span className={styles.sessionId}>
                  <span className="status-dot status-ready" aria-hidden="true" /> Active session <code data-testid="session-id">{sessionId}</code>
                </span>
                <Button icon={<Square size={12} />} onClick={() => void run(async () => { await session.sessionEnd(skillId); setSession(skillId, null); })} disabled={busy} data-testid="session-end">
                  End session
                </Button>
              </>
            ) : (
              <>
                <span className="muted">No session is running.</span>
                <Button variant="primary" icon={<Play size={12} />} onClick={() => void run(async () => { setSession(skillId, await session.sessionStart(skillId)); })} disabled={busy} data-testid="session-start">
                  Start session
                </Button>
              </>
            )}
          </div>
        </section>
      )}
      {caps?.messageHooks && (
        <section className="card" aria-labelledby="hooks-title">
          <h2 id="hooks-title" className="card-title">Message hooks</h2>
          <p className="muted">See how the skill rewrites a message before the agent reads it, or a response after the agent writes it.</p>
          <label className="field-label" htmlFor={`hook-text-${skillId}`}>Message</label>
          <textarea
            id={`hook-text-${skillId}`}
            className="input textarea"
            rows={4}
            placeholder="Type a message as a user would…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="hook-input"
          />
          <div className="button-row">
            <Button onClick={() => void transform('beforeMessage')} disabled={busy || !text} data-testid="hook-before">Before message</Button>
            <Button onClick={() => void transform('afterResponse')} disabled={busy || !text} data-testid="hook-after">After response</Button>
          </div>
          <HookResult result={result} />
        </section>
      )}
      {error && <ErrorNote message={error} />}
    </div>
  );
}
