import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleCheck, CircleX, GitCompareArrows } from 'lucide-react';
import { PROTOCOL_LABELS, type RecordingView, type ReplayCase, type ReplayReport } from '@contract';
import * as recordings from '../../actions/recordings';
import { messageOf } from '../../actions/errors';
import { Button } from '../common/Button';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { JsonTree } from '../common/JsonTree';
import { Spinner } from '../common/Spinner';
import { argsSummary } from './RecordedCalls';
import { DifferenceList } from './DifferenceList';
import { SideBySide } from './SideBySide';
import { draftOf, ToleranceEditor, toleranceOf, type ToleranceDraft } from './ToleranceEditor';
import { ReplayTurns } from './ReplayTurns';
// Global class names kept beside the module classes: tests select .result-tool, .rec-call-n.
import styles from './ReplayPanel.module.css';
import toolsStyles from '../tools/tools.module.css';
import recordingsStyles from './recordings.module.css';

/**
 * Replay in the app: the skill started afresh, every recorded call made again, and each answer next to
 * the recorded one. A call's tolerance is edited here, saved into the recording, and the replay runs again.
 */
export function ReplayPanel({ view, runToken, onToleranceSaved }: { view: RecordingView; runToken: number; onToleranceSaved(): void }) {
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const runs = useRef(0);

  const run = useCallback(async () => {
    const n = ++runs.current;
    setRunning(true);
    setError(null);
    try {
      const r = await recordings.replayRecording(view.file);
      if (n !== runs.current) return;
      setReport(r);
    } catch (err) {
      if (n === runs.current) setError(messageOf(err));
    } finally {
      if (n === runs.current) setRunning(false);
    }
  }, [view.file]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a replay asked for by the parent's token; the running flag is set as it starts
    if (runToken > 0) void run();
  }, [runToken, run]);

  const head = (
    <div className="toolbar replay-bar">
      <Button size="sm" variant={report ? 'default' : 'primary'} icon={<GitCompareArrows size={13} />} onClick={() => void run()} busy={running} disabled={running} data-testid="replay-again">
        {report ? 'Replay again' : 'Replay'}
      </Button>
      {running && <span className="muted small"><Spinner size={12} /> Starting {view.header.skill.name} afresh and making {view.calls.filter((c) => c.outcome).length} calls…</span>}
      {report && !running && <ReplaySummary report={report} />}
    </div>
  );

  if (!report) {
    return (
      <div className={styles.replayPanel}>
        {head}
        {error ? (
          <div className="panel-pad"><ErrorNote title="The replay did not run" message={error} /></div>
        ) : (
          !running && (
            <EmptyState icon={<GitCompareArrows size={22} />} title="Replay this recording">
              <span data-testid="replay-runs">
                Replay runs {view.header.skill.name} ({PROTOCOL_LABELS[view.header.skill.protocol]}) from <code>{view.header.skill.dir}</code>, the open skill the
                recording names (one outside the open folders is not run).
              </span>{' '}
              It is started afresh and every recorded call is made again, in order, with the same arguments. Each answer is
              compared with the recorded one, exactly or by the tolerance you set per call.
            </EmptyState>
          )
        )}
      </div>
    );
  }

  const current = report.cases.find((c) => c.seq === picked) ?? report.cases.find((c) => !c.match) ?? report.cases[0];
  // A call keeps the number it has in the recording's Calls list (a call that got no answer is not replayed).
  const callNo = new Map(view.calls.map((c, i) => [c.seq, i + 1]));
  return (
    <div className={styles.replayPanel}>
      {head}
      {error && <div className="panel-pad-sm"><ErrorNote title="The replay did not run" message={error} /></div>}
      {report.turns && <div className="panel-pad-sm"><ReplayTurns turns={report.turns} /></div>}
      {(report.folderChanged || report.warnings.length > 0) && (
        <div className={`panel-pad-sm ${styles.replayNotes}`}>
          {report.folderChanged && (
            <ErrorNote tone="warning" message="The skill’s files changed since this was recorded (its folder hash differs): differences may come from that change." />
          )}
          {report.warnings.map((w) => <ErrorNote key={w} tone="warning" message={w} />)}
        </div>
      )}
      {!report.cases.length ? (
        <EmptyState compact title="Nothing to replay">The recording holds no answered calls.</EmptyState>
      ) : (
        <div className={recordingsStyles.recSplit}>
          <ol className={recordingsStyles.recCalls} aria-label="Replayed calls">
            {report.cases.map((c, i) => (
              <li key={c.seq}>
                <button type="button" className={`${recordingsStyles.recCall}${c === current ? ' selected' : ''}`} onClick={() => setPicked(c.seq)} data-testid="replay-case" data-match={String(c.match)}>
                  <span className={`${recordingsStyles.recCallN} rec-call-n`}>{callNo.get(c.seq) ?? i + 1}</span>
                  {c.match ? <CircleCheck size={13} className="status-text-ready" aria-label="matches" /> : <CircleX size={13} className="status-text-crashed" aria-label="differs" />}
                  <span className={recordingsStyles.recCallMain}>
                    <span className={recordingsStyles.recCallLine}>
                      <span className={recordingsStyles.recCallTool}>{c.tool}</span>
                      {c.tolerance && <span className="kind-badge" title="Compared with a tolerance">tolerance</span>}
                    </span>
                    <span className={recordingsStyles.recCallArgs}>{argsSummary(c.args)}</span>
                  </span>
                  <span className={`${recordingsStyles.recCallMeta}${c.match ? '' : ' status-text-crashed'}`}>
                    {c.match ? 'matches' : `${c.differences.length} ${c.differences.length === 1 ? 'difference' : 'differences'}`}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          <div className={recordingsStyles.recDetail}>
            {current && <CaseView key={`${current.seq}`} file={view.file} c={current} n={callNo.get(current.seq)} onSaved={() => {
                  setPicked(current.seq);
                  onToleranceSaved();
                  void run();
                }} rerunning={running} />}
          </div>
        </div>
      )}
    </div>
  );
}

function ReplaySummary({ report }: { report: ReplayReport }) {
  const n = report.cases.length;
  return (
    <span className={styles.replaySummary} data-testid="replay-summary" aria-live="polite">
      {report.mismatched === 0 ? (
        <span className="pill pill-ok"><CircleCheck size={12} aria-hidden="true" /> {n === 1 ? 'The call matches' : `All ${n} calls match`}</span>
      ) : (
        <span className="pill pill-error"><CircleX size={12} aria-hidden="true" /> {n === 1 ? 'The call differs' : `${report.mismatched} of ${n} calls differ`}</span>
      )}
      {report.turns && (report.turns.every((t) => t.match)
        ? <span className="pill pill-ok">{report.turns.length === 1 ? 'The chat turn goes as recorded' : `All ${report.turns.length} chat turns go as recorded`}</span>
        : <span className="pill pill-error">{`${report.turns.filter((t) => !t.match).length} of ${report.turns.length} chat turns go otherwise`}</span>)}
      <span className="muted small">against {report.skill.name}{report.skill.version ? ` v${report.skill.version}` : ''}</span>
    </span>
  );
}

/** One replayed call: both results side by side, the differences in words, and its tolerance. */
function CaseView({ file, c, n, onSaved, rerunning }: { file: string; c: ReplayCase; n?: number; onSaved(): void; rerunning: boolean }) {
  const [draft, setDraft] = useState<ToleranceDraft>(() => draftOf(c.tolerance));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (clear: boolean) => {
    const parsed = clear ? { tolerance: null } : toleranceOf(draft);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const now = await recordings.setTolerance(file, c.seq, parsed.tolerance);
      setDraft(draftOf(now));
      onSaved();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const ignore = (path: string) => {
    const lines = draft.ignore.split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.includes(path)) setDraft({ ...draft, ignore: [...lines, path].join('\n') });
  };

  return (
    <div className={styles.replayCase} data-testid="replay-case-view">
      <div className={toolsStyles.resultStatus}>
        {c.match ? <span className="pill pill-ok">Matches</span> : <span className="pill pill-error">Differs</span>}
        <span className={`${toolsStyles.resultTool} result-tool`} data-testid="replay-case-title">{n !== undefined ? `Call ${n}: ` : ''}{c.tool}</span>
        <span className="spacer" />
      </div>
      <details className="disclosure">
        <summary>Arguments sent</summary>
        <JsonTree value={c.args ?? {}} label="Arguments sent" expandDepth={3} />
      </details>
      <SideBySide c={c} />
      {c.differences.length > 0 && <DifferenceList differences={c.differences} onIgnore={ignore} ignoreTitle="Add this path to the fields ignored for this call" />}
      <ToleranceEditor
        draft={draft}
        onChange={setDraft}
        onSave={() => void save(false)}
        onClear={() => void save(true)}
        busy={busy || rerunning}
        error={error}
        saved={!!c.tolerance}
      />
    </div>
  );
}
