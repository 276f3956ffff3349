import { useRef, useState } from 'react';
import { Play } from 'lucide-react';
import type { ExposedData, ExposedFunction, InteropAnswer } from '@contract';
import * as interop from '../../actions/interop';
import { messageOf } from '../../actions/errors';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { JsonTree } from '../common/JsonTree';
import { ArgsForm, type ArgsFormHandle } from '../form/ArgsForm';
import { formatDuration } from '../../lib/format';
import { useDomId } from '../../lib/use-dom-id';
import styles from './ExposedEntry.module.css';

function Visibility({ visibility }: { visibility: string[] }) {
  if (!visibility.length) return <span className="pill pill-muted" title="Only the skill itself; other skills cannot use it">private</span>;
  return (
    <>
      {visibility.map((v) => (
        <span key={v} className="pill pill-busy" title={v === 'skills' ? 'Other skills may use it' : 'The app may use it'}>
          {v === 'skills' ? 'for skills' : v === 'frontend' ? 'for the app' : v}
        </span>
      ))}
    </>
  );
}

function Answer({ answer }: { answer: InteropAnswer }) {
  if (answer.error) return <ErrorNote title={`${answer.name} failed`} message={answer.error} />;
  return (
    <div className={styles.interopAnswer} data-testid="interop-answer">
      <div className={styles.interopAnswerHead}>
        <span className="pill pill-ok">answered</span> <span className="muted">in {formatDuration(answer.durationMs)}</span>
      </div>
      <JsonTree value={answer.data} label="Answer" />
    </div>
  );
}

/** One function or data item a skill exposes: what it is, and (opened) a form to call it with. */
export function ExposedEntry({ skillId, kind, entry }: { skillId: string; kind: 'function' | 'data'; entry: ExposedFunction | ExposedData }) {
  const [open, setOpen] = useState(false);
  const [args, setArgs] = useState<unknown>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<InteropAnswer | null>(null);
  const form = useRef<ArgsFormHandle>(null);
  const schema = kind === 'function' ? (entry as ExposedFunction).parameters : { type: 'object', properties: {}, additionalProperties: true };
  const verb = kind === 'function' ? 'Call' : 'Ask';

  const run = async () => {
    setTouched(true);
    if (form.current && !form.current.validateForm()) return;
    setBusy(true);
    try {
      const a = kind === 'function' ? await interop.callExposed(skillId, entry.name, args ?? {}) : await interop.requestExposed(skillId, entry.name, args ?? {});
      setAnswer(a);
    } catch (err) {
      setAnswer({ skillId, name: entry.name, durationMs: 0, error: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const idPart = useDomId('exposed');
  return (
    <li className={styles.interopEntry} data-testid={`exposed-${kind}-${entry.name}`}>
      <div className={styles.interopEntryHead}>
        <code className={styles.interopName}>{entry.name}</code>
        <Visibility visibility={entry.visibility} />
        <span className={styles.interopSpacer} />
        <Button size="sm" variant={open ? 'default' : 'primary'} onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Close' : `${verb}…`}
        </Button>
      </div>
      {entry.description && <p className={styles.interopDesc}>{entry.description}</p>}
      {open && (
        <div className={styles.interopCall}>
          {kind === 'function' && (
            <ArgsForm ref={form} schema={schema} value={args} onChange={setArgs} idPrefix={idPart} liveValidate={touched} onRun={() => void run()} />
          )}
          <Button variant="primary" icon={<Play size={14} />} busy={busy} onClick={() => void run()}>
            {kind === 'function' ? `Call ${entry.name}` : `Ask for ${entry.name}`}
          </Button>
          {answer && <Answer answer={answer} />}
        </div>
      )}
    </li>
  );
}
