/**
 * The node runner, as namel3ss runs `implemented using node` tools and foreign js functions: one `node`
 * child per call running our `namel3ss_node_runner.cjs`, the request on stdin (with the module paths and
 * the capability context it enforces), one JSON response on stdout. `node` is the one on the skill's
 * PATH, as namel3ss finds it; where there is none, the call is refused in namel3ss's words. The child's
 * output is judged as namel3ss judges it (process failed, invalid JSON, unexpected output).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeExit, SkillError } from '../../common/errors';
import { parseBounded } from '../../common/json-depth';
import { isObject } from '../../common/values';
import type { SpawnSpec } from '../../engine/child';
import type { LogSink } from '../../engine/log-sink';
import { runOneShot, stderrLines } from '../../engine/one-shot';
import { hostEnv } from '../../host/host-env';
import { resourcesDir } from '../../host/paths';
import { skillEnvironment } from '../skill-env';
import { replyFrom, type RunnerReply, type TraceError } from './local-runner';
import { bindingExample, guidance, nodeNotFound, type N3Message } from './messages';
import { timeoutMessage } from './timeouts';
import { PROTOCOL_VERSION } from './trace';

export const NODE_RUNNER_SCRIPT = 'namel3ss_node_runner.cjs';
/** namel3ss's default for node tools (its python tools get 10 s). */
export const DEFAULT_NODE_TIMEOUT_MS = 30_000;
const MAX_STDOUT_BYTES = 16 * 1024 * 1024;
const FUNCTION = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const EXTENSIONS = new Set(['js', 'cjs', 'mjs', 'ts']);

/** `node` on the skill's PATH (namel3ss's shutil.which), or undefined. */
export function findNode(env: Record<string, string | undefined> = {}): string | undefined {
  const dirs = (env.PATH ?? hostEnv().PATH ?? '').split(path.delimiter).filter(Boolean);
  const names = process.platform === 'win32' ? ['node.exe', 'node.cmd', 'node'] : ['node'];
  for (const d of dirs) {
    for (const n of names) {
      const p = path.join(d, n);
      try {
        if (fs.statSync(p).isFile()) return p;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** namel3ss's validate_node_tool_entry: `module:function`, the module under tools/ (or a pack's), safe segments. */
export function nodeEntryProblem(entry: string, tool: string, opts: { external?: boolean } = {}): N3Message | null {
  const example = bindingExample(tool, 'node', entry || 'tools.my_tool:run');
  const fix = 'Bind the tool using `n3 tools bind "tool_name" --entry "tools.my_tool:run"`.';
  const colon = entry.indexOf(':');
  if (colon < 0) return { text: guidance(`Tool "${tool}" entry must be "module:function".`, "The entry string is missing a ':' separator.", fix, example) };
  const modulePath = entry.slice(0, colon).trim();
  const fn = entry.slice(colon + 1).trim();
  if (!modulePath || !fn) return { text: guidance(`Tool "${tool}" entry must be "module:function".`, 'The entry string is missing a module or function name.', fix, example) };
  const normalized = modulePath.replace(/\\/g, '/');
  if (!opts.external && !(normalized === 'tools' || normalized.startsWith('tools/') || normalized.startsWith('tools.'))) {
    return { text: guidance(`Tool "${tool}" entry must point inside tools/.`, `Entry module '${modulePath}' is not allowed.`, 'Use a module under tools/ in your project.', example) };
  }
  if (!segmentsValid(normalized)) {
    return { text: guidance(`Tool "${tool}" entry has invalid module path.`, `'${modulePath}' is not a valid module path.`, 'Use dot-separated or tools/ paths with safe characters.', example) };
  }
  if (!FUNCTION.test(fn)) {
    return { text: guidance(`Tool "${tool}" entry has invalid function name.`, `'${fn}' is not a valid function identifier.`, 'Rename the function or update the binding entry to a valid name.', example) };
  }
  return null;
}

function segmentsValid(p: string): boolean {
  if (p.includes('/')) {
    const parts = p.split('/');
    if (parts.some((s) => s === '' || s === '.' || s === '..')) return false;
    const last = parts.pop()!;
    if (!parts.every((s) => FUNCTION.test(s))) return false;
    const dot = last.lastIndexOf('.');
    return dot < 0 ? FUNCTION.test(last) : FUNCTION.test(last.slice(0, dot)) && EXTENSIONS.has(last.slice(dot + 1));
  }
  const segments = p.split('.');
  return segments.every((s) => s && FUNCTION.test(s));
}

export interface NodeRequest {
  appRoot: string;
  tool: string;
  entry: string;
  payload: unknown;
  timeoutMs: number;
  env: Record<string, string>;
  logs: LogSink;
  signal?: AbortSignal;
  capabilityContext?: Record<string, unknown>;
  /** A pack's folders (and, for a foreign function, the app's): where the module is looked for. */
  modulePaths?: string[];
  cwd?: string;
  traceId: string;
  wrap?: (spec: SpawnSpec) => SpawnSpec;
}

export interface NodeResult {
  nodePath?: string;
  request: Record<string, unknown>;
  response: unknown;
  reply?: RunnerReply;
  failure?: SkillError;
  /** How namel3ss's trace records a failure of the run itself. */
  traceError?: TraceError;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stderr: string[];
}

export async function runNode(req: NodeRequest): Promise<NodeResult> {
  const request: Record<string, unknown> = { protocol_version: PROTOCOL_VERSION, tool: req.tool, entry: req.entry, payload: req.payload };
  const paths = (req.modulePaths ?? []).filter((p) => fs.existsSync(p));
  if (paths.length) request.module_paths = paths;
  if (req.capabilityContext) request.capability_context = req.capabilityContext;
  request.trace_id = req.traceId;
  const out: NodeResult = { request, response: null, exitCode: null, signal: null, durationMs: 0, stderr: [] };
  const node = findNode({ ...hostEnv(), ...req.env });
  if (!node) {
    out.traceError = { type: 'Namel3ssError', message: nodeNotFound() };
    out.failure = new SkillError('LAUNCH', `${out.traceError.message}\nHint: node tools need Node.js: install it, or put its folder on the PATH the workbench starts tools with.`);
    return out;
  }
  out.nodePath = node;
  const env = skillEnvironment({ own: req.env });
  env.NODE_PATH = [req.appRoot, ...paths, env.NODE_PATH].filter(Boolean).join(path.delimiter);
  const run = await runOneShot({
    spec: (req.wrap ?? ((s: SpawnSpec) => s))({ command: node, args: [path.join(resourcesDir(), 'node', NODE_RUNNER_SCRIPT)], cwd: req.cwd ?? req.appRoot, env }),
    input: JSON.stringify(request),
    logs: req.logs,
    timeoutMs: req.timeoutMs,
    maxStdoutBytes: MAX_STDOUT_BYTES,
    signal: req.signal,
  });
  out.exitCode = run.code;
  out.signal = run.signal;
  out.durationMs = Math.round(run.durationMs);
  out.stderr = stderrLines(run.stderr);
  const text = run.stdout.trim();
  if (text) {
    try {
      out.response = parseBounded(text).value;
    } catch {
      out.response = { raw: text.slice(0, 2000) };
    }
  }
  if (run.spawnError) {
    out.traceError = { type: 'FileNotFoundError', message: run.spawnError.message };
    out.failure = new SkillError('LAUNCH', nodeNotFound(run.spawnError.message));
  } else if (run.cancelled) out.failure = new SkillError('CANCELLED', `The call to "${req.tool}" was cancelled.`);
  else if (run.timedOut) {
    out.failure = new SkillError('TIMEOUT', timeoutMessage(req.timeoutMs));
    out.traceError = { type: 'TimeoutExpired', message: timeoutMessage(req.timeoutMs) };
  }
  else if (run.overflowed) out.failure = new SkillError('PROTOCOL', `Node tool wrote more than ${MAX_STDOUT_BYTES / (1024 * 1024)} MB to stdout; the process was stopped.`);
  else if (run.code !== 0 && !text) {
    out.traceError = { type: 'Namel3ssError', message: guidance('Node tool process failed.', out.stderr.join('\n').trim() || 'The tool subprocess exited with an error.', 'Check the tool module and dependencies.', 'node --version') };
    out.failure = new SkillError('CRASHED', `${out.traceError.message}\nHint: the node process exited ${describeExit(run.code, run.signal)} without an answer.`, { exitCode: run.code, signal: run.signal });
  } else {
    let parsed: unknown;
    try {
      parsed = parseBounded(text).value;
    } catch (err) {
      out.traceError = { type: 'JSONDecodeError', message: (err as Error).message };
      out.failure = new SkillError('PROTOCOL', guidance('Node tool returned invalid JSON.', (err as Error).message, 'Ensure the tool returns JSON-serializable data.', 'return { "ok": true }'));
      return out;
    }
    if (!isObject(parsed) || !('ok' in parsed)) {
      out.traceError = { type: 'Namel3ssError', message: guidance('Node tool returned unexpected output.', 'Tool subprocess output did not match the expected schema.', 'Ensure the tool returns a JSON object.', 'return { "value": 1 }') };
      out.failure = new SkillError('PROTOCOL', out.traceError.message);
      return out;
    }
    out.reply = replyFrom(parsed);
  }
  return out;
}
