/**
 * Action skills (action-skill-protocol-zh.md): no process is kept; every call runs the script once from
 * the agent folder with `{action, params, context}` on stdin and reads its stdout (one JSON document, or
 * loose text). Tools are the script's actions, learnt at start without running it (learn.ts): agent.yaml,
 * the docstring, and Python's own parser. The script runs only for a call, or when the user asks to
 * discover its actions by running it (`discoverActions`: an unknown action, whose UNKNOWN_ACTION answer
 * lists `supported_actions`). Any action name may be called.
 *
 * `setDebug(on)` is the UI's SKILL_DEBUG switch: when on, each call gets SKILL_DEBUG=1; when off, none
 * (an inherited SKILL_DEBUG is removed, so the switch always says what the script sees). It starts on
 * when the skill's configured env sets SKILL_DEBUG=1.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AgentDetails, CallOutcome, SkillInfo, SkillRef } from '../../contract';
import { SkillError } from '../../common/errors';
import { runOneShot, stderrLines } from '../../engine/one-shot';
import { systemPython } from '../../host/paths';
import type { AdapterContext, CallOptions } from '../adapter';
import { OneShotSkill } from '../one-shot-skill';
import { isFile } from '../refs';
import { skillEnvironment } from '../skill-env';
import { agentDetails } from './agent-details';
import { DEFAULT_TIMEOUT_S, agentDirOf, readAgentConfig, readScript } from './detect';
import { buildRequest, supportedActions } from './envelope';
import { learnActions, type NamedAction } from './learn';
import { commandFor, outcomeOf, secs } from './run';
import { hostEnv } from '../../host/host-env';
import { launchSpec } from '../launch-spec';

export interface ActionAdapterOptions {
  /** Stdout cap per call (default 10 MB, the spec's limit); tests inject a small one. */
  maxStdoutBytes?: number;
  /**
   * Run the script at start with an unknown action to read `supported_actions` (default false: the
   * script runs only when asked, see `discoverActions`).
   */
  probe?: boolean;
  /** Longest the probe may run (default 10 s, never longer than the skill's timeout). */
  probeTimeoutMs?: number;
  /** SKILL_DEBUG=1 from the start (default: whether the skill's env sets it). */
  debug?: boolean;
  /** The interpreter for .py entries (default SKILLBENCH_PYTHON, else python3). */
  python?: string;
}

export const MAX_STDOUT_BYTES = 10 * 1024 * 1024;
/** An action name no script defines: its UNKNOWN_ACTION answer lists the real ones. */
export const PROBE_ACTION = '__skillbench_list_actions__';
const PROBE_TIMEOUT_MS = 10_000;
const USER_ID = 'skillbench';

interface Run {
  outcome: CallOutcome;
  response: unknown;
}

export class ActionSkill extends OneShotSkill {
  private debugOn: boolean;
  /** What the script's UNKNOWN_ACTION answer named, once it was run to discover them; kept across restarts. */
  private probed: NamedAction[] | null = null;

  constructor(
    ref: SkillRef,
    ctx: AdapterContext,
    private readonly opts: ActionAdapterOptions = {},
  ) {
    super(ref, ctx);
    this.debugOn = opts.debug ?? ctx.env.SKILL_DEBUG === '1';
  }

  /** The SKILL_DEBUG switch (see the file comment); takes effect from the next call. */
  setDebug(on: boolean): void {
    this.debugOn = on;
    this.ctx.logs.append('system', `SKILL_DEBUG ${on ? 'on: calls get SKILL_DEBUG=1' : 'off'}`);
  }

  get debug(): boolean {
    return this.debugOn;
  }

  async start(): Promise<SkillInfo> {
    this.markStarting();
    const entry = this.entry();
    const src = readScript(entry);
    if (src === null) {
      this.markStopped(`Script not found: ${entry}`);
      throw new SkillError('NOT_FOUND', `${this.ref.name}: the script ${entry} does not exist or cannot be read.`);
    }
    if (this.opts.probe && this.probed === null) await this.runProbe();
    await this.learn(entry, src);
    this.markReady();
    const n = this.learnt!.tools.length;
    this.ctx.onTimeline?.({ kind: 'load', label: `Learnt ${n} action${n === 1 ? '' : 's'} without running the script`, outcome: 'ok' });
    return this.learnt!;
  }

  /** The actions read from agent.yaml and the script's source, the script not run (what opening the skill shows). */
  async describe(): Promise<SkillInfo> {
    const entry = this.entry();
    const src = readScript(entry);
    if (src === null) throw new SkillError('NOT_FOUND', `${this.ref.name}: the script ${entry} does not exist or cannot be read.`);
    return this.read(entry, src);
  }

  /**
   * Runs the script once with an action it cannot know and reads `supported_actions` from its answer.
   * The script runs for real (a script without dispatch does its whole job): only on the user's word.
   */
  async discoverActions(): Promise<SkillInfo> {
    const entry = this.entry();
    const src = readScript(entry);
    if (src === null) throw new SkillError('NOT_FOUND', `${this.ref.name}: the script ${entry} does not exist or cannot be read.`);
    const outcome = await this.runProbe();
    await this.learn(entry, src);
    const found = this.probed?.length ?? 0;
    this.ctx.onTimeline?.({ kind: 'load', label: `Ran the script to discover its actions: ${found ? `${found} named` : `none named (${outcome})`}`, outcome: found ? 'ok' : 'error' });
    if (!this.isStarted) this.markReady();
    return this.learnt!;
  }

  private async learn(entry: string, src: string): Promise<void> {
    this.learnt = await this.read(entry, src);
  }

  private async read(entry: string, src: string): Promise<SkillInfo> {
    const config = readAgentConfig(this.ref.dir);
    const skill = config?.skills.find((s) => s.name === this.ref.name);
    const learnt = await learnActions({
      name: this.ref.name,
      entry,
      src,
      listed: skill?.actions ?? [],
      probed: this.probed,
      python: this.opts.python ?? systemPython(),
      description: this.ref.description,
    });
    const agent: AgentDetails | undefined = config ? agentDetails(config, this.ref, this.ctx.env) : undefined;
    // A declared secret that comes from the environment (CI) is as secret as a stored one.
    for (const s of config?.secrets ?? []) {
      const v = this.ctx.env[s.name] ?? hostEnv()[s.name];
      if (v) this.ctx.redactor.add(v);
    }
    const notes = [...(config?.problems ?? []), ...(agent?.schedules.filter((x) => x.problem).map((x) => x.problem!) ?? []), ...learnt.notes];
    return {
      ...this.ref,
      entry,
      description: this.ref.description ?? learnt.description,
      tools: learnt.tools,
      notes,
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
      ...(agent ? { agent } : {}),
    };
  }

  /** A call made after stop() still runs (no process is kept): stop cancels only the calls in flight. */
  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const timeoutMs = opts.timeoutMs ?? this.ctx.timeoutMs ?? this.ref.timeoutMs ?? DEFAULT_TIMEOUT_S * 1000;
    if (opts.signal?.aborted) {
      return { ok: false, durationMs: 0, error: { code: 'CANCELLED', message: `The call to "${tool}" was cancelled before it started.` } };
    }
    return (await this.run(tool, args, timeoutMs, opts.signal)).outcome;
  }

  /** One process for one action, recorded as one exchange; never throws. The probe does not make the skill busy. */
  private run(action: string, args: unknown, timeoutMs: number, signal?: AbortSignal, probe = false): Promise<Run> {
    return this.track((s) => this.runOnce(action, args, timeoutMs, s, probe), { signal, counted: !probe });
  }

  private async runOnce(action: string, args: unknown, timeoutMs: number, signal: AbortSignal, probe: boolean): Promise<Run> {
    const started = performance.now();
    const entry = this.entry();
    const context = { agent_id: this.agentId(), user_id: USER_ID, request_id: randomUUID() };
    const { request, note: sent } = buildRequest(action, args, context);
    const input = JSON.stringify(request);
    const stdinBytes = Buffer.byteLength(input);
    const label = probe ? `${this.ref.name} (run to discover its actions)` : `${this.ref.name} "${action}"`;
    let ended;
    try {
      const { command, args: argv } = commandFor(entry, this.opts.python ?? systemPython());
      const rel = path.relative(this.ref.dir, entry) || entry;
      this.ctx.logs.append('system', `${probe ? 'Probe' : 'Call'} ${action} (request ${context.request_id.slice(0, 8)}): ${command} ${rel}${this.debugOn ? ' with SKILL_DEBUG=1' : ''}`);
      const maxStdoutBytes = this.opts.maxStdoutBytes ?? MAX_STDOUT_BYTES;
      const result = await runOneShot({
        spec: launchSpec({ command, args: [...argv, ...(this.ctx.args ?? [])], cwd: this.ref.dir, env: this.env() }, this.ctx, this.ref),
        input,
        logs: this.ctx.logs,
        timeoutMs,
        maxStdoutBytes,
        signal,
      });
      const stderrTail = stderrLines(result.stderr).slice(-20);
      ended = outcomeOf(result, { label, timeoutMs, maxStdoutBytes, stdinBytes, stopped: this.stopping, stderrTail });
    } catch (err) {
      // Only a bug of ours lands here (runOneShot reports spawn failures in its result).
      const message = (err as Error)?.message ?? String(err);
      ended = { outcome: { ok: false, durationMs: Math.round(performance.now() - started), error: { code: 'LAUNCH', message } }, response: null, notes: [message] };
    }
    const notes = [probe ? `discovery: an unknown action, to read "supported_actions" from the UNKNOWN_ACTION answer` : '', sent ?? '', ...ended.notes];
    this.ctx.messages.exchange(action, request, ended.response, ended.outcome.durationMs, notes.filter(Boolean).join('; '));
    const o = ended.outcome;
    // For the probe an error (UNKNOWN_ACTION) is the expected answer, not a failure.
    const how = probe ? `Probe answered ${o.error ? o.error.code : 'with success'}` : `${action} ${o.error ? `failed (${o.error.code})` : 'done'}`;
    this.ctx.logs.append('system', `${how} in ${o.durationMs} ms`);
    return ended;
  }

  /** Runs the script with an action it cannot know; keeps what its UNKNOWN_ACTION answer names. Returns how it answered. */
  private async runProbe(): Promise<string> {
    const timeoutMs = Math.min(this.opts.probeTimeoutMs ?? PROBE_TIMEOUT_MS, this.ctx.timeoutMs ?? this.ref.timeoutMs ?? Infinity);
    const { outcome, response } = await this.run(PROBE_ACTION, {}, timeoutMs, undefined, true);
    const list = supportedActions(response);
    this.probed = (list ?? []).filter((a) => a.name !== PROBE_ACTION);
    if (list) return 'it listed supported_actions';
    if (outcome.ok) return 'it answered an unknown action with success: it may not dispatch on "action"';
    if (outcome.error?.code === 'TIMEOUT') return `it did not answer within ${secs(timeoutMs)}`;
    return `${outcome.error?.code}: ${outcome.error?.message}`;
  }

  private entry(): string {
    const entry = this.ref.entry;
    if (entry && isFile(entry)) return entry;
    // An old ref after agent.yaml changed: look the skill up again by name.
    const listed = readAgentConfig(this.ref.dir)?.skills.find((s) => s.name === this.ref.name);
    return listed?.entry ?? entry ?? path.join(this.ref.dir, '.claude', 'skills', `${this.ref.name}.py`);
  }

  private agentId(): string {
    return readAgentConfig(this.ref.dir)?.name ?? path.basename(agentDirOf(path.dirname(this.entry())) ?? this.ref.dir);
  }

  /** The secrets agent.yaml declares are the names this skill's manifest lists: they are passed on. */
  private env(): NodeJS.ProcessEnv {
    const listed = readAgentConfig(this.ref.dir)?.secrets.map((s) => s.name) ?? [];
    const env = skillEnvironment({ listed, own: this.ctx.env });
    delete env.SKILL_DEBUG;
    if (this.debugOn) env.SKILL_DEBUG = '1';
    return env;
  }
}
