/**
 * SkillDefinition skills (skill-system-architecture.md, protocol notes section 2): `skill/load`, then
 * `tools/list`; tools, hooks, setup, sessions and ticks over JSON-RPC; reverse calls from the skill
 * served by the host services while our own requests are pending; `skill/unload` and `skill/shutdown` on stop.
 */
import path from 'node:path';
import type { CallOutcome, SkillInfo, SkillRef, SkillStatus, ToolInfo } from '../../contract';
import type { SpawnSpec } from '../../engine/child';
import { JSONRPC, RpcError, SkillError } from '../../common/errors';
import type { RpcProcess } from '../../engine/rpc-process';
import type { ParamsIn, ResultOf, RpcMethod } from '../../common/rpc-method';
import { pythonResources, systemPython } from '../../host/paths';
import { tickIntervalOf, type AdapterContext, type CallOptions, type InteropCapability, type SessionCapability, type SetupAnswers } from '../adapter';
import { PersistentRpcSkill, contentText, textOutcome } from '../persistent';
import { skillEnvironment } from '../skill-env';
import { isPackage, launchMode, packageName, readSkillDefManifest, skillVenv, type LaunchMode, type SkillDefManifest } from './locate';
import * as M from './methods';
import { OptionsFlow, readOptions } from './options-flow';
import { SetupFlow } from './setup-flow';
import { callsOtherSkills } from './interop-use';
import { LifecycleFlow } from './lifecycle-flow';
import * as N from './newer-methods';
import { TriggerFlow } from './trigger-flow';
import { REAL_HOST_REVERSE, REAL_SHUTDOWN_GRACE_MS, differences, idRefusal, namespaced, ownToolName, parityNotes, unknownReverse } from './host-parity';
import { failedHook, withExceptionType } from './failed-hook';
import { isSdkTool } from './sdk-tools';

/** skillbench_launch.py's exit code and line prefix when a skill cannot be loaded. */
const LOAD_FAILED = 3;
const LAUNCHER_PREFIX = 'skillbench: ';
/** The early Python SDK reads lines with asyncio's 64 KiB default and dies on longer ones. */
const EARLY_SDK_LINE_LIMIT = 64 * 1024;
/** The launcher's stand-in `mcp` says this on stderr when the skill imports it (resources/python/fallback/mcp). */
const MCP_STAND_IN = /^skillbench: mcp\.types is the workbench's stand-in \((.+)\)/;
/** A failed request's traceback is logged just before its answer: wait this long for it to arrive (see persistent.ts). */
const STDERR_QUIET_MS = 10;
const STDERR_WAIT_MS = 250;

export class SkillDefSkill extends PersistentRpcSkill {
  protected readonly shutdownMethod = M.skillShutdown.method;
  private manifest: SkillDefManifest;
  private readonly mode: LaunchMode;
  readonly setup: SetupFlow;
  /** Behaving as the real host does, for the process now running (read from the settings at each launch). */
  private parity = false;
  /** The manifest's `env[]` names its process did not get (at the last launch). */
  private missingEnv: string[] = [];

  constructor(ref: SkillRef, ctx: AdapterContext) {
    super(ref, ctx);
    const m = readSkillDefManifest(ref.dir);
    if (!m) throw new SkillError('NOT_FOUND', `${ref.dir} has no skill.py (or manifest entry) to run.`);
    this.manifest = m;
    this.mode = launchMode(ref.dir);
    if (this.mode.kind === 'repo-module' || this.mode.kind === 'repo-entry') this.warnFrameBytes = EARLY_SDK_LINE_LIMIT;
    this.setup = new SetupFlow(ctx, () => this.running(), (_result, answers) => this.setupCompleted(answers), (method, err, since) => this.explained(method, err, since));
    this.options = new OptionsFlow(ctx, () => this.learnt?.name ?? this.ref.name, () => this.running(), () => this.relisted());
  }

  readonly options: OptionsFlow;

  /**
   * What the manifest says, nothing run: its name, description and version, and whether it needs setup (the
   * manifest's `setup.required`, and no completed setup kept for it), so a person who only configures is shown
   * the setup view before the skill has ever started. Its tools are known once it runs.
   */
  describe(): Promise<SkillInfo> {
    const m = this.manifest;
    const stated = m.setupStated && m.setupRequired;
    return Promise.resolve({
      ...this.ref,
      name: m.name ?? this.ref.name,
      description: m.description ?? this.ref.description,
      version: m.version,
      tools: [],
      notes: [],
      needsSetup: stated && !this.ctx.vault?.setupComplete(),
      capabilities: { setup: stated, sessions: true, ticks: false, messageHooks: true, persistent: true },
    });
  }

  readonly triggers = new TriggerFlow(this.ctx, (m, p) => this.hook(m, p));
  readonly lifecycleRequests = new LifecycleFlow(this.ctx, (m, p) => this.hook(m, p), () => this.parity);

  readonly sessions: SessionCapability = {
    start: async (sessionId) => {
      await this.hook(M.sessionStart, { sessionId });
    },
    end: async (sessionId) => {
      await this.hook(M.sessionEnd, { sessionId });
    },
  };

  /** Other skills' requests, through the host (see workbench/interop-service.ts). */
  readonly interop: InteropCapability = {
    listExposed: () => this.hook(M.interopListExposed, {}),
    getData: (callerSkillId, dataName, params) => this.hook(M.interopGetData, { callerSkillId, dataName, params }),
    callFunction: (callerSkillId, functionName, args) => this.hook(M.interopCallFunction, { callerSkillId, functionName, arguments: args }),
  };

  async tick(): Promise<void> {
    await this.hook(M.tick, {});
  }

  async transform(hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null> {
    return hook === 'beforeMessage' ? this.hook(M.beforeMessage, { message: text }) : this.hook(M.afterResponse, { response: text });
  }

  protected spawnSpec(): SpawnSpec {
    this.manifest = readSkillDefManifest(this.ref.dir) ?? this.manifest;
    this.parity = this.ctx.hostParity === true;
    const refusal = this.parity ? idRefusal(this.skillId()) : null;
    if (refusal) throw new SkillError('LAUNCH', `${this.ref.name} is refused, as the real host refuses it: ${refusal} Turn host parity off to run it anyway.`);
    const own = { ...this.ctx.env, PYTHONDONTWRITEBYTECODE: '1' };
    const env = skillEnvironment({ listed: this.manifest.env, own });
    this.missingEnv = this.manifest.env.filter((name) => !env[name]);
    const m = this.mode;
    const extra = this.ctx.args ?? [];
    const python = skillVenv(this.ref.dir) ?? systemPython();
    const launcher = path.join(pythonResources(), 'skillbench_launch.py');
    // The launcher hands what follows "--" to the skill as its own sys.argv[1:].
    const skillArgs = extra.length ? ['--', ...extra] : [];
    if (m.kind === 'repo-module') {
      env.PYTHONPATH = [m.root, env.PYTHONPATH].filter(Boolean).join(path.delimiter);
      // `python -m skills.<id>` through the launcher, so a package the interpreter lacks is explained in one line.
      return { command: python, args: [launcher, '--sdk-root', m.root, '--run-module', m.module, ...skillArgs], cwd: m.root, env };
    }
    const args = [launcher, '--skill-dir', this.ref.dir, '--entry', this.manifest.entry];
    if (m.kind === 'repo-entry') args.push('--sdk-root', m.root);
    // A package in a repository whose folder name is no identifier (skills/weather-report): loaded as a
    // package all the same, so its relative imports work, on the repository's SDK.
    if (m.kind === 'repo-entry' && isPackage(this.ref.dir) && path.basename(this.manifest.entry) === '__main__.py') args.push('--package', packageName(this.ref.dir));
    if (m.kind === 'bundled-package') args.push('--package', m.module);
    args.push(...skillArgs);
    return { command: python, args, cwd: m.kind === 'repo-entry' ? m.root : this.ref.dir, env };
  }

  protected async handshake(proc: RpcProcess): Promise<SkillInfo> {
    const dataDir = this.ctx.vault?.dataDir ?? path.join(this.ref.dir, 'data');
    await proc.request(M.skillLoad, { manifest: this.manifest.raw, dataDir }, { timeoutMs: this.ctx.timeoutMs }).catch(async (err: unknown) => {
      // on_load failed: a load failure, said with the hook, the skill's file and line, as an import failure is.
      if (!(err instanceof RpcError)) throw err;
      throw new SkillError('LAUNCH', `${this.ref.name} could not be loaded: ${await this.failedHere(M.skillLoad.method, err, this.launchMark)}`);
    });
    const waitingForSetup = this.manifest.setupRequired && !this.ctx.vault?.setupComplete();
    // The real host lists tools only once setup is complete (or not needed), and never asks skill/status.
    const tools = this.parity && waitingForSetup ? [] : await this.listTools(proc);
    // Later SDKs describe themselves; the original answers -32603, which is fine.
    const status = this.parity ? null : await proc.request(M.skillStatus, {}).catch(() => null);
    this.lifecycleRequests.learnt(status);
    // Trigger types it declares (an original SDK answers -32603: none).
    const hasTriggers = await proc.request(N.triggersTypes, {}).then((t) => t.length > 0, () => false);
    // So do their options; the original has none (an error here means just that).
    const hasOptions = await readOptions(proc, (line) => this.ctx.logs.append('system', line)).then((o) => o.length > 0, () => false);
    const hasSetup = this.manifest.setupRequired || status?.hasSetup === true;
    // Where the manifest does not say (or there is none), a skill with a setup wizard needs it before use.
    const required = this.manifest.setupStated ? this.manifest.setupRequired : hasSetup;
    const tickInterval = this.manifest.tickIntervalMs ?? status?.tickInterval;
    const notes = [this.sdkNote(), ...this.standInNote()];
    const id = this.skillId();
    if (this.parity) notes.push(...parityNotes(id, waitingForSetup));
    const hostParity = {
      on: this.parity,
      differences: this.parity
        ? []
        : differences({ id, listedBeforeSetup: waitingForSetup && tools.length > 0, answeredStatus: status !== null, toolNames: tools.map((t) => t.name), ticks: tickInterval !== undefined }),
    };
    return {
      ...this.ref,
      name: this.manifest.name ?? status?.name ?? this.ref.name,
      description: this.manifest.description ?? status?.description ?? this.ref.description,
      version: this.manifest.version ?? status?.version,
      tools,
      notes,
      tickIntervalMs: tickIntervalOf(tickInterval, notes),
      needsSetup: hasSetup && required && !this.ctx.vault?.setupComplete(),
      capabilities: {
        setup: hasSetup,
        sessions: true,
        ticks: tickInterval !== undefined,
        messageHooks: true,
        persistent: true,
        interop: status?.features?.includes('interop') === true || callsOtherSkills(this.ref.dir),
        options: hasOptions,
        triggers: hasTriggers,
      },
      hostParity,
      ...(this.missingEnv.length ? { missingEnv: [...this.missingEnv] } : {}),
    };
  }

  protected async invoke(proc: RpcProcess, tool: string, args: unknown, opts: CallOptions): Promise<CallOutcome> {
    const started = performance.now();
    // The real host's name for a tool is taken too (a call recorded with host parity, replayed without it).
    const known = !this.parity && this.learnt?.tools.some((t) => t.name === tool);
    const name = known ? tool : ownToolName(this.skillId(), tool);
    const since = this.ctx.logs.mark();
    const r = await proc.request(M.toolsCall, { name, arguments: args ?? {} }, opts).catch(async (err: unknown) => {
      if (!(err instanceof RpcError)) throw err;
      throw new RpcError(err.code, withExceptionType(M.toolsCall.method, err.message, await this.stderrSince(since), this.ref.dir), err.data);
    });
    const durationMs = Math.round(performance.now() - started);
    return textOutcome(contentText(r.content), r.isError, durationMs);
  }

  protected onRequest(method: string, params: unknown): unknown {
    if (this.parity) {
      if (!REAL_HOST_REVERSE.has(method) || !this.ctx.host) {
        this.ctx.logs.append('system', `The skill called "${method}", which the real host does not serve; answered -32603 as it does (host parity).`);
        throw unknownReverse(method);
      }
      // Whatever the workbench refuses, the real host's transport answers -32603 with the message.
      return this.ctx.host.handle(method, params).catch((err: Error) => {
        throw new RpcError(JSONRPC.INTERNAL_ERROR, err?.message ?? String(err));
      });
    }
    if (!this.ctx.host) throw new RpcError(JSONRPC.METHOD_NOT_FOUND, `Method not found: ${method} (no host services here)`);
    return this.ctx.host.handle(method, params);
  }

  protected async shutdown(proc: RpcProcess): Promise<unknown> {
    // The real host sends skill/shutdown alone, waits 200 ms, and kills.
    if (this.parity) return proc.stop(this.shutdownMethod, { graceMs: REAL_SHUTDOWN_GRACE_MS, termMs: 0 });
    await proc.request(M.skillUnload, {}).catch(() => undefined);
    return proc.stop(this.shutdownMethod);
  }

  /** What it learnt, with a note saying so while it needs setup (the state is `needsSetup`; the note is for people). */
  info(): SkillInfo | null {
    const info = super.info();
    if (!info?.needsSetup) return info;
    return { ...info, notes: [...info.notes, `Needs setup: ${this.manifest.setupLabel ?? 'run the setup wizard'} before it is fully usable.`] };
  }

  protected statusChanged(status: SkillStatus, detail?: string): void {
    const waiting = this.learnt?.needsSetup && status === 'ready';
    super.statusChanged(waiting ? 'needs-setup' : status, waiting ? (this.manifest.setupLabel ?? 'Run the setup wizard') : detail);
  }

  /**
   * Our launcher ends a load failure (exit 3) with one line that says why: that line alone is the message.
   * It is a launch failure, not a crash: the same files fail the same way, so the supervisor does not restart
   * it (hot reload tries again when a file changes).
   */
  protected startupCrash(code: number | null, signal: string | null): SkillError {
    // Its line is the last of the launcher's own; a syntax error's code and caret may follow it.
    const last = this.ctx.logs.tail('stderr', 5, this.launchMark).findLast((l) => l.startsWith(LAUNCHER_PREFIX)) ?? '';
    if (code === LOAD_FAILED && last) {
      return new SkillError('LAUNCH', `${this.ref.name} could not be loaded: ${last.slice(LAUNCHER_PREFIX.length)}`);
    }
    return super.startupCrash(code, signal);
  }

  private async hook<H extends RpcMethod>(method: H, params: ParamsIn<H>): Promise<ResultOf<H>> {
    const proc = await this.running();
    const since = this.ctx.logs.mark();
    return this.supervisor.track(proc.request(method, params, { timeoutMs: this.ctx.timeoutMs })).catch(async (err: unknown) => {
      throw await this.explained(method.method, err, since);
    });
  }

  /** An error answer to a request, said with the hook that failed and where; anything else as it is. */
  private async explained(method: string, err: unknown, since: number): Promise<unknown> {
    return err instanceof RpcError ? new RpcError(err.code, await this.failedHere(method, err, since), err.data) : err;
  }

  /** The hook that failed, where in the skill's code and why (failed-hook.ts), from its stderr since `since`. */
  private async failedHere(method: string, err: RpcError, since: number): Promise<string> {
    return failedHook(method, err.message, await this.stderrSince(since), this.ref.dir);
  }

  /** The skill's stderr since `since`, once the traceback the SDK logs with a failure has come in. */
  private async stderrSince(since: number): Promise<string[]> {
    await this.ctx.logs.quiet('stderr', STDERR_QUIET_MS, STDERR_WAIT_MS);
    return this.ctx.logs.tail('stderr', 200, since);
  }

  /** Said when the skill imported the launcher's stand-in `mcp.types` (this interpreter has no MCP SDK). */
  private standInNote(): string[] {
    const line = this.ctx.logs.tail('stderr', 2000, this.launchMark).find((l) => MCP_STAND_IN.test(l));
    if (!line) return [];
    return [
      `mcp.types is the workbench's stand-in (${MCP_STAND_IN.exec(line)![1]}): this interpreter has no MCP Python SDK, so the skill gets the data classes it imports (Tool, TextContent, ...) from the workbench. Install the mcp package for the real one.`,
    ];
  }

  /** The id the real host keys the skill by: the manifest's, else its folder's name. */
  private skillId(): string {
    return this.manifest.id ?? path.basename(this.ref.dir);
  }

  private async listTools(proc: RpcProcess): Promise<ToolInfo[]> {
    const r = await proc.request(M.toolsList, {});
    const id = this.skillId();
    return (r.tools ?? []).flatMap((raw) => {
      const t = M.skillTool.safeParse(raw);
      if (!t.success) return [];
      const schema = { ...((t.data.inputSchema ?? t.data.parameters ?? { type: 'object', properties: {} }) as Record<string, unknown>) };
      // The original SDK sends `required: null` when nothing is required; JSON Schema wants it absent.
      if (schema.required === null) delete schema.required;
      const tool: ToolInfo = { name: this.parity ? namespaced(id, t.data.name) : t.data.name, description: t.data.description, inputSchema: schema };
      return [isSdkTool(t.data.name) ? { ...tool, origin: 'sdk' as const } : tool];
    });
  }

  /** The tools listed again (an option may have shown or hidden some), and what the skill now offers. */
  private async relisted(): Promise<SkillInfo> {
    const proc = await this.running();
    if (this.learnt) this.learnt = { ...this.learnt, tools: await this.listTools(proc) };
    return this.info()!;
  }

  private async setupCompleted(answers: SetupAnswers): Promise<void> {
    this.ctx.vault?.markSetupComplete(answers);
    await this.ctx.vault?.rescrub().catch(() => undefined);
    if (this.learnt) {
      this.learnt = { ...this.learnt, needsSetup: false };
      // Setup often registers tools; learn them again.
      const proc = this.supervisor.current;
      if (proc) this.learnt.tools = await this.listTools(proc).catch(() => this.learnt!.tools);
    }
    if (this.supervisor.status === 'ready') super.statusChanged('ready');
  }

  private sdkNote(): string {
    const m = this.mode;
    const venv = skillVenv(this.ref.dir);
    const py = venv ? ` Python: ${venv} (the skill's virtual environment).` : '';
    if (m.kind === 'bundled-sdk') return `Runs on the workbench's bundled SDK (${path.join(pythonResources(), 'dev')}).${py}`;
    if (m.kind === 'bundled-package') {
      return `Runs on the workbench's bundled SDK (${path.join(pythonResources(), 'dev')}), loaded as package ${m.module} so its relative imports work.${py}`;
    }
    if (m.kind === 'repo-module') return `Runs on its repository's own SDK (${path.join(m.root, 'dev')}) as "python -m ${m.module}", the way the original host ran it.${py}`;
    const how = isPackage(this.ref.dir) && path.basename(this.manifest.entry) === '__main__.py' ? `loaded as package ${packageName(this.ref.dir)} so its relative imports work` : `importing ${this.manifest.entry} with the repository root on the path`;
    return `Runs on its repository's own SDK (${path.join(m.root, 'dev')}), ${how}.${py}`;
  }
}
