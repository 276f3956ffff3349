/**
 * One copy of a call's result on its way to a window. An outcome often holds its result twice or more: a text
 * result that is JSON is also parsed into `data` (for the tree view), and an MCP server's answer is kept whole in
 * `mcp` besides its text blocks in `text` and its structuredContent in `data`. Stored outcomes (recordings, the
 * history file) keep that shape; what goes to a window keeps one copy (`compactOutcome`, flagged by `resultIn`)
 * and the window's client makes the other again as the answer arrives (`expandOutcome`). An outcome without the
 * flag (an old one, or one that held its result once) is left as it is either way.
 */
import type { CallOutcome, CallRecord, CallSummary, McpContentBlock } from '../contract';
import { parseBounded } from './json-depth';

/** An error message in a summary is cut here: the record has it whole. */
const SUMMARY_MESSAGE_CHARS = 300;

/** The text blocks of an MCP answer, as `text` joins them. */
function mcpText(content: readonly McpContentBlock[]): string {
  let out = '';
  let first = true;
  for (const c of content) {
    if (c?.type !== 'text' || typeof c.text !== 'string') continue;
    out += first ? c.text : `\n${c.text}`;
    first = false;
  }
  return out;
}

/** `data` as parsed from a text that is JSON (what textOutcome does), else undefined. */
function dataOfText(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return parseBounded(t).value;
  } catch {
    return undefined;
  }
}

/** The outcome with its result once (see the module's comment); the same object when there is nothing to drop. */
export function compactOutcome(o: CallOutcome): CallOutcome {
  if (o.resultIn || o.text === undefined || (o.data === undefined && !o.mcp)) return o;
  if (o.mcp) {
    const fromText = o.mcp.structuredContent === undefined || o.data !== o.mcp.structuredContent;
    // Both must be made again the same way they were made: else keep the outcome as it is.
    if (o.text !== mcpText(o.mcp.content)) return o;
    if (fromText && o.data !== undefined && (o.trace?.tooDeep !== undefined)) return o;
    const { text: _text, data: _data, ...rest } = o;
    return { ...rest, resultIn: 'mcp' };
  }
  // Data parsed from the text: one of them goes. A result cut for depth keeps its text (the data lost levels).
  if (o.trace?.tooDeep !== undefined) {
    const { data: _data, ...rest } = o;
    return { ...rest, resultIn: 'text' };
  }
  const { text: _text, ...rest } = o;
  return { ...rest, resultIn: 'data' };
}

/** The outcome as it was before `compactOutcome` (a copy); any other outcome as it is. */
export function expandOutcome(o: CallOutcome): CallOutcome {
  if (!o.resultIn) return o;
  const { resultIn, ...out } = o;
  if (resultIn === 'data') out.text = JSON.stringify(o.data, null, 2);
  else if (resultIn === 'text') {
    const data = dataOfText(o.text ?? '');
    if (data !== undefined) out.data = data;
  } else if (o.mcp) {
    out.text = mcpText(o.mcp.content);
    const data = o.mcp.structuredContent ?? dataOfText(out.text);
    if (data !== undefined) out.data = data;
  }
  return out;
}

export function compactRecord(r: CallRecord): CallRecord;
export function compactRecord(r: CallRecord | null): CallRecord | null;
export function compactRecord(r: CallRecord | null): CallRecord | null {
  if (!r?.outcome) return r;
  const outcome = compactOutcome(r.outcome);
  return outcome === r.outcome ? r : { ...r, outcome };
}

export function expandRecord(r: CallRecord): CallRecord;
export function expandRecord(r: CallRecord | null): CallRecord | null;
export function expandRecord(r: CallRecord | null): CallRecord | null {
  if (!r?.outcome?.resultIn) return r;
  return { ...r, outcome: expandOutcome(r.outcome) };
}

/** What the `call` event says of a call: `argsBytes`/`resultBytes` are the sizes of its JSON, measured by the caller. */
export function callSummary(r: CallRecord, argsBytes: number, resultBytes?: number): CallSummary {
  const s: CallSummary = { callId: r.callId, skillId: r.skillId, tool: r.tool, startedAt: r.startedAt, status: r.status, argsBytes };
  const o = r.outcome;
  if (!o) return s;
  s.ok = o.ok;
  s.durationMs = o.durationMs;
  if (resultBytes !== undefined) s.resultBytes = resultBytes;
  if (o.error) {
    const m = o.error.message;
    s.error = { code: o.error.code, message: m.length > SUMMARY_MESSAGE_CHARS ? `${m.slice(0, SUMMARY_MESSAGE_CHARS)}…` : m };
  }
  return s;
}

/** Equal as JSON values (what scrubbing a copy leaves equal when it masked nothing). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
