import { useEffect, useRef, useState } from 'react';
import { CircleCheck, Package } from 'lucide-react';
import type { EnvRunResult, EnvStatus, SkillSummary } from '@contract';
import { cancelEnv, envStatus, prepareEnv } from '../../actions/python-env';
import { onEvent, useAction } from '../../data';
import { Button } from '../common/Button';
import { Dialog } from '../common/Dialog';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import styles from './PrepareEnvDialog.module.css';

/** How many of the installer's lines the dialog keeps (the workbench keeps the same for a window that opens late). */
const SHOWN_LINES = 400;

export type PreparePhase = 'ready' | 'running' | 'done';

export interface PrepareEnvViewProps {
  name: string;
  status: EnvStatus | null;
  phase: PreparePhase;
  step: string | null;
  lines: string[];
  result: EnvRunResult | null;
  error: string | null;
  findLinks: string;
  onFindLinks(v: string): void;
}

/**
 * What preparing the environment will do, then its progress (the step, the installer's output as it comes), then
 * its result: for the dialog, and for the component tests without a workbench.
 */
export function PrepareEnvView({ name, status, phase, step, lines, result, error, findLinks, onFindLinks }: PrepareEnvViewProps) {
  const log = useRef<HTMLPreElement>(null);
  useEffect(() => {
    // Follow the output as it comes, as a terminal does.
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [lines.length]);
  if (!status) return <div className="panel-loading"><Spinner /> Reading what it needs…</div>;
  const output = (
    <pre ref={log} className={styles.output} role="log" aria-label="What the installer printed" tabIndex={0} data-testid="env-output">
      {lines.length ? lines.join('\n') : <span className={styles.waiting}>The installer’s output shows here as it comes.</span>}
    </pre>
  );
  return (
    <div className={styles.prepare} data-testid="env-dialog" data-phase={phase}>
      {phase === 'ready' && (
        <>
          <p>
            Skill Workbench makes a Python environment for {name} and installs the packages it lists there, so it runs with the versions it needs. Nothing of the
            skill runs meanwhile. It can take a few minutes, and needs the internet unless you give a folder of downloaded packages.
          </p>
          <dl className="facts">
            <dt>Where</dt>
            <dd className="mono" data-testid="env-where">{status.venv}{status.exists ? ' (there already: packages are added to it)' : ''}</dd>
            <dt>Packages</dt>
            <dd className="mono" data-testid="env-requirements">{status.requirements.join(', ')}</dd>
            <dt>Listed in</dt>
            <dd className="mono">{status.file}</dd>
          </dl>
          <details className="disclosure">
            <summary>Offline: install from a folder of downloaded packages</summary>
            <div className={styles.offline}>
              <label htmlFor="env-find-links">Folder of packages (.whl files)</label>
              <input
                id="env-find-links"
                className="input input-sm mono"
                placeholder="/home/me/wheels"
                spellCheck={false}
                value={findLinks}
                onChange={(e) => onFindLinks(e.target.value)}
                data-testid="env-find-links"
              />
              <p className="field-help">Only packages from this folder are installed; nothing is fetched from the internet.</p>
            </div>
          </details>
          <p className="field-help">
            Or in a terminal: <code data-testid="env-command">{status.command}</code>
          </p>
        </>
      )}
      {phase === 'running' && (
        <>
          <p className={styles.step} role="status" data-testid="env-step">
            <Spinner /> {step ?? 'Starting…'}
          </p>
          {output}
        </>
      )}
      {phase === 'done' && result && (
        <>
          <div className={`${styles.result} ${result.ok ? styles.resultOk : styles.resultNot}`} role="status" data-testid="env-result" data-ok={result.ok}>
            {result.ok ? <CircleCheck size={16} aria-hidden="true" /> : <Package size={16} aria-hidden="true" />}
            <p>
              {result.message}
              {result.ok && (result.restarted ? ` ${name} was restarted on it.` : ` Start ${name} to use it.`)}
            </p>
          </div>
          {lines.length > 0 && (
            <details className="disclosure" open={!result.ok}>
              <summary>What the installer printed ({lines.length === 1 ? '1 line' : `${lines.length} lines`})</summary>
              {output}
            </details>
          )}
        </>
      )}
      {error && <ErrorNote message={error} />}
    </div>
  );
}

/** "Prepare the environment": reads what the skill needs, runs the preparation, shows it live, and can cancel it. */
export function PrepareEnvDialog({ summary, onClose }: { summary: SkillSummary; onClose(): void }) {
  const id = summary.id;
  const [status, setStatus] = useState<EnvStatus | null>(null);
  const [phase, setPhase] = useState<PreparePhase>('ready');
  const [step, setStep] = useState<string | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const [result, setResult] = useState<EnvRunResult | null>(null);
  const [findLinks, setFindLinks] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const { error, act } = useAction();

  useEffect(() => {
    void act(() => envStatus(id)).then((s) => {
      if (!s) return;
      setStatus(s);
      // A preparation started earlier (from another window, or before this one was closed) is shown as it goes.
      if (s.run?.running) {
        setPhase('running');
        setStep(s.run.step);
        setLines(s.run.lines);
      }
    });
  }, [id, act]);

  useEffect(
    () =>
      onEvent('pythonEnv', (e) => {
        if (e.skillId !== id) return;
        if (e.step) setStep(e.step);
        if (e.lines) {
          const more = e.lines;
          setLines((prev) => [...prev, ...more].slice(-SHOWN_LINES));
        }
        if (e.result) {
          setResult(e.result);
          setPhase('done');
          setCancelling(false);
        }
      }),
    [id],
  );

  const prepare = async (fresh = false) => {
    setPhase('running');
    setStep(null);
    setLines([]);
    setResult(null);
    const dir = findLinks.trim();
    const opts = { ...(dir ? { findLinks: dir } : {}), ...(fresh ? { fresh } : {}) };
    const r = await act(() => prepareEnv(id, Object.keys(opts).length ? opts : undefined));
    setCancelling(false);
    if (r) setResult(r);
    setPhase(r ? 'done' : 'ready');
  };
  const cancel = async () => {
    setCancelling(true);
    await act(() => cancelEnv(id));
  };

  const footer =
    phase === 'running' ? (
      <>
        <Button variant="ghost" onClick={onClose} worksOffline data-testid="env-hide">Close (it goes on)</Button>
        <Button variant="danger" onClick={() => void cancel()} disabled={cancelling} busy={cancelling} data-testid="env-cancel">Cancel</Button>
      </>
    ) : (
      <>
        <Button variant="ghost" onClick={onClose} worksOffline data-testid="env-close">Close</Button>
        {/* A .venv that came with the folder is never run: the way on is a new one, the old one kept aside. */}
        {phase === 'done' && result?.notOurs ? (
          <Button variant="primary" icon={<Package size={12} />} onClick={() => void prepare(true)} data-testid="env-fresh">
            Set it aside and make a fresh one
          </Button>
        ) : (
          (phase === 'ready' || !result?.ok) && (
            <Button variant="primary" icon={<Package size={12} />} onClick={() => void prepare()} disabled={!status} data-testid="env-prepare">
              {phase === 'ready' ? 'Prepare' : 'Try again'}
            </Button>
          )
        )}
      </>
    );
  return (
    <Dialog open onClose={onClose} title={`Prepare the environment of ${summary.name}`} labelId="prepare-env-title" size="medium" footer={footer}>
      <PrepareEnvView name={summary.name} status={status} phase={phase} step={step} lines={lines} result={result} error={error} findLinks={findLinks} onFindLinks={setFindLinks} />
    </Dialog>
  );
}
