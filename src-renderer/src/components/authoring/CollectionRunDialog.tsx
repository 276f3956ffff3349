import { useState } from 'react';
import { Check, ChevronDown, ChevronRight, Play, X } from 'lucide-react';
import type { Assertion, CollectionDetails, RequestResult, RunReport, SavedRequest } from '@contract';
import { formatDuration } from '../../lib/format';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { useStore } from '../../store';
import { messageOf } from '../../actions/errors';
import { CheckFailure } from './CheckFailure';
import { useCollection } from '../../data/collections';
import { saveRequest } from '../../actions/collections';
import { runCollection } from '../../actions/qa';
import { useAction } from '../../data';
import styles from './CollectionRunDialog.module.css';
import authoringStyles from './authoring.module.css';

/** Runs a whole collection on the skill, with the environment chosen, and shows each request's checks. */
export function CollectionRunDialog({ skillId, collection, onClose }: { skillId: string; collection: CollectionDetails; onClose(): void }) {
  const live = useCollection(skillId, collection.dir) ?? collection;
  const envs = Object.keys(live.environments);
  const [env, setEnv] = useState<string>(envs[0] ?? '');
  const { busy, error, act } = useAction();
  const [report, setReport] = useState<RunReport | null>(null);
  const missing = env ? live.secrets.filter((n) => !live.secretsSet[env]?.[n]) : [];

  const run = async () => {
    setReport(null);
    setReport((await act(() => runCollection(skillId, live.dir, env || null))) ?? null);
  };

  /** Changes one check of a request (written to its file), then runs again. */
  const changeCheck = async (result: RequestResult, index: number, change: (a: Assertion) => Assertion | null, done: string) => {
    const saved = live.requests.find((r) => r.name === result.name);
    const a = saved?.assertions[index];
    const changed = a && change(a);
    if (!saved || !changed) return;
    const assertions = saved.assertions.map((x, i) => (i === index ? changed : x));
    const request: SavedRequest = { name: saved.name, tool: saved.tool, args: saved.args, assertions };
    if (saved.timeoutMs !== undefined) request.timeoutMs = saved.timeoutMs;
    try {
      await saveRequest(skillId, { collection: { dir: live.dir }, request });
      useStore.getState().pushToast('success', `“${saved.name}”, check ${index + 1}: ${done}`);
    } catch (err) {
      useStore.getState().pushToast('error', `Could not change the check: ${messageOf(err)}`);
      return;
    }
    await run();
  };
  const fixes: Fixes = {
    // Leaves a field out of an `equals` check from now on.
    ignore: (r, i, path) => void changeCheck(r, i, (a) => ('equals' in a ? { ...a, ignore: [...(a.ignore ?? []), path] } : null), `${path} is left out from now on.`),
    // Points a check whose path found nothing at the nearest path that exists.
    usePath: (r, i, path) => void changeCheck(r, i, (a) => (a.path !== undefined ? { ...a, path } : null), `it now looks at ${path}.`),
  };

  return (
    <Dialog size="wide"
      open
      onClose={onClose}
      title={`Run “${live.name}”`}
      labelId="collection-run-title"
      footer={
        <>
          <Button worksOffline variant="ghost" onClick={onClose}>Close</Button>
          <Button variant="primary" icon={<Play size={13} />} onClick={() => void run()} busy={busy} disabled={busy} data-testid="collection-run-start">
            {report ? 'Run again' : `Run ${live.requests.length} request${live.requests.length === 1 ? '' : 's'}`}
          </Button>
        </>
      }
    >
      <div className={`${authoringStyles.wideDialog} run-dialog`}>
        <div className={styles.runSetup}>
          <span className={styles.runPath} title={live.dir}>{live.dir}</span>
          {envs.length > 0 ? (
            <label className={styles.runEnv}>
              <span>Environment</span>
              <select className="input input-sm" value={env} onChange={(e) => setEnv(e.target.value)} data-testid="collection-run-env">
                {envs.map((e) => (
                  <option key={e} value={e}>{e}</option>
                ))}
              </select>
            </label>
          ) : (
            <span className={styles.runEnvNone}>No environments: requests run as saved.</span>
          )}
        </div>
        {missing.length > 0 && (
          <ErrorNote tone="warning" message={`No value set in “${env}” for the secret${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: requests that use ${missing.length === 1 ? 'it' : 'them'} cannot run. Set values under Variables.`} />
        )}
        {error && <ErrorNote title="The collection did not run" message={error} />}
        {busy && !report && (
          <div className="panel-loading"><Spinner /> Calling {live.requests.length} request{live.requests.length === 1 ? '' : 's'} in order…</div>
        )}
        {report && <RunResults report={report} fixes={fixes} />}
      </div>
    </Dialog>
  );
}

type Fix = (result: RequestResult, check: number, path: string) => void;
interface Fixes {
  ignore: Fix;
  usePath: Fix;
}

function RunResults({ report, fixes }: { report: RunReport; fixes: Fixes }) {
  return (
    <div className="run-results" data-testid="collection-run-results">
      <div className={styles.runSummary} data-testid="collection-run-summary">
        <span className={`pill ${report.failed ? 'pill-error' : 'pill-ok'}`}>
          {runSummary(report.results.length, report.failed)}
        </span>
        <span className={styles.runSummaryDetail}>
          {report.passed} passed · {report.failed} failed{report.env ? ` · environment ${report.env}` : ''}
        </span>
      </div>
      <ul className={styles.runList}>
        {report.results.map((r) => (
          <ResultRow key={r.file} result={r} fixes={fixes} />
        ))}
      </ul>
    </div>
  );
}

function ResultRow({ result: r, fixes }: { result: RequestResult; fixes: Fixes }) {
  const [open, setOpen] = useState(!r.pass);
  return (
    <li className={`${styles.runRow} ${r.pass ? 'is-pass' : `${styles.isFail}`}`} data-testid="run-result" data-pass={r.pass}>
      <button type="button" className={styles.runRowHead} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={13} aria-hidden="true" /> : <ChevronRight size={13} aria-hidden="true" />}
        <span className={`${styles.runMark} ${r.pass ? 'ok' : 'bad'}`} aria-label={r.pass ? 'passed' : 'failed'}>
          {r.pass ? <Check size={12} /> : <X size={12} />}
        </span>
        <span className={styles.runName}>{r.name}</span>
        <span className={styles.runTool}>{r.tool}</span>
        <span className="spacer" />
        <span className={styles.runChecks}>{r.assertions.filter((a) => a.pass).length}/{r.assertions.length} checks</span>
        <span className={styles.runTime}>{formatDuration(r.durationMs)}</span>
      </button>
      {open && (
        <div className={styles.runDetail}>
          {!r.outcome.ok && r.outcome.error && (
            <p className={styles.runCallError}><strong>{r.outcome.error.code}</strong> {r.outcome.error.message}</p>
          )}
          <table className={`table ${styles.assertionTable}`}>
            <thead>
              <tr>
                <th aria-label="Result" />
                <th>Expected</th>
                <th>Actual</th>
                <th>What happened</th>
              </tr>
            </thead>
            <tbody>
              {r.assertions.map((a, i) => (
                <tr key={i} className={a.pass ? 'is-pass' : `${styles.isFail}`} data-testid="assertion-result" data-pass={a.pass}>
                  <td>
                    <span className={authoringStyles.checkN}>{i + 1}</span>
                    {a.pass ? <Check size={13} className="ok" aria-label="passed" /> : <X size={13} className="bad" aria-label="failed" />}
                  </td>
                  <td className="mono">{a.assertion.path ? <span className={styles.assertPath}>{a.assertion.path} </span> : null}{a.expected}</td>
                  <td className="mono">{a.actual}</td>
                  <td>
                    {a.message}
                    {a.suggestion && (
                      <button type="button" className="link-btn check-use-path" onClick={() => fixes.usePath(r, i, a.suggestion!)} title="Write this path into the check (saved in the request's file) and run again" data-testid="check-use-suggestion">
                        Use {a.suggestion}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {r.assertions.map((a, i) =>
            a.pass ? null : (
              <CheckFailure key={i} n={i + 1} result={a} outcome={r.outcome} onIgnore={'equals' in a.assertion ? (p) => fixes.ignore(r, i, p) : undefined} />
            ),
          )}
        </div>
      )}
    </li>
  );
}

/** "The request passed" for one, "All 3 passed" or "1 of 3 failed" for more. */
function runSummary(n: number, failed: number): string {
  if (n === 1) return failed ? 'The request failed' : 'The request passed';
  return failed ? `${failed} of ${n} failed` : `All ${n} passed`;
}
