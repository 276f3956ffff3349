/**
 * What the two long-running protocols (subprocess JSON-RPC and SkillDefinition) share: one supervised
 * process speaking JSON-RPC over stdio, restarted on crash, with calls marked busy and every failure
 * turned into a CallOutcome. Subclasses say how to spawn, how to handshake and how to call a tool.
 */
import type { CallOutcome, SkillInfo } from '../contract';
import type { SpawnSpec } from '../engine/child';
import { ExitError, SkillError, describeExit } from '../common/errors';
import { startFailure } from '../engine/last-words';
import { parseBounded, tooDeepNote } from '../common/json-depth';
import { RpcProcess } from '../engine/rpc-process';
import type { CallOptions, SkillAdapter } from './adapter';
import { errorOutcome, STDERR_TAIL_LINES } from './outcome';
import { launchSpec } from './launch-spec';
import { SupervisedSkill } from './supervised-skill';

/**
 * After a failed call, stderr is read until it has been quiet this long (and no longer than the second):
 * enough for the event loop to read what is already in the pipe.
 */
const STDERR_QUIET_MS = 10;
const STDERR_WAIT_MS = 250;

export abstract class PersistentRpcSkill extends SupervisedSkill<RpcProcess> implements SkillAdapter {
  /** The request that asks the skill to exit. */
  protected abstract readonly shutdownMethod: string;
  protected abstract spawnSpec(): SpawnSpec;
  /** Runs right after spawn: returns what the skill says about itself. Throwing aborts the start. */
  protected abstract handshake(proc: RpcProcess): Promise<SkillInfo>;
  protected abstract invoke(proc: RpcProcess, tool: string, args: unknown, opts: CallOptions): Promise<CallOutcome>;
  /** Stops one process politely; subclasses may say goodbye first. */
  protected shutdown(proc: RpcProcess): Promise<unknown> {
    return proc.stop(this.shutdownMethod);
  }

  /** Reverse calls from the skill (none by default). */
  protected onRequest?(method: string, params: unknown): unknown;

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    try {
      // The hot path: a running process is used as is, without another await.
      const proc = this.supervisor.current ?? (await this.running());
      return await this.supervisor.track(this.invoke(proc, tool, args, this.withTimeout(opts)));
    } catch (err) {
      // These protocols have no cancel message: say what a cancel here did, and did not, do.
      const cancelled = err instanceof SkillError && err.code === 'CANCELLED' && opts.signal?.aborted;
      const said = cancelled ? new SkillError('CANCELLED', `The call of ${tool} was cancelled here. This protocol has no way to tell the skill, so it may still finish the work; its answer will be ignored.`) : err;
      const outcome = errorOutcome(said, started);
      // What the skill wrote to stderr as it failed (its traceback, written before its answer) may be read
      // after the answer: let it come, then take the lines around the failure.
      await this.ctx.logs.quiet('stderr', STDERR_QUIET_MS, STDERR_WAIT_MS);
      return { ...outcome, stderrTail: this.ctx.logs.tail('stderr', STDERR_TAIL_LINES) };
    }
  }

  protected withTimeout(opts: CallOptions): CallOptions {
    // Copied only when there is something to add (a call on the hot path usually names no timeout of its own).
    if (opts.timeoutMs !== undefined || this.ctx.timeoutMs === undefined) return opts;
    return { ...opts, timeoutMs: this.ctx.timeoutMs };
  }

  protected async launch(): Promise<RpcProcess> {
    const spec = launchSpec(this.spawnSpec(), this.ctx, this.ref);
    this.ctx.logs.append('system', `Starting ${[spec.command, ...spec.args].join(' ')} in ${spec.cwd}`);
    const proc = new RpcProcess({
      spec,
      logs: this.ctx.logs,
      messages: this.ctx.messages,
      maxLineBytes: this.ctx.maxLineBytes,
      defaultTimeoutMs: this.ctx.timeoutMs,
      warnFrameBytes: this.warnFrameBytes,
      onRequest: this.onRequest ? (m, p) => this.onRequest!(m, p) : undefined,
      onSurvivors: (message, pids) => this.ctx.onTimeline?.({ kind: 'note', label: message, outcome: 'error', data: { pids } }),
      // A reverse call sent without an id wants no answer, but still means to be done (a state/set, an
      // event): serve it like a request and log what went wrong, since there is nobody to tell.
      // Returned, so it counts against the limit of reverse calls in flight like a request does.
      onNotification: (m, p) => {
        if (!this.onRequest) return this.ctx.logs.append('system', `The skill sent a notification the host does not serve: ${m}.`);
        return Promise.resolve()
          .then(() => this.onRequest!(m, p))
          .catch((err: Error) => this.ctx.logs.append('system', `The skill's notification ${m} failed: ${err?.message ?? err}`));
      },
    });
    const early = proc.exited.then((info) => {
      throw info.spawnError ?? this.startupCrash(info.code, info.signal);
    });
    try {
      this.learnt = await Promise.race([this.handshake(proc), early]);
      this.ctx.onTimeline?.({ kind: 'load', label: `Loaded ${this.learnt.name}`, outcome: 'ok' });
      return proc;
    } catch (err) {
      early.catch(() => undefined);
      await proc.stop(undefined, { graceMs: 0, termMs: 500 });
      throw err instanceof ExitError ? this.startupCrash(err.exitCode, err.signal) : err;
    }
  }

  protected warnFrameBytes?: number;

  protected startupCrash(code: number | null, signal: string | null): SkillError {
    return new SkillError('CRASHED', startFailure(this.ref.name, `it exited during start-up, ${describeExit(code, signal)}`, this.ctx.logs.tail('stderr', 40, this.launchMark)));
  }
}

/** Extracts text from a tools/call result in any of the shapes seen: a string, or MCP-style content items. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : JSON.stringify(c)))
      .join('\n');
  }
  if (content === undefined || content === null) return '';
  return JSON.stringify(content);
}

/** A text result that is itself JSON is also offered as data, for the tree view. */
export function textOutcome(text: string, isError: boolean, durationMs: number, form?: string): CallOutcome {
  let data: unknown;
  let tooDeep: string | undefined;
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      const parsed = parseBounded(t);
      data = parsed.value;
      if (parsed.replaced) tooDeep = tooDeepNote("The result's JSON", parsed.depth);
    } catch {
      data = undefined;
    }
  }
  const out: CallOutcome = { ok: !isError, text, durationMs };
  if (data !== undefined) out.data = data;
  if (isError) out.error = { code: 'TOOL', message: text || 'The tool reported an error' };
  if (form || tooDeep) out.trace = { ...(form ? { form } : {}), ...(tooDeep ? { tooDeep } : {}) };
  return out;
}
