/**
 * An Agent Skill as the workbench runs it: its SKILL.md is read (never run), its `scripts/` are its tools, and a
 * call runs one script once on the action skills' machinery (one process, from the skill's folder, the safe
 * environment, confined where confinement is on), with the command-line arguments given and, where given, text
 * on its stdin. The outcome is what an agent would see: stdout, stderr and the exit code.
 */
import path from 'node:path';
import type { AgentSkillScript, CallOutcome, SkillInfo, SkillRef, ToolInfo } from '../../contract';
import { SkillError, describeExit } from '../../common/errors';
import { runOneShot, stderrLines } from '../../engine/one-shot';
import { systemPython } from '../../host/paths';
import { commandFor } from '../action';
import type { AdapterContext, CallOptions } from '../adapter';
import { launchSpec } from '../launch-spec';
import { OneShotSkill } from '../one-shot-skill';
import { skillEnvironment } from '../skill-env';
import { skillFiles } from './files';
import { scriptSchema, scriptTools } from './scripts';
import { rememberRun } from './runs';
import { readSkillMdFile, skillMdOf } from './skill-md';

/** A script run that says nothing for this long is stopped (a call's `--timeout` changes it). */
export const SCRIPT_TIMEOUT_MS = 120_000;
export const MAX_SCRIPT_STDOUT_BYTES = 10 * 1024 * 1024;
/** What the message log keeps of a run's output. */
const KEEP_CHARS = 64 * 1024;

/** What a call of a script takes: its arguments as a list, or `{args, stdin}`. */
export function scriptArgs(args: unknown): { argv: string[]; stdin: string } {
  if (args === undefined || args === null) return { argv: [], stdin: '' };
  if (Array.isArray(args)) return { argv: args.map(argText), stdin: '' };
  if (typeof args === 'object') {
    const a = args as { args?: unknown; stdin?: unknown };
    const extra = Object.keys(a).filter((k) => k !== 'args' && k !== 'stdin');
    if (extra.length) throw new SkillError('VALIDATION', `A script takes {"args": [...], "stdin": "..."} or a list of arguments, not ${extra.map((k) => `"${k}"`).join(', ')}.`);
    if (a.args !== undefined && !Array.isArray(a.args)) throw new SkillError('VALIDATION', '"args" must be a list of arguments, such as ["--domain", "color", "blue"].');
    if (a.stdin !== undefined && typeof a.stdin !== 'string') throw new SkillError('VALIDATION', '"stdin" must be text.');
    return { argv: (a.args ?? []).map(argText), stdin: a.stdin ?? '' };
  }
  throw new SkillError('VALIDATION', 'A script takes a list of arguments (["--flag", "value"]) or {"args": [...], "stdin": "..."}.');
}

function argText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The script a call names: its path in the skill (`scripts/search.py`), or that path without `scripts/`, or its file name, with or without extension. */
export function findScript(scripts: AgentSkillScript[], wanted: string): AgentSkillScript | null {
  const w = wanted.replace(/^\.\//, '');
  const tries = [(s: AgentSkillScript) => s.name === w, (s: AgentSkillScript) => s.name === `scripts/${w}`, (s: AgentSkillScript) => path.posix.basename(s.name) === w, (s: AgentSkillScript) => path.posix.basename(s.name).replace(/\.[^.]+$/, '') === w];
  for (const t of tries) {
    const hits = scripts.filter(t);
    if (hits.length === 1) return hits[0];
  }
  return null;
}

/** The scripts as the tools the workbench lists: each one's first line of usage as its description. */
export function toolsOf(scripts: AgentSkillScript[]): ToolInfo[] {
  return scripts.map((s) => ({ name: s.name, description: s.usage?.split('\n').find((l) => l.trim()) ?? `Runs ${s.name}.`, inputSchema: scriptSchema(s) }));
}

/** The tools of the Agent Skill in `dir`, read from its files. */
export function agentSkillTools(dir: string): ToolInfo[] {
  return toolsOf(scriptTools(skillFiles(dir, skillMdOf(dir)).files));
}

export class AgentSkill extends OneShotSkill {
  constructor(ref: SkillRef, ctx: AdapterContext) {
    super(ref, ctx);
  }

  start(): Promise<SkillInfo> {
    this.markStarting();
    let info: SkillInfo;
    try {
      info = this.read();
    } catch (err) {
      this.markStopped((err as Error).message);
      return Promise.reject(err);
    }
    this.learnt = info;
    this.markReady();
    const n = info.tools.length;
    this.ctx.onTimeline?.({ kind: 'load', label: `Read SKILL.md: ${n} script${n === 1 ? '' : 's'} offered as tools, none run`, outcome: 'ok' });
    return Promise.resolve(info);
  }

  /** What SKILL.md and the folder say, nothing run: the scripts as tools. */
  describe(): Promise<SkillInfo> {
    return Promise.resolve(this.read());
  }

  private read(): SkillInfo {
    const md = skillMdOf(this.ref.dir);
    if (!md) throw new SkillError('NOT_FOUND', `${this.ref.dir} has no SKILL.md any more.`);
    const read = readSkillMdFile(md);
    const scripts = this.scripts();
    const notes = ['An Agent Skill: SKILL.md is instructions for an agent; its scripts are tools here, each run once per call with the arguments given.'];
    if (read.problem) notes.push(read.problem.message);
    const desc = read.frontmatter?.description;
    return {
      ...this.ref,
      ...(typeof desc === 'string' && desc.trim() ? { description: desc.trim() } : {}),
      tools: toolsOf(scripts),
      notes,
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
    };
  }

  scripts(): AgentSkillScript[] {
    return scriptTools(skillFiles(this.ref.dir, skillMdOf(this.ref.dir)).files);
  }

  /** Never throws: a script that cannot be found, fails or times out comes back as the outcome's error. */
  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    const fail = (code: string, message: string): CallOutcome => ({ ok: false, durationMs: Math.round(performance.now() - started), error: { code, message } });
    const scripts = this.scripts();
    const script = findScript(scripts, tool);
    if (!script) return fail('NOT_FOUND', `${this.ref.name} has no script "${tool}". Its scripts: ${scripts.map((s) => s.name).join(', ') || 'none'}.`);
    let input: { argv: string[]; stdin: string };
    try {
      input = scriptArgs(args);
    } catch (err) {
      return fail((err as SkillError).code ?? 'VALIDATION', (err as Error).message);
    }
    if (opts.signal?.aborted) return fail('CANCELLED', `The run of ${script.name} was cancelled before it started.`);
    return this.track((signal) => this.run(script, input, opts.timeoutMs ?? this.ctx.timeoutMs ?? this.ref.timeoutMs ?? SCRIPT_TIMEOUT_MS, signal), { signal: opts.signal });
  }

  private async run(script: AgentSkillScript, input: { argv: string[]; stdin: string }, timeoutMs: number, signal: AbortSignal): Promise<CallOutcome> {
    const file = path.join(this.ref.dir, script.name);
    const { command, args } = commandFor(file, systemPython());
    const spec = launchSpec({ command, args: [...args, ...input.argv], cwd: this.ref.dir, env: skillEnvironment({ own: this.ctx.env }) }, this.ctx, this.ref);
    this.ctx.logs.append('system', `Run ${script.name}${input.argv.length ? ` ${input.argv.map(shellWord).join(' ')}` : ''}${input.stdin ? ` (${Buffer.byteLength(input.stdin)} bytes on stdin)` : ''}`);
    const r = await runOneShot({ spec, input: input.stdin, logs: this.ctx.logs, timeoutMs, maxStdoutBytes: MAX_SCRIPT_STDOUT_BYTES, signal });
    const durationMs = Math.round(r.durationMs);
    const data = { exitCode: r.code, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
    const stderrTail = stderrLines(r.stderr).slice(-20);
    let outcome: CallOutcome;
    if (r.spawnError) outcome = { ok: false, durationMs, error: { code: 'LAUNCH', message: r.spawnError.message } };
    else if (r.cancelled) outcome = { ok: false, durationMs, data, error: { code: 'CANCELLED', message: this.stopping ? `${script.name} was stopped because the skill was stopped.` : `${script.name} was cancelled and its process stopped.` } };
    else if (r.timedOut) outcome = { ok: false, durationMs, data, error: { code: 'TIMEOUT', message: `${script.name} did not finish within ${Math.round(timeoutMs / 100) / 10} s and was stopped.` } };
    else if (r.overflowed) outcome = { ok: false, durationMs, error: { code: 'PROTOCOL', message: `${script.name} printed more than ${MAX_SCRIPT_STDOUT_BYTES / 1024 / 1024} MB and was stopped.` } };
    else if (r.code !== 0) outcome = { ok: false, durationMs, data, text: r.stdout, error: { code: 'TOOL', message: `${script.name} exited ${describeExit(r.code, r.signal)}.` } };
    else outcome = { ok: true, durationMs, data, text: r.stdout };
    if (!outcome.ok && stderrTail.length) outcome.stderrTail = stderrTail;
    outcome.trace = { exitCode: r.code, signal: r.signal, stdoutBytes: Buffer.byteLength(r.stdout), stderrBytes: Buffer.byteLength(r.stderr) };
    const keep = (s: string) => (s.length > KEEP_CHARS ? `${s.slice(0, KEEP_CHARS)}… [${s.length} characters in all]` : s);
    this.ctx.messages.exchange(script.name, { args: input.argv, ...(input.stdin ? { stdin: keep(input.stdin) } : {}) }, { exitCode: r.code, signal: r.signal, stdout: keep(r.stdout), stderr: keep(r.stderr) }, durationMs, outcome.ok ? 'exit 0' : outcome.error?.message);
    this.ctx.logs.append('system', `${script.name} ${outcome.ok ? 'done' : `failed (${outcome.error?.code})`} in ${durationMs} ms`);
    // It ran as it is now: no warning before its next run (runs.ts), until it changes.
    if (!r.spawnError) {
      try {
        rememberRun(this.ctx.home, this.ref, script.name);
      } catch (err) {
        this.ctx.logs.append('system', `Could not note that ${script.name} ran: ${(err as Error).message}`);
      }
    }
    return outcome;
  }
}

/** An argument as a POSIX shell would need it written, for the log line. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}
