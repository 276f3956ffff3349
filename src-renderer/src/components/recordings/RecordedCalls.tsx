import { useState } from 'react';
import { CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import type { CallRecord, RecordedCall, RecordingView } from '@contract';
import { CallResultView } from '../tools/CallResultView';
import { EmptyState } from '../common/EmptyState';
import { JsonTree } from '../common/JsonTree';
import { formatClock, formatDateTime, formatDuration } from '../../lib/format';
// Global class names kept beside the module classes: tests select .result-tool, .rec-call-n; .call-result is
// styled in its context by common.module.css.
import styles from './RecordedCalls.module.css';
import toolsStyles from '../tools/tools.module.css';
import recordingsStyles from './recordings.module.css';

/** The recorded calls, in order, and the one picked: shown as the Tools tab shows a result. */
export function RecordedCalls({ view }: { view: RecordingView }) {
  const [picked, setPicked] = useState<number | null>(null);
  const call = view.calls.find((c) => c.seq === picked) ?? view.calls[0];
  if (!view.calls.length && !view.hooks.length) {
    return <EmptyState compact title="No calls in this recording">Calls made while recording show up here with their arguments and results.</EmptyState>;
  }
  return (
    <div className={recordingsStyles.recSplit}>
      <ol className={recordingsStyles.recCalls} aria-label="Recorded calls">
        {view.calls.map((c, i) => (
          <li key={c.seq}>
            <button type="button" className={`${recordingsStyles.recCall}${c === call ? ' selected' : ''}`} onClick={() => setPicked(c.seq)} data-testid="recorded-call">
              <span className={`${recordingsStyles.recCallN} rec-call-n`}>{i + 1}</span>
              <CallIcon call={c} />
              <span className={recordingsStyles.recCallMain}>
                <span className={recordingsStyles.recCallLine}>
                  <span className={recordingsStyles.recCallTool}>{c.tool}</span>
                  {c.outcome?.error && <span className="code-badge">{c.outcome.error.code}</span>}
                  {c.tolerance && <span className="kind-badge" title="Compared with a tolerance on replay">tolerance</span>}
                </span>
                <span className={recordingsStyles.recCallArgs}>{argsSummary(c.args)}</span>
              </span>
              <span className={recordingsStyles.recCallMeta} title={formatDateTime(c.time)}>
                {c.outcome ? formatDuration(c.outcome.durationMs) : 'no answer'}
                <br />
                {formatClock(c.time)}
              </span>
            </button>
          </li>
        ))}
        {view.hooks.map((h) => (
          <li key={`hook-${h.seq}`} className={styles.recHook}>
            <div className={recordingsStyles.recCallTool}>Message hook {h.hook}</div>
            <div className="muted small">{formatClock(h.time)}: “{h.input}” → {h.output === null ? 'unchanged' : `“${h.output}”`}</div>
          </li>
        ))}
      </ol>
      <div className={recordingsStyles.recDetail} data-testid="recorded-call-detail">
        {call && (call.outcome ? <CallResultView record={asRecord(call, view.header.skill.id)} /> : <NoAnswer call={call} />)}
        {call?.tolerance && (
          <details className="disclosure" open>
            <summary>Compared on replay with a tolerance</summary>
            <JsonTree value={call.tolerance} label="Tolerance" />
          </details>
        )}
      </div>
    </div>
  );
}

function CallIcon({ call }: { call: RecordedCall }) {
  if (!call.outcome) return <CircleHelp size={13} className="status-text-stopped" aria-label="no answer recorded" />;
  return call.outcome.ok ? (
    <CircleCheck size={13} className="status-text-ready" aria-label="succeeded" />
  ) : (
    <CircleX size={13} className="status-text-crashed" aria-label="failed" />
  );
}

function NoAnswer({ call }: { call: RecordedCall }) {
  return (
    <div className={`${toolsStyles.callResult} call-result`}>
      <div className={toolsStyles.resultStatus}>
        <span className="pill pill-muted">No answer recorded</span>
        <span className={`${toolsStyles.resultTool} result-tool`}>{call.tool}</span>
        <span className={toolsStyles.resultMeta}>{formatClock(call.time, true)}</span>
      </div>
      <p className="muted">The recording ends before this call was answered: the skill, the app or the workbench stopped while it ran.</p>
      <h3 className="section-title">Arguments sent</h3>
      <JsonTree value={call.args ?? {}} label="Arguments sent" expandDepth={3} />
    </div>
  );
}

/** `operation: "swap" · gas_price_gwei: 30`, short enough for one line. */
export function argsSummary(args: unknown): string {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args === undefined ? '' : clip(JSON.stringify(args) ?? '');
  const parts = Object.entries(args).map(([k, v]) => `${k}: ${clip(JSON.stringify(v) ?? 'null', 30)}`);
  return parts.length ? clip(parts.join(' · ')) : 'no arguments';
}

function clip(s: string, n = 90): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function asRecord(c: RecordedCall, skillId: string): CallRecord {
  return { callId: c.callId, skillId, tool: c.tool, args: c.args, startedAt: c.time, status: 'done', outcome: c.outcome };
}
