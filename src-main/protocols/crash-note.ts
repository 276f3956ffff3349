/**
 * What a supervised skill (a persistent process or an MCP server) leaves behind when it ends unasked: a line in
 * its log and a crash mark on its timeline, with its last stderr lines, so a recording explains the crash wherever
 * it is opened. A start that failed keeps more of its output: that output is the whole story, shown behind
 * "Details" (npm's 404 runs to eight lines, a traceback to dozens).
 */
import type { SkillRef } from '../contract';
import type { ExitInfo } from '../engine/child';
import type { AdapterContext } from './adapter';

const TAIL_LINES = 20;
const START_OUTPUT_LINES = 100;

/** `startedAt`: the log's mark where a start that failed began (undefined for a crash of one that was up). */
export function noteCrash(ref: SkillRef, ctx: AdapterContext, detail: string, info: ExitInfo, startedAt: number | undefined): void {
  const starting = startedAt !== undefined;
  // Taken before our own line below, which is no part of what the skill said.
  const stderrTail = starting ? ctx.logs.tail('stderr', START_OUTPUT_LINES, startedAt) : ctx.logs.tail('stderr', TAIL_LINES);
  ctx.logs.append('system', starting ? detail : `${ref.name} stopped unexpectedly: ${detail}`);
  const data = { stderrTail, code: info.code, signal: info.signal, ...(starting ? { starting: true } : {}) };
  ctx.onTimeline?.({ kind: 'crash', label: detail, outcome: 'error', data });
}
