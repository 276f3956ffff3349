import fs from 'node:fs';
import path from 'node:path';
import type { CallOutcome } from '../../contract';
import { isErrorCode, type ErrorCode } from '../../common/errors';
import { contentLine } from '../../common/mcp-content';
import { failureSite } from '../../common/traceback';
import { STRAY_LINE_NOTE } from '../../engine/rpc-process';
import { argumentProblems } from '../../agent/chat-tools';
import { startForCalls } from '../../protocols/registry';
import { AgentSkill, findScript, firstRunWarning } from '../../protocols/agent-skill';
import { readRecording } from '../../qa/recording-reader';
import type { SkillRuntime } from '../../runtime/skill-runtime';
import { parse, seconds } from '../args';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { cliSampler, MODEL_OPTIONS, modelConfigOf, unusedModelNote, withoutModelKey } from '../model-options';
import { MCP_RUN_OPTIONS, openSkill, skillTarget } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';

export const help =
  'call <path> <tool> [--mcp-config FILE --server NAME | --command "…" | --url URL --header K:V, then no <path>] [--as PROFILE] [--era auto|legacy|modern] [--args JSON | --args-file FILE] [--timeout S] [--model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR]] [--json] [--debug] [--record FILE] [--show-secrets] [--inherit-env] [--host-parity] [--confine] [--as-is]   call one tool, or run one script of an Agent Skill with --args \'["arg", …]\' (its stdout, stderr and exit code shown; a warning before its first run) (--debug: SKILL_DEBUG=1; --confine: the operating system confines the skill (Linux: Landlock and seccomp; macOS: sandbox-exec): writes only to its data folder, no network unless its settings allow it; --inherit-env: the skill gets this shell\'s whole environment, not only the safe defaults and its own variables; --record: append it to a recording, for replay; --model: an MCP server\'s sampling requests are answered by that model, as for chat; without it sampling is not offered; known secrets print as •••• unless --show-secrets; arguments that do not fit the tool\'s schema are refused before anything is sent, unless --as-is)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    args: { type: 'string' },
    'args-file': { type: 'string' },
    timeout: { type: 'string' },
    debug: { type: 'boolean' },
    record: { type: 'string' },
    'show-secrets': { type: 'boolean' },
    'as-is': { type: 'boolean' },
    ...MCP_RUN_OPTIONS,
    ...MODEL_OPTIONS,
  });
  const { target, rest } = skillTarget(positionals, values, 1);
  const [tool, extra] = rest;
  if (!tool) throw new UsageError('call needs a skill path (or an MCP server option) and a tool name (for an action skill, the action)');
  // Arguments given after the tool's name were ignored, and the call went out without them.
  if (extra !== undefined) throw new UsageError(`call takes the tool's arguments with --args, not after its name: skillbench call <path> ${tool} --args '${extra}'`);
  const args = readArgs(ctx, values.args as string | undefined, values['args-file'] as string | undefined);
  const timeoutMs = seconds(values.timeout as string | undefined, 'timeout');
  const recordTo = values.record === undefined ? undefined : resolvePath(ctx, values.record as string);
  const model = modelConfigOf(values);
  // --timeout bounds the call, not the skill's start: a busy machine may take seconds to start Python.
  const rt: SkillRuntime = openSkill(withoutModelKey(ctx, model), target, values, { sampler: cliSampler(model, ctx, () => rt) });
  const unused = unusedModelNote(model, rt);
  if (unused) io.err(unused);
  let outcome: CallOutcome;
  let recordFailure: Error | undefined;
  let listed: boolean | undefined;
  // A script of an Agent Skill does whatever it was written to do: a warning before its first run (and after it changed).
  const script = rt.adapter instanceof AgentSkill ? findScript(rt.adapter.scripts(), tool) : null;
  if (script) {
    const warning = firstRunWarning(homeOf(ctx), rt.ref, script.name);
    if (warning) io.err(`skillbench: warning: ${warning} ${values.confine ? 'It runs confined (--confine).' : 'Add --confine to confine it (writes only to its data folder, no network).'}`);
  }
  // A stray print on stdout is said as it comes: the protocol's answer may be what it pushed aside.
  const unsubscribe = rt.logs.subscribe((entries) => {
    for (const e of entries) if (e.stream === 'system' && e.text.startsWith(STRAY_LINE_NOTE)) io.err(`skillbench: warning: ${e.text}`);
  });
  try {
    if (recordTo) checkRecordingTarget(recordTo, rt);
    await startForCalls(rt);
    const listedTool = rt.info()?.tools.find((t) => t.name === tool);
    listed = !!listedTool;
    // Checked as the app's form checks them; --as-is sends them anyway (a skill's own checks under test).
    const unfit = !script && !values['as-is'] && listedTool?.inputSchema ? argumentProblems(listedTool.inputSchema, args) : null;
    if (unfit) outcome = { ok: false, durationMs: 0, error: { code: 'VALIDATION', message: `${unfit} Nothing was sent (--as-is sends them unchecked).` } };
    else if (recordTo) ({ outcome, failure: recordFailure } = await recordedCall(rt, recordTo, tool, args, timeoutMs));
    else outcome = await rt.call(tool, args, { timeoutMs });
  } finally {
    unsubscribe();
    await rt.close();
  }
  if (!outcome.ok && !model && rt.ref.protocol === 'mcp' && (listed === false || /sampling|method not found/i.test(outcome.error?.message ?? ''))) io.err(SAMPLING_HINT);
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
  } else if (script) {
    scriptOutput(io, script.name, outcome);
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

/** Why an MCP server's tool may be missing or fail its sampling here, and what to do. */
const SAMPLING_HINT =
  'Without --model, skillbench call does not offer the server sampling (a server may then not list the tools that ask a model, or get "Method not found" when it asks): give --model NAME (with --provider and --base-url for a model other than OpenAI\'s) to have that model answer.';

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
export function checkRecordingTarget(file: string, rt: SkillRuntime): void {
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
  // The headline already names the exception where the skill's error gave its type.
  const exception = message === site.exception ? '' : `: ${site.exception}`;
  return `  at ${f.file}, line ${f.line}${f.func ? `, in ${f.func}` : ''}${exception}`;
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
  NOT_KEPT: EXIT.FAILURE,
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

/** A script's run as a terminal shows it: its stdout on stdout, its stderr on stderr, then how it ended. */
function scriptOutput(io: Io, name: string, outcome: CallOutcome): void {
  const r = outcome.data as { exitCode?: number | null; stdout?: string; stderr?: string } | undefined;
  if (r?.stdout) io.out(r.stdout.replace(/\n$/, ''));
  if (r?.stderr) io.err(r.stderr.replace(/\n$/, ''));
  if (outcome.ok) io.err(`${name}: exit code 0 (${outcome.durationMs} ms)`);
  else io.err(`${name}: ${outcome.error?.message ?? 'failed'}${r?.exitCode !== undefined && r.exitCode !== null ? ` (exit code ${r.exitCode})` : ''}`);
}
