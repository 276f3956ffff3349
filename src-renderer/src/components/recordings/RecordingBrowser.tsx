import { useState } from 'react';
import { Copy, FileDown, GitCompareArrows, RefreshCw } from 'lucide-react';
import type { RecordingInfo, RecordingView, ReportFormat } from '@contract';
import * as recordings from '../../actions/recordings';
import { useStore } from '../../store';
import { toastError } from '../../actions/errors';
import { copyText } from '../../lib/clipboard';
import { basename, formatDuration } from '../../lib/format';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { Tabs, TabPanel, type TabDef } from '../common/Tabs';
import { RecordedCalls } from './RecordedCalls';
import { RecordedMessages } from './RecordedMessages';
import { RecordedStderr } from './RecordedStderr';
import { RecordedTimeline } from './RecordedTimeline';
import { ReplayPanel } from './ReplayPanel';
import { recordedAt, useRecordingView } from './use-recording';
// Global class names kept beside the module classes: .rec-browser is styled in its context by
// TimelineEntries.module.css, timeline.module.css.
import styles from './RecordingBrowser.module.css';
import recordingsStyles from './recordings.module.css';

type View = 'calls' | 'messages' | 'timeline' | 'stderr' | 'replay';

/** One recording opened: what it holds at a glance, its views, the report and the replay. */
export function RecordingBrowser({ info }: { info: RecordingInfo }) {
  const { view, error, reload } = useRecordingView(info);
  const [tab, setTab] = useState<View>('calls');
  const [replayAsked, setReplayAsked] = useState(0);

  if (!view) {
    return error ? (
      <section className={`${styles.recBrowser} rec-browser panel-pad`}>
        <ErrorNote title="Could not open this recording" message={error}>
          <Button size="sm" onClick={reload}>Try again</Button>
        </ErrorNote>
      </section>
    ) : (
      <section className={`${styles.recBrowser} rec-browser`}><div className="panel-loading"><Spinner /> Reading the recording…</div></section>
    );
  }

  const failed = view.calls.filter((c) => c.outcome && !c.outcome.ok).length;
  const tabs: TabDef<View>[] = [
    { id: 'calls', label: 'Calls', badge: view.calls.length },
    { id: 'messages', label: 'Messages', badge: view.messages.length },
    { id: 'timeline', label: 'Timeline', badge: view.timeline.length },
    { id: 'stderr', label: 'Stderr', badge: view.stderr.length || undefined },
    { id: 'replay', label: 'Replay' },
  ];
  const prefix = `rec-${view.header.startedAt}`;
  const replay = () => {
    setTab('replay');
    setReplayAsked((n) => n + 1);
  };

  return (
    <section className={`${styles.recBrowser} rec-browser`} aria-label={`Recording ${view.header.name}`} data-testid="recording-browser">
      <header className={styles.recHead}>
        <div className={styles.recHeadTitle}>
          <h2 data-testid="recording-name">{view.header.name}</h2>
          {view.active && <span className={recordingsStyles.recLivePill}><span className={recordingsStyles.recDot} aria-hidden="true" />recording</span>}
          <span className="spacer" />
          <Button size="sm" variant="primary" icon={<GitCompareArrows size={13} />} onClick={replay} data-testid="replay-run" disabled={!view.calls.some((c) => c.outcome)}>
            Replay
          </Button>
          <ReportButtons file={view.file} />
          <IconButton size="sm" label="Read the file again" icon={<RefreshCw size={13} />} onClick={reload} />
        </div>
        <div className={styles.recHeadMeta}>
          <span>{recordedAt(view.header.startedAt)}</span>
          <span className="dot-sep" aria-hidden="true">·</span>
          <span>{lengthOf(view)}</span>
          <span className="dot-sep" aria-hidden="true">·</span>
          <span>{view.header.skill.name}{view.header.skill.version ? ` v${view.header.skill.version}` : ''}</span>
          <span className="dot-sep" aria-hidden="true">·</span>
          <span className={styles.recFile} title={view.file}>{basename(view.file)}</span>
          <IconButton worksOffline size="sm" label="Copy the file's path" icon={<Copy size={12} />} onClick={() => void copyText(view.file, 'Path copied')} />
        </div>
        <ul className={styles.recStats} aria-label="What the recording holds">
          <Stat label="records" value={view.records} />
          <Stat label="calls" value={view.calls.length} extra={failed ? `${failed} failed` : undefined} tone={failed ? 'error' : undefined} />
          <Stat label="messages" value={view.messages.length} />
          <Stat label="notes" value={view.timeline.filter((t) => t.kind === 'note').length} />
          <Stat label="ticks" value={view.timeline.filter((t) => t.kind === 'tick').length} hideZero />
          <Stat label="events" value={view.timeline.filter((t) => t.kind === 'event').length} hideZero />
          <Stat label="crashes" value={view.timeline.filter((t) => t.kind === 'crash').length} tone="error" hideZero />
        </ul>
        {view.warnings.length > 0 && (
          <ErrorNote tone="warning" title="Reading this recording" message={view.warnings.join('\n')} />
        )}
      </header>
      <Tabs<View> tabs={tabs} active={tab} onChange={setTab} idPrefix={prefix} className="subtabs" testIdPrefix="rec-tab-" />
      <TabPanel idPrefix={prefix} id={tab} className={styles.recPanel}>
        {tab === 'calls' && <RecordedCalls view={view} />}
        {tab === 'messages' && <RecordedMessages messages={view.messages} />}
        {tab === 'timeline' && <RecordedTimeline entries={view.timeline} />}
        {tab === 'stderr' && <RecordedStderr lines={view.stderr} />}
        {tab === 'replay' && <ReplayPanel view={view} runToken={replayAsked} onToleranceSaved={reload} />}
      </TabPanel>
    </section>
  );
}

function Stat({ label, value, extra, tone, hideZero }: { label: string; value: number; extra?: string; tone?: 'error'; hideZero?: boolean }) {
  if (hideZero && value === 0) return null;
  return (
    <li className={`${styles.recStat}${tone ? ` tone-${tone}` : ''}`} data-testid={`rec-stat-${label}`}>
      <strong>{value.toLocaleString()}</strong> {label}
      {extra && <span className={styles.recStatExtra}>{extra}</span>}
    </li>
  );
}

function lengthOf(v: RecordingView): string {
  if (v.active) return 'still recording';
  if (v.endedAt !== undefined) return `${formatDuration(v.endedAt - v.header.startedAt)} long`;
  return 'ended without a stop (the app or the workbench was closed or killed)';
}

/** Writes the report next to the recording; in the browser it is also downloaded. */
function ReportButtons({ file }: { file: string }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const host = useStore((s) => s.host);
  const exportAs = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const r = await recordings.exportReport(file, format);
      if (host?.kind !== 'electron') download(basename(r.file), r.text, format === 'html' ? 'text/html' : 'text/markdown');
      useStore.getState().pushToast('success', `Report written to ${r.file}`);
    } catch (err) {
      toastError(err, 'Could not write the report');
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className={`segmented ${styles.recReport}`} role="group" aria-label="Export a report" title="Export a readable report, written next to the recording">
      <span className={styles.recReportLabel}>Report</span>
      <button type="button" onClick={() => void exportAs('markdown')} disabled={busy !== null} data-testid="report-markdown" title="A Markdown report: what was done, what failed, the notes">
        <FileDown size={12} aria-hidden="true" /> Markdown
      </button>
      <button type="button" onClick={() => void exportAs('html')} disabled={busy !== null} data-testid="report-html" title="The same report as one self-contained HTML page">
        HTML
      </button>
    </span>
  );
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
