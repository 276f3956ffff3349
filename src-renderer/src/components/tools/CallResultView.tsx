import { useState } from 'react';
import { CircleCheck, CircleX, Copy, Eye, EyeOff, LoaderCircle, Play, SquareTerminal } from 'lucide-react';
import { REDACTED, type CallRecord } from '@contract';
import { revealCall } from '../../actions/tools';
import { toastError } from '../../actions/errors';
import { useStore } from '../../store';
import { JsonTree, type TreePath } from '../common/JsonTree';
import { SaveRequestDialog } from '../authoring/SaveRequestDialog';
import { checkPathOf, draftOfPick, type CheckDraft } from '../authoring/assertion-drafts';
import { StderrTail } from './StderrTail';
import { ErrorNote } from '../common/ErrorNote';
import { Button, IconButton } from '../common/Button';
import { formatDuration, formatWhen, pretty, tryParseJson } from '../../lib/format';
import { copyText } from '../../lib/clipboard';
import { copyCallCommand } from '../../actions/copy-command';
import { deepEqual } from '../../lib/deep-equal';
import { McpToolResult } from '../mcp/McpToolResult';
// Global class names kept beside the module classes: tests select .result-tool, .result-text; .call-result is
// styled in its context by common.module.css; .result-block is styled in its context by JsonTree.module.css.
import toolsStyles from './tools.module.css';

function TextResult({ text, title = 'Text (parsed as JSON)', onPick }: { text: string; title?: string; onPick?(path: TreePath, value: unknown): void }) {
  const parsed = tryParseJson(text);
  const [raw, setRaw] = useState(false);
  if (!parsed) return <pre className={`${toolsStyles.resultText} result-text`}>{text}</pre>;
  return (
    <div className={`${toolsStyles.resultBlock} result-block`}>
      <div className={toolsStyles.resultBlockHead}>
        <span className="muted">{title}</span>
        <button type="button" className="link-btn" onClick={() => setRaw(!raw)}>{raw ? 'Show as tree' : 'Show raw text'}</button>
      </div>
      {raw ? <pre className={`${toolsStyles.resultText} result-text`}>{text}</pre> : <JsonTree value={parsed.value} label="Result" onPick={onPick} pickAction="Check this" />}
    </div>
  );
}

/**
 * Secrets arrive masked (••••). Reveal asks the workbench for this one call as the skill answered it; the
 * clear text lives in this view only (never in the store or the history) and goes with Hide.
 */
function useReveal(record: CallRecord): { shown: CallRecord; masked: boolean; revealed: boolean; toggle(): void } {
  const [revealed, setRevealed] = useState<CallRecord | null>(null);
  const mine = revealed && revealed.callId === record.callId ? revealed : null;
  const masked = !mine && record.status === 'done' && JSON.stringify(record).includes(REDACTED);
  const toggle = () => {
    if (mine) return setRevealed(null);
    void revealCall(record.skillId, record.callId)
      .then((clear) => {
        if (clear) setRevealed(clear);
        else useStore.getState().pushToast('info', 'The secrets of this call are no longer held: only the latest calls of this session can be revealed.');
      })
      .catch((err) => toastError(err, 'Could not reveal the secrets'));
  };
  return { shown: mine ?? record, masked, revealed: !!mine, toggle };
}

/**
 * One call's outcome: text, structured data, a plain-words error with the stderr around it, and the trace.
 * `checkable`: a value picked in the result's tree becomes a check of a saved request ("Check this").
 */
export function CallResultView({ record: given, onRunAgain, checkable }: { record: CallRecord; onRunAgain?(): void; checkable?: boolean }) {
  const reveal = useReveal(given);
  const [picked, setPicked] = useState<CheckDraft | null>(null);
  const record = reveal.shown;
  const o = record.outcome;
  const running = record.status === 'running' || !o;
  const copyable = o ? (o.text ?? (o.data !== undefined ? pretty(o.data) : o.error?.message ?? '')) : '';
  // Many skills send the same JSON as text and as structured data: one tree is enough.
  const parsedText = o?.text ? tryParseJson(o.text) : undefined;
  const textIsData = !!parsedText && o?.data !== undefined && deepEqual(parsedText.value, o.data);
  // A tree of the data (or of text that is the same data) names its fields from `data`; text alone from `text`.
  // Not while secrets are revealed: a check is saved to a file, and a secret never is.
  const pickIn = (root: 'data' | 'text') => (checkable && !reveal.revealed ? (path: TreePath, value: unknown) => setPicked(draftOfPick(checkPathOf(root, path), value)) : undefined);
  return (
    <div className={`${toolsStyles.callResult} call-result`} data-testid="tool-result" data-ok={o ? String(o.ok) : undefined}>
      <div className={toolsStyles.resultStatus}>
        {running ? (
          <span className="pill pill-busy"><LoaderCircle size={13} className="spin" aria-hidden="true" /> Running</span>
        ) : o.ok ? (
          <span className="pill pill-ok"><CircleCheck size={13} aria-hidden="true" /> Success</span>
        ) : (
          <span className="pill pill-error"><CircleX size={13} aria-hidden="true" /> {o.error?.code === 'CANCELLED' ? 'Cancelled' : o.error?.code === 'NOT_KEPT' ? 'Not kept' : 'Failed'}</span>
        )}
        {o?.trace?.form === 'not JSON' && (
          <span className="pill pill-muted" data-testid="not-json" title="The skill printed text (Markdown, say), not the JSON document its protocol describes: it is shown as text.">Text · not JSON</span>
        )}
        <span className={`${toolsStyles.resultTool} result-tool`}>{record.tool}</span>
        {o && <span className={toolsStyles.resultMeta}>{formatDuration(o.durationMs)}</span>}
        <span className={toolsStyles.resultMeta} title={new Date(record.startedAt).toLocaleString()}>{formatWhen(record.startedAt)}</span>
        <span className="spacer" />
        {(reveal.masked || reveal.revealed) && (
          <IconButton
            size="sm"
            label={reveal.revealed ? 'Hide the secrets again' : 'Reveal the secrets this result holds (shown as ••••)'}
            icon={reveal.revealed ? <EyeOff size={13} /> : <Eye size={13} />}
            onClick={reveal.toggle}
            data-testid="result-reveal"
            aria-pressed={reveal.revealed}
          />
        )}
        <IconButton size="sm" label="Copy as command: this call as a skillbench call line" icon={<SquareTerminal size={13} />} onClick={() => void copyCallCommand(record.skillId, record.tool, record.args)} data-testid="result-copy-command" />
        {copyable && <IconButton worksOffline size="sm" label="Copy the result" icon={<Copy size={13} />} onClick={() => void copyText(copyable, 'Result copied')} />}
        {onRunAgain && !running && (
          <Button size="sm" icon={<Play size={12} />} onClick={onRunAgain}>Run again</Button>
        )}
      </div>

      {o?.error && !o.mcp?.isError && (
        <ErrorNote message={o.error.message} code={o.error.code}>
          {o.stderrTail && o.stderrTail.length > 0 && <StderrTail lines={o.stderrTail} skillId={record.skillId} />}
          {o.error.details !== undefined && (
            <details className="disclosure">
              <summary>Details</summary>
              <JsonTree value={o.error.details} label="Error details" />
            </details>
          )}
        </ErrorNote>
      )}

      {o?.mcp && <McpToolResult skillId={record.skillId} result={o.mcp} tool={useStore.getState().infos[record.skillId]?.tools.find((t) => t.name === record.tool)} />}
      {/* A failed MCP-style call often repeats its error as text: show it once. */}
      {!o?.mcp && o?.text !== undefined && o.text !== '' && !(o.error && o.text.trim() === o.error.message.trim()) && (
        <TextResult text={o.text} title={textIsData ? 'JSON result' : o.trace?.form === 'not JSON' ? 'Text the skill printed' : undefined} onPick={pickIn(textIsData ? 'data' : 'text')} />
      )}
      {!o?.mcp && o?.data !== undefined && !textIsData && (
        <div className={`${toolsStyles.resultBlock} result-block`}>
          <div className={toolsStyles.resultBlockHead}><span className="muted">Structured result</span></div>
          <JsonTree value={o.data} label="Structured result" onPick={pickIn('data')} pickAction="Check this" />
        </div>
      )}
      {o && o.ok && !o.mcp && (o.text === undefined || o.text === '') && o.data === undefined && (
        <p className="muted">The tool finished without returning anything.</p>
      )}

      <details className="disclosure">
        <summary>Arguments sent</summary>
        <JsonTree value={record.args ?? {}} label="Arguments sent" expandDepth={3} />
      </details>
      {o?.trace && (
        <details className="disclosure">
          <summary>Trace</summary>
          <JsonTree value={o.trace} label="Trace" />
        </details>
      )}
      {picked && (
        <SaveRequestDialog skillId={record.skillId} tool={record.tool} args={record.args ?? {}} initialChecks={[picked]} onClose={() => setPicked(null)} />
      )}
    </div>
  );
}
