/**
 * Action skills (action-skill-protocol-zh.md): no process is kept; every call runs the script once from
 * the agent folder with `{action, params, context}` on stdin and reads one JSON document from stdout.
 * Tools are the script's actions, learnt at start from a scan of the script and from its answer to an
 * unknown action (`supported_actions` in the UNKNOWN_ACTION error). Any action name may be called.
 *
 * `setDebug(on)` is the UI's SKILL_DEBUG switch: when on, each call gets SKILL_DEBUG=1; when off, none
 * (an inherited SKILL_DEBUG is removed, so the switch always says what the script sees). It starts on
 * when the skill's configured env sets SKILL_DEBUG=1.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { CallOutcome, SkillInfo, SkillRef, SkillStatus, ToolInfo } from '../../contract';
import { SkillError } from '../../engine/errors';
import { runOneShot, stderrLines } from '../../engine/one-shot';
import { systemPython } from '../../host/paths';
import type { AdapterContext, CallOptions, SkillAdapter } from '../adapter';
import { skillEnv } from '../command';
import { isFile } from '../refs';
import { DEFAULT_TIMEOUT_S, agentDirOf, readAgentConfig, readScript } from './detect';
import { buildRequest, supportedActions } from './envelope';
import { commandFor, outcomeOf, secs } from './run';
import { scanScript, type ScanResult } from './scan';

export interface ActionAdapterOptions {
  /** Stdout cap per call (default 10 MB, the spec's limit); tests inject a small one. */
  maxStdoutBytes?: number;
  /** Run the script once at start with an unknown action to read `supported_actions` (default true). */
  probe?: boolean;
  /** Longest the start-up probe may run (default 10 s, never longer than the skill's timeout). */
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

export class ActionSkill implements SkillAdapter {
  private learnt: SkillInfo | null = null;
  private base: SkillStatus = 'stopped';
  private current: SkillStatus = 'stopped';
  private active = 0;
  private debugOn: boolean;
  /** Calls in flight: stop() cancels them through these. */
  private readonly running = new Map<AbortController, Promise<unknown>>();
  private stopping = false;

  constructor(
    readonly ref: SkillRef,
    private readonly ctx: AdapterContext,
    private readonly opts: ActionAdapterOptions = {},
  ) {
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

  info(): SkillInfo | null {
    return this.learnt;
  }

  status(): SkillStatus {
    return this.current;
  }

  async start(): Promise<SkillInfo> {
    this.stopping = false;
    this.setStatus('starting');
    const entry = this.entry();
    const src = readScript(entry);
    if (src === null) {
      this.base = 'stopped';
      this.setStatus('stopped', `Script not found: ${entry}`);
      throw new SkillError('NOT_FOUND', `${this.ref.name}: the script ${entry} does not exist or cannot be read.`);
    }
    const scan = scanScript(src);
    const notes: string[] = [];
    const probed = await this.probe(scan, notes);
    const listed = readAgentConfig(this.ref.dir)?.skills.find((s) => s.name === this.ref.name)?.actions ?? [];
    if (listed.length) notes.push(`Actions listed in agent.yaml: ${listed.map((a) => a.name).join(', ')}.`);
    const tools = mergeTools([...listed, ...(probed ?? []).filter((a) => !listed.some((l) => l.name === a.name))], scan, notes, listed.length);
    notes.push('Parameters are free-form: each call sends them inside "params" and also at the top level, where real scripts read them.');
    this.learnt = {
      ...this.ref,
      entry,
      description: this.ref.description ?? scan.description,
      tools,
      notes,
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
    };
    this.base = 'ready';
    this.setStatus(this.active > 0 ? 'busy' : 'ready');
    this.ctx.onTimeline?.({ kind: 'load', label: `Learnt ${tools.length} action${tools.length === 1 ? '' : 's'}`, outcome: 'ok' });
    return this.learnt;
  }

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const timeoutMs = opts.timeoutMs ?? this.ctx.timeoutMs ?? this.ref.timeoutMs ?? DEFAULT_TIMEOUT_S * 1000;
    if (opts.signal?.aborted) {
      return { ok: false, durationMs: 0, error: { code: 'CANCELLED', message: `The call to "${tool}" was cancelled before it started.` } };
    }
    return (await this.run(tool, args, timeoutMs, opts.signal)).outcome;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.base = 'stopped';
    const pending = [...this.running.entries()];
    for (const [ctrl] of pending) ctrl.abort();
    await Promise.allSettled(pending.map(([, p]) => p));
    // Calls made after stop still run (no process is kept); only those in flight were cancelled.
    this.stopping = false;
    this.setStatus('stopped');
  }

  /** One process for one action, recorded as one exchange; never throws. */
  private async run(action: string, args: unknown, timeoutMs: number, signal?: AbortSignal, probe = false): Promise<Run> {
    const ctrl = new AbortController();
    const job = this.runOnce(action, args, timeoutMs, signal ? AbortSignal.any([signal, ctrl.signal]) : ctrl.signal, probe);
    this.running.set(ctrl, job);
    if (!probe && ++this.active === 1) this.setStatus('busy');
    try {
      return await job;
    } finally {
      this.running.delete(ctrl);
      if (!probe && --this.active === 0) this.setStatus(this.base);
    }
  }

  private async runOnce(action: string, args: unknown, timeoutMs: number, signal: AbortSignal, probe: boolean): Promise<Run> {
    const started = performance.now();
    const entry = this.entry();
    const context = { agent_id: this.agentId(), user_id: USER_ID, request_id: randomUUID() };
    const { request, note: sent } = buildRequest(action, args, context);
    const input = JSON.stringify(request);
    const stdinBytes = Buffer.byteLength(input);
    const label = probe ? `${this.ref.name} (probing for its actions)` : `${this.ref.name} "${action}"`;
    let ended;
    try {
      const { command, args: argv } = commandFor(entry, this.opts.python ?? systemPython());
      const rel = path.relative(this.ref.dir, entry) || entry;
      this.ctx.logs.append('system', `${probe ? 'Probe' : 'Call'} ${action} (request ${context.request_id.slice(0, 8)}): ${command} ${rel}${this.debugOn ? ' with SKILL_DEBUG=1' : ''}`);
      const maxStdoutBytes = this.opts.maxStdoutBytes ?? MAX_STDOUT_BYTES;
      const result = await runOneShot({
        spec: { command, args: [...argv, ...(this.ctx.args ?? [])], cwd: this.ref.dir, env: this.env() },
        input,
        logs: this.ctx.logs,
        timeoutMs,
        maxStdoutBytes,
        signal,
      });
      const stderrTail = stderrLines(result.stderr).slice(-20).map((l) => this.ctx.redactor.text(l));
      ended = outcomeOf(result, { label, timeoutMs, maxStdoutBytes, stdinBytes, stopped: this.stopping, stderrTail });
    } catch (err) {
      // Only a bug of ours lands here (runOneShot reports spawn failures in its result).
      const message = (err as Error)?.message ?? String(err);
      ended = { outcome: { ok: false, durationMs: Math.round(performance.now() - started), error: { code: 'LAUNCH', message } }, response: null, notes: [message] };
    }
    const notes = [probe ? `start-up probe: an unknown action, to read "supported_actions" from the UNKNOWN_ACTION answer` : '', sent ?? '', ...ended.notes];
    this.ctx.messages.exchange(action, request, ended.response, ended.outcome.durationMs, notes.filter(Boolean).join('; '));
    const o = ended.outcome;
    // For the probe an error (UNKNOWN_ACTION) is the expected answer, not a failure.
    const how = probe ? `Probe answered ${o.error ? o.error.code : 'with success'}` : `${action} ${o.error ? `failed (${o.error.code})` : 'done'}`;
    this.ctx.logs.append('system', `${how} in ${o.durationMs} ms`);
    return ended;
  }

  /** Runs the script with an action it cannot know; its UNKNOWN_ACTION answer names the real ones. */
  private async probe(scan: ScanResult, notes: string[]): Promise<{ name: string; description?: string }[] | null> {
    if (this.opts.probe === false) return null;
    if (!scan.mentionsAction) {
      notes.push('Did not probe for actions: the script never mentions "action".');
      return null;
    }
    const timeoutMs = Math.min(this.opts.probeTimeoutMs ?? PROBE_TIMEOUT_MS, this.ctx.timeoutMs ?? this.ref.timeoutMs ?? Infinity);
    const { outcome, response } = await this.run(PROBE_ACTION, {}, timeoutMs, undefined, true);
    const list = supportedActions(response);
    if (list) return list.filter((a) => a.name !== PROBE_ACTION);
    if (outcome.ok) notes.push('The script answered an unknown action with success: it may not dispatch on "action".');
    else if (outcome.error?.code === 'TIMEOUT') notes.push(`The probe for actions did not answer within ${secs(timeoutMs)}.`);
    else notes.push(`The script's answer to an unknown action listed no "supported_actions" (${outcome.error?.code}: ${outcome.error?.message}).`);
    return null;
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

  private env(): NodeJS.ProcessEnv {
    const env = skillEnv(this.ctx.env);
    delete env.SKILL_DEBUG;
    if (this.debugOn) env.SKILL_DEBUG = '1';
    return env;
  }

  private setStatus(status: SkillStatus, detail?: string): void {
    if (status === this.current && !detail) return;
    this.current = status;
    this.ctx.onStatus?.(status, detail);
  }
}

/** The probe's list first (the script's own word), then what only the scan found; notes say which is which. */
function mergeTools(probed: { name: string; description?: string }[] | null, scan: ScanResult, notes: string[], listedCount = 0): ToolInfo[] {
  const scanned = new Map(scan.actions.map((a) => [a.name, a]));
  const names: string[] = [];
  if ((probed?.length ?? 0) > listedCount) notes.push(`Actions from the script's UNKNOWN_ACTION answer (supported_actions): ${probed!.slice(listedCount).map((a) => a.name).join(', ')}.`);
  for (const a of probed ?? []) if (!names.includes(a.name)) names.push(a.name);
  const extra = scan.actions.filter((a) => !names.includes(a.name)).map((a) => a.name);
  if (scan.actions.length) {
    if (!probed?.length) notes.push(`Actions from a scan of the script: ${extra.join(', ')}.`);
    else if (extra.length) notes.push(`Also found by a scan of the script, though not in supported_actions: ${extra.join(', ')}.`);
    else notes.push('A scan of the script found the same actions.');
  }
  names.push(...extra);
  if (!names.length) notes.push('No actions found by the probe or by a scan of the script: call any action by name.');
  const withParams = scan.actions.filter((a) => Object.keys(a.params).length);
  if (withParams.length) notes.push(`Parameter names for ${withParams.map((a) => a.name).join(', ')} come from a scan of the handlers; other parameters may be sent too.`);
  return names.map((name) => {
    const s = scanned.get(name);
    const description = probed?.find((a) => a.name === name)?.description ?? s?.description;
    const tool: ToolInfo = { name, inputSchema: { type: 'object', additionalProperties: true, properties: { ...(s?.params ?? {}) } } };
    if (description) tool.description = description;
    return tool;
  });
}
