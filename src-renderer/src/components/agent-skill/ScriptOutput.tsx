/**
 * One run of a script as an agent sees it: the command line it ran, its exit code, its stdout and its stderr.
 * A run that did not end by itself (timed out, cancelled, could not start) says so in words.
 */
import { CircleCheck, CircleX, LoaderCircle, Play, SquareTerminal } from 'lucide-react';
import type { CallRecord } from '@contract';
import { copyCallCommand } from '../../actions/copy-command';
import { formatBytes, formatDuration, formatWhen } from '../../lib/format';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { readScriptDraft, shellWord } from './script-args';
import styles from './ScriptOutput.module.css';

interface ScriptData {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

function dataOf(value: unknown): ScriptData | null {
  if (!value || typeof value !== 'object') return null;
  const d = value as Partial<ScriptData>;
  return typeof d.stdout === 'string' && typeof d.stderr === 'string' ? { exitCode: d.exitCode ?? null, signal: d.signal ?? null, stdout: d.stdout, stderr: d.stderr } : null;
}

export function ScriptOutput({ record, onRunAgain }: { record: CallRecord; onRunAgain?(): void }) {
  const o = record.outcome;
  const running = record.status === 'running' || !o;
  const data = dataOf(o?.data);
  const { args, stdin } = readScriptDraft(record.args);
  const exit = data?.exitCode;
  return (
    <div className={styles.output} data-testid="script-output" data-ok={o ? String(o.ok) : undefined} data-exit={exit ?? undefined}>
      <div className={styles.head}>
        {running ? (
          <span className="pill pill-busy"><LoaderCircle size={13} className="spin" aria-hidden="true" /> Running</span>
        ) : exit !== null && exit !== undefined ? (
          <span className={`pill ${exit === 0 ? 'pill-ok' : 'pill-error'}`} data-testid="script-exit">
            {exit === 0 ? <CircleCheck size={13} aria-hidden="true" /> : <CircleX size={13} aria-hidden="true" />} Exit code {exit}
          </span>
        ) : (
          <span className="pill pill-error"><CircleX size={13} aria-hidden="true" /> {o.error?.code === 'CANCELLED' ? 'Cancelled' : data?.signal ? `Stopped by ${data.signal}` : 'Did not run to the end'}</span>
        )}
        {o && <span className={styles.meta}>{formatDuration(o.durationMs)}</span>}
        <span className={styles.meta} title={new Date(record.startedAt).toLocaleString()}>{formatWhen(record.startedAt)}</span>
        <span className="spacer" />
        <IconButton size="sm" label="Copy as command: this run as a skillbench call line" icon={<SquareTerminal size={13} />} onClick={() => void copyCallCommand(record.skillId, record.tool, record.args)} />
        {onRunAgain && !running && <Button size="sm" icon={<Play size={12} />} onClick={onRunAgain}>Run again</Button>}
      </div>
      <code className={styles.commandLine} data-testid="script-command-line">
        <span aria-hidden="true">$ </span>
        {[record.tool, ...args].map(shellWord).join(' ')}
        {stdin && <span className={styles.stdinNote}> {'<'} {formatBytes(new TextEncoder().encode(stdin).length)} on stdin</span>}
      </code>
      {o?.error && o.error.code !== 'TOOL' && <ErrorNote message={o.error.message} code={o.error.code} />}
      {data && (
        <>
          <Stream name="stdout" text={data.stdout} testId="script-stdout" />
          <Stream name="stderr" text={data.stderr} testId="script-stderr" />
        </>
      )}
    </div>
  );
}

function Stream({ name, text, testId }: { name: string; text: string; testId: string }) {
  return (
    <section className={styles.stream} aria-label={name}>
      <div className={styles.streamHead}>
        <span className={styles.streamName}>{name}</span>
        <span className={styles.meta}>{text ? formatBytes(new TextEncoder().encode(text).length) : 'nothing'}</span>
      </div>
      {text ? <pre className={styles.streamText} data-testid={testId} tabIndex={0}>{text}</pre> : <p className={styles.empty} data-testid={testId}>The script wrote nothing here.</p>}
    </section>
  );
}
