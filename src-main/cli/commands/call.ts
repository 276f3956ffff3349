import fs from 'node:fs';
import path from 'node:path';
import type { CallOutcome } from '../../contract';
import { isErrorCode, type ErrorCode } from '../../common/errors';
import { contentLine } from '../../common/mcp-content';
import { failureSite } from '../../common/traceback';
import { startForCalls } from '../../protocols/registry';
import { readRecording } from '../../qa/recording-reader';
import type { SkillRuntime } from '../../runtime/skill-runtime';
import { parse, seconds } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { MCP_RUN_OPTIONS, openSkill, skillTarget } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';

export const help =
  'call <path> <tool> [--mcp-config FILE --server NAME | --command "…" | --url URL --header K:V, then no <path>] [--as PROFILE] [--args JSON | --args-file FILE] [--timeout S] [--json] [--debug] [--record FILE] [--show-secrets] [--inherit-env] [--host-parity] [--confine]   call one tool (--debug: SKILL_DEBUG=1; --confine: the operating system confines the skill (Linux: Landlock and seccomp; macOS: sandbox-exec): writes only to its data folder, no network unless its settings allow it; --inherit-env: the skill gets this shell\'s whole environment, not only the safe defaults and its own variables; --record: append it to a recording, for replay; known secrets print as •••• unless --show-secrets; --as PROFILE: connect to an MCP server as claude-desktop, claude-code, cursor, vscode or chatgpt would: its clientInfo, capabilities and protocol version)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    args: { type: 'string' },
    'args-file': { type: 'string' },
    timeout: { type: 'string' },
    debug: { type: 'boolean' },
    record: { type: 'string' },
    'show-secrets': { type: 'boolean' },
    ...MCP_RUN_OPTIONS,
  });
  const { target, rest } = skillTarget(positionals, values, 1);
  const [tool] = rest;
  if (!tool) throw new UsageError('call needs a skill path (or an MCP server option) and a tool name (for an action skill, the action)');
  const args = readArgs(ctx, values.args as string | undefined, values['args-file'] as string | undefined);
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const recordTo = values.record === undefined ? undefined : resolvePath(ctx, values.record as string);
  // --timeout bounds the call, not the skill's start: a busy machine may take seconds to start Python.
  const rt = openSkill(ctx, target, values, {});
  let outcome: CallOutcome;
  let recordFailure: Error | undefined;
  try {
    if (recordTo) checkRecordingTarget(recordTo, rt);
    await startForCalls(rt);
    if (recordTo) ({ outcome, failure: recordFailure } = await recordedCall(rt, recordTo, tool, args, timeoutMs));
    else outcome = await rt.call(tool, args, { timeoutMs });
  } finally {
    await rt.close();
  }
  // What the skill answered may hold a secret it knows (an echoed key): a terminal or a CI log is no place for it.
  if (!values['show-secrets']) outcome = rt.redactor.value(outcome);
  if (values.json) {
    const body: Record<string, unknown> = { ok: outcome.ok, durationMs: outcome.durationMs, protocol: rt.ref.protocol };
    if (outcome.ok) body.result = outcome.data ?? outcome.text ?? null;
    else body.error = outcome.error;
    if (outcome.trace) body.trace = outcome.trace;
    // An MCP server's answer whole: its content blocks (images, links, resources) and structuredContent.
    if (outcome.mcp) body.mcp = outcome.mcp;
    io.out(json(body));
  } else if (outcome.ok) {
    io.out(plainResult(outcome));
  } else {
    io.err(`${rt.ref.name}: ${tool} failed: ${outcome.error?.message ?? 'unknown error'}`);
    const at = outcome.error?.code === 'TOOL' ? raisedAt(outcome, rt.ref.dir) : null;
    if (at) io.err(at);
    if (outcome.error?.code === 'TOOL' && outcome.text && outcome.text !== outcome.error.message) io.err(outcome.text);
    const known = (outcome.error?.details as { supported_actions?: unknown } | undefined)?.supported_actions;
    if (Array.isArray(known) && known.length) io.err(`The actions it knows: ${known.join(', ')}.`);
    const tail = outcome.stderrTail ?? [];
    if (tail.length && outcome.error?.code !== 'TOOL') io.err(`Last stderr lines:\n${tail.slice(-10).map((l) => `  ${l}`).join('\n')}`);
  }
  if (recordFailure) {
    io.err(`The recording ${recordTo} could not be written (${recordFailure.message}); it keeps what was written before.`);
    return 2;
  }
  return exitCode(outcome);
}

/**
 * A result as plain text: the structured data as JSON, else the text. An MCP answer's parts each have their line:
 * text as it is, an image, audio or a resource link as a placeholder (`[image: image/png, 12 KB]`), so none is left out.
 */
export function plainResult(outcome: CallOutcome): string {
  const mcp = outcome.mcp;
  if (!mcp) return outcome.data !== undefined ? json(outcome.data) : outcome.text ?? '';
  const lines = mcp.structuredContent !== undefined
    ? [json(mcp.structuredContent), ...mcp.content.filter((b) => b.type !== 'text').map(contentLine)]
    : mcp.content.map(contentLine);
  return lines.join('\n');
}

/**
 * The call, recorded: the runtime's recorder (opened after start, so the header knows the version) takes
 * every protocol message of the call as it happens, between the call-start and the call record, and is
 * closed (writing the `end` record) before the skill is shut down.
 */
async function recordedCall(rt: SkillRuntime, file: string, tool: string, args: unknown, timeoutMs?: number): Promise<{ outcome: CallOutcome; failure?: Error }> {
  rt.startRecording(file);
  const { outcome } = await rt.recordedCall(tool, args, { timeoutMs });
  const failure = rt.stopRecording()?.failure ?? undefined; // the shutdown that follows is not part of the call
  return { outcome, failure };
}

/** One recording holds one skill: appending another's calls would make its replay call the wrong skill. */
function checkRecordingTarget(file: string, rt: SkillRuntime): void {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return;
  const { header } = readRecording(file);
  if (path.resolve(header.skill.dir) !== path.resolve(rt.ref.dir) || header.skill.name !== rt.ref.name) {
    throw new UsageError(`${file} records ${header.skill.name} (${header.skill.dir}), not ${rt.ref.name}: record into another file`);
  }
}

/** "  at <file>, line N, in <function>: <exception>", where the failed call's traceback is in the skill's own code. */
function raisedAt(outcome: CallOutcome, dir: string): string | null {
  const site = failureSite(outcome.stderrTail ?? [], dir);
  const message = outcome.error?.message.split('\n')[0];
  if (!site?.frame || !message || !site.exception.endsWith(message)) return null;
  const f = site.frame;
  return `  at ${f.file}, line ${f.line}${f.func ? `, in ${f.func}` : ''}: ${site.exception}`;
}

/** The exit code for each of the workbench's error codes: the compiler checks that none is left out. */
const EXIT_OF: Record<ErrorCode, number> = {
  TIMEOUT: EXIT.TIMEOUT,
  CRASHED: EXIT.FAILURE,
  PROTOCOL: EXIT.FAILURE,
  LAUNCH: EXIT.FAILURE,
  NOT_FOUND: EXIT.FAILURE,
  UNSUPPORTED: EXIT.FAILURE,
  STOPPED: EXIT.FAILURE,
  TOOL: EXIT.TOOL_ERROR,
  CANCELLED: EXIT.TOOL_ERROR,
  VALIDATION: EXIT.TOOL_ERROR,
  CAPABILITY: EXIT.TOOL_ERROR,
};

export function exitCode(outcome: CallOutcome): number {
  if (outcome.ok) return EXIT.OK;
  const code = outcome.error?.code;
  // A skill's own code (an action script's "UNKNOWN_ACTION", say) is the tool reporting an error.
  return isErrorCode(code) ? EXIT_OF[code] : EXIT.TOOL_ERROR;
}

function readArgs(ctx: CommandContext, inline?: string, file?: string): unknown {
  if (inline !== undefined && file !== undefined) throw new UsageError('give --args or --args-file, not both');
  let text = inline;
  let where = '--args';
  if (file !== undefined) {
    where = file;
    try {
      text = fs.readFileSync(resolvePath(ctx, file), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read --args-file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${where} is not valid JSON (${(err as Error).message})`);
  }
}
