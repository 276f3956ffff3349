/**
 * The local runner: one Python child per call running our `namel3ss_runner.py`, the request on stdin,
 * one JSON response on stdout. The interpreter is the app's `.venv` when it has one, else the system's.
 * Host-side failures are judged as namel3ss judges them: a non-zero exit with empty stdout is "process
 * failed" (with stderr, secrets redacted), stdout that is not JSON is "invalid JSON", and a JSON object
 * without `ok` is "unexpected output".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeExit, SkillError } from '../../common/errors';
import { parseBounded } from '../../common/json-depth';
import type { LogSink } from '../../engine/log-sink';
import { runOneShot, stderrLines } from '../../engine/one-shot';
import { asText, isObject } from '../../common/values';
import { confineSupport } from '../../host/confine';
import { pythonResources, systemPython } from '../../host/paths';
import { skillEnvironment } from '../skill-env';
import { guidance } from './messages';
import { timeoutMessage } from './timeouts';
import { PROTOCOL_VERSION } from './trace';
import type { SpawnSpec } from '../../engine/child';

export const RUNNER_SCRIPT = 'namel3ss_runner.py';
/**
 * Isolated (`-I`): PYTHONPATH, the user's site-packages and the working directory are not read at start-up, so
 * nothing in the app (a `sitecustomize.py`, a `.pth`, a `json.py`) runs before the runner confines the tool; the
 * runner puts the app's folders on sys.path itself, in the tool's process, once it is confined.
 */
export const RUNNER_FLAGS = ['-I'];
const MAX_STDOUT_BYTES = 16 * 1024 * 1024;
const STDERR_MESSAGE_CHARS = 4000;

export interface PythonChoice {
  path: string;
  env: 'venv' | 'system';
}

/** `<app>/.venv/bin/python` (Windows: `.venv\Scripts\python.exe`) when present, else the system Python. */
export function choosePython(appRoot: string): PythonChoice {
  const venv = process.platform === 'win32' ? path.join(appRoot, '.venv', 'Scripts', 'python.exe') : path.join(appRoot, '.venv', 'bin', 'python');
  if (fs.existsSync(venv)) return { path: venv, env: 'venv' };
  return { path: systemPython(), env: 'system' };
}

/** Where the app's dependencies are declared; namel3ss prefers pyproject.toml when both exist. */
export function depsSource(appRoot: string): 'pyproject.toml' | 'requirements.txt' | 'none' {
  if (fs.existsSync(path.join(appRoot, 'pyproject.toml'))) return 'pyproject.toml';
  if (fs.existsSync(path.join(appRoot, 'requirements.txt'))) return 'requirements.txt';
  return 'none';
}

export interface LocalRequest {
  appRoot: string;
  tool: string;
  entry: string;
  payload: unknown;
  timeoutMs: number;
  /** Skill env (configured env and secrets) then binding env, already merged. */
  env: Record<string, string>;
  logs: LogSink;
  signal?: AbortSignal;
  /** Run in the sandbox, enforcing this capability context (capabilities.ts). */
  sandbox?: boolean;
  capabilityContext?: Record<string, unknown>;
  /** A pack's folders, searched before the app; and where the entry's module may come from. */
  paths?: string[];
  moduleRoots?: string[];
  /** Working directory (a foreign function's workspace); the app root by default. */
  cwd?: string;
  /** "Confine this skill": wraps the runner's command (protocols/confined.ts). */
  wrap?: (spec: SpawnSpec) => SpawnSpec;
  /** `no_env_read`: not even the safe defaults (HOME, USER…), only what Python needs to start. */
  bareEnv?: boolean;
}

/** What came back: a result, the tool's own error, or a failure of the run itself. */
export type RunnerReply =
  | { ok: true; result: unknown; form?: string; checks?: Record<string, unknown>[] }
  | { ok: false; type: string; message: string; reasonCode?: string; checks?: Record<string, unknown>[] };

export interface LocalResult {
  python: PythonChoice;
  /** The request as written to stdin. */
  request: Record<string, unknown>;
  /** What stdout held: the parsed JSON, `{ raw }` when it was not JSON, or null when empty. */
  response: unknown;
  reply?: RunnerReply;
  failure?: SkillError;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  /** This call's stderr lines (redacted), for showing next to an error. */
  stderr: string[];
  /** What confined the call, as the runner (not the tool) says it. */
  enforcement?: string;
  /** How namel3ss's trace records a failure of the run itself. */
  traceError?: TraceError;
}

/** namel3ss's trace of a failure: the error's type and message (a wrapped Python error's own, where it has one). */
export interface TraceError {
  type: string;
  message: string;
}

/**
 * A tool's environment (skill-env.ts: the safe defaults and the skill's own), with the app's folder on PYTHONPATH,
 * as namel3ss gives it: the runner (started with -I) applies it in the tool's process, and Pythons the tool starts see it.
 */
export function pythonEnv(appRoot: string, extra: Record<string, string>, bare = false): NodeJS.ProcessEnv {
  const env = bare ? bareEnvironment() : skillEnvironment({ own: extra });
  const existing = env.PYTHONPATH;
  env.PYTHONPATH = existing ? `${appRoot}${path.delimiter}${existing}` : appRoot;
  return env;
}

/** PATH and the locale only: what an interpreter needs, nothing about the user. */
function bareEnvironment(): NodeJS.ProcessEnv {
  const all = skillEnvironment();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(all)) if (k === 'PATH' || k === 'LANG' || k.startsWith('LC_') || k.startsWith('PYTHON')) env[k] = v;
  return env;
}

export async function runLocal(req: LocalRequest): Promise<LocalResult> {
  const python = choosePython(req.appRoot);
  const request: Record<string, unknown> = { protocol_version: PROTOCOL_VERSION, tool: req.tool, entry: req.entry, payload: req.payload, app_root: req.appRoot };
  if (req.sandbox) request.sandbox = true;
  // Where the kernel cannot confine (or SKILLBENCH_CONFINE=off), the runner's Python guard alone holds.
  if (req.sandbox && confineSupport().landlockAbi <= 0) request.isolate = false;
  if (req.capabilityContext) request.capability_context = req.capabilityContext;
  if (req.paths?.length) request.paths = req.paths;
  if (req.moduleRoots?.length) request.module_roots = req.moduleRoots;
  const env = pythonEnv(req.appRoot, req.env, req.bareEnv);
  if (req.paths?.length) env.PYTHONPATH = [...req.paths, env.PYTHONPATH].join(path.delimiter);
  const run = await runOneShot({
    spec: (req.wrap ?? ((s: SpawnSpec) => s))({ command: python.path, args: [...RUNNER_FLAGS, path.join(pythonResources(), RUNNER_SCRIPT)], cwd: req.cwd ?? req.appRoot, env }),
    input: JSON.stringify(request),
    logs: req.logs,
    timeoutMs: req.timeoutMs,
    maxStdoutBytes: MAX_STDOUT_BYTES,
    signal: req.signal,
  });
  const text = run.stdout.trim();
  const out: LocalResult = {
    python,
    request,
    response: null,
    exitCode: run.code,
    signal: run.signal,
    durationMs: Math.round(run.durationMs),
    stderr: stderrLines(run.stderr),
  };
  if (text) {
    try {
      out.response = parseBounded(text).value;
      if (isObject(out.response) && typeof out.response.enforcement === 'string') out.enforcement = out.response.enforcement;
    } catch {
      out.response = { raw: text.slice(0, 2000) };
    }
  }
  if (run.spawnError) {
    const why = run.spawnError.message;
    const hint = python.env === 'venv' ? ' Recreate the app\'s .venv, or delete it to use the system Python.' : ' Install Python 3 or set SKILLBENCH_PYTHON.';
    out.failure = new SkillError('LAUNCH', `${why}${hint}`);
  } else if (run.cancelled) {
    out.failure = new SkillError('CANCELLED', `The call to "${req.tool}" was cancelled.`);
  } else if (run.timedOut) {
    out.failure = new SkillError('TIMEOUT', timeoutMessage(req.timeoutMs));
    out.traceError = { type: 'TimeoutExpired', message: timeoutMessage(req.timeoutMs) };
  } else if (run.overflowed) {
    out.failure = new SkillError('PROTOCOL', `Python tool wrote more than ${MAX_STDOUT_BYTES / (1024 * 1024)} MB to stdout; the process was stopped.`);
  } else if (run.code !== 0 && !text) {
    out.traceError = { type: 'Namel3ssError', message: guidance('Python tool process failed.', out.stderr.join('\n').trim() || 'The tool subprocess exited with an error.', 'Check the tool module and dependencies.', 'n3 deps status') };
    out.failure = processFailed(run.code, run.signal, out.stderr);
  } else {
    judgeStdout(text, out);
  }
  return out;
}

function processFailed(code: number | null, signal: NodeJS.Signals | null, stderr: string[]): SkillError {
  let why = stderr.join('\n').trim();
  if (why.length > STDERR_MESSAGE_CHARS) why = `…${why.slice(-STDERR_MESSAGE_CHARS)}`;
  const shownText = guidance('Python tool process failed.', why || 'The tool subprocess exited with an error.', 'Check the tool module and dependencies.', 'n3 deps status');
  return new SkillError('CRASHED', `${shownText}\nHint: Python tool process failed (exited ${describeExit(code, signal)}) without an answer; its stderr is above.`, {
    exitCode: code,
    signal,
  });
}

function judgeStdout(text: string, out: LocalResult): void {
  let parsed: unknown;
  try {
    parsed = parseBounded(text).value;
  } catch (err) {
    const what = text ? `: ${(err as Error).message}` : ': stdout was empty';
    const why = text ? (err as Error).message : 'Expecting value: line 1 column 1 (char 0)';
    out.traceError = { type: 'JSONDecodeError', message: why };
    out.failure = new SkillError('PROTOCOL', `${guidance('Python tool returned invalid JSON.', why, 'Ensure the tool returns JSON-serializable data.', 'return {"ok": true}')}\nHint: Python tool returned invalid JSON${what}. The runner must write one JSON object; the tool's prints go to stderr.`);
    return;
  }
  if (!isObject(parsed) || !('ok' in parsed)) {
    out.traceError = { type: 'Namel3ssError', message: guidance('Python tool returned unexpected output.', 'Tool subprocess output did not match the expected schema.', 'Ensure the tool returns a JSON object.', 'return {"value": 1}') };
    out.failure = new SkillError('PROTOCOL', `${out.traceError.message}\nHint: Python tool returned unexpected output: expected a JSON object with "ok" and "result" or "error".`);
    return;
  }
  out.reply = replyFrom(parsed);
}

/** Reads `{ok, result}` / `{ok:false, error:{type, message}}`, with the older flat forms namel3ss also reads. */
export function replyFrom(body: Record<string, unknown>): RunnerReply {
  const checks = Array.isArray(body.capability_checks) ? (body.capability_checks as Record<string, unknown>[]) : undefined;
  const withChecks = <T extends RunnerReply>(r: T): T => (checks?.length ? { ...r, checks } : r);
  if (body.ok) {
    if ('result' in body) return withChecks({ ok: true, result: body.result });
    if ('output' in body) return withChecks({ ok: true, result: body.output, form: 'result under "output" instead of "result"' });
    return withChecks({ ok: true, result: null, form: 'no "result" in the response' });
  }
  const error = typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
  const type = asText(error.type || body.error_type || 'ToolError');
  const message = asText(error.message || body.error_message || (typeof body.error === 'string' ? body.error : '') || 'Tool error');
  const reply: RunnerReply = { ok: false, type, message };
  if (typeof error.reason_code === 'string') reply.reasonCode = error.reason_code;
  return withChecks(reply);
}

