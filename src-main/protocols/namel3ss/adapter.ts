/**
 * A namel3ss program as one skill: its tools (its own, its capsules' as `<capsule>.<tool>`, its foreign
 * functions, and the pack tools it allows), each call run as namel3ss runs it (call.ts): python tools by
 * the local runner (one Python child per call, sandboxed where namel3ss sandboxes), the service runner (an
 * HTTP POST, after a capability handshake where the app asks for one) or the node runner, and http tools
 * by namel3ss's built-in HTTP capability. Nothing keeps running between calls, so `start` only reads the
 * app (and asks each service binding's URL whether anything answers there) and reports it ready; each call
 * reads the app again so edits count without a restart. Refusals come back in namel3ss's words, and each
 * call's trace has namel3ss's fields and events (`traceEvents()` keeps the newest).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CallOutcome, ServiceBindingInfo, SkillInfo, SkillRef } from '../../contract';
import { SkillError } from '../../common/errors';
import { runPythonFilter } from '../../host/run-python';
import { readVenv } from '../../host/venv-packages';
import type { AdapterContext, CallOptions } from '../adapter';
import { toolEnvironment } from '../skill-env';
import { OneShotSkill } from '../one-shot-skill';
import { loadApp, type AppModel } from './app';
import type { AiTool } from './ai-file';
import { runCall } from './call';
import { envValue } from './config';
import { appNotes, toolInfo } from './describe';
import { choosePython, type PythonChoice } from './local-runner';
import { DEFAULT_NODE_TIMEOUT_MS } from './node-runner';
import { unsupportedKind } from './messages';
import { planCall, workspacesFolder } from './plan';
import { serviceHandshake, serviceHealth, type Handshake } from './service-runner';
import { resolveTimeout, TIMEOUT_ENV } from './timeouts';
import { MAX_TRACES, PROTOCOL_VERSION, TraceRing, type Namel3ssEvent, type ToolTrace } from './trace';
import { launchSpec } from '../launch-spec';

export interface Namel3ssOptions {
  /** How many call traces `traces()` keeps (default 100). */
  maxTraces?: number;
}

export class Namel3ssSkill extends OneShotSkill {
  private readonly ring: TraceRing;
  /** namel3ss's events of the newest calls (capability checks, tool calls, foreign boundaries), oldest first. */
  private readonly events: TraceRing<Namel3ssEvent>;
  /** Whether each interpreter has namel3ss (for built-in pack tools), learnt at start. */
  private readonly namel3ss = new Map<string, boolean>();
  /** Handshakes by url and tool, as namel3ss caches them; cleared by a restart. */
  private readonly handshakes = new Map<string, Handshake>();
  private services: ServiceBindingInfo[] = [];

  constructor(ref: SkillRef, ctx: AdapterContext, opts: Namel3ssOptions = {}) {
    super(ref, ctx);
    this.ring = new TraceRing(opts.maxTraces ?? MAX_TRACES);
    this.events = new TraceRing<Namel3ssEvent>((opts.maxTraces ?? MAX_TRACES) * 4);
  }

  async start(): Promise<SkillInfo> {
    const model = this.refresh();
    const python = choosePython(model.root);
    if (!this.namel3ss.has(python.path) && model.tools.some((t) => this.usesBuiltinPack(t, model))) this.namel3ss.set(python.path, await hasNamel3ss(python, model.root));
    this.services = await this.checkServices(model);
    this.refresh();
    this.markReady();
    return this.learnt!;
  }

  /** The app's tools as its files declare them; no service is asked and no Python runs but an isolated system one. */
  async describe(): Promise<SkillInfo> {
    const model = loadApp(this.ref.dir, this.program());
    const python = choosePython(model.root);
    if (!this.namel3ss.has(python.path) && model.tools.some((t) => this.usesBuiltinPack(t, model))) this.namel3ss.set(python.path, await hasNamel3ss(python, model.root));
    return this.infoOf(model);
  }

  async restart(): Promise<SkillInfo> {
    await this.stop();
    return this.start();
  }

  /** Reports stopped, cancels calls in flight (their children are killed) and forgets the service handshakes. */
  async stop(): Promise<void> {
    await super.stop();
    this.handshakes.clear();
  }

  /** The newest call traces, oldest first. */
  traces(): ToolTrace[] {
    return this.ring.list();
  }

  /** namel3ss's events of the newest calls, oldest first, as namel3ss emits them. */
  traceEvents(): Namel3ssEvent[] {
    return this.events.list();
  }

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    if (!this.isStarted) await this.start();
    const model = this.refresh();
    const decl = model.tools.find((t) => t.name === tool);
    if (!decl) return this.missingTool(model, tool, started);
    const plan = planCall(decl, model, this.planOptions(model));
    const node = plan.kind === 'node';
    // A node tool takes its binding's or its declaration's timeout, else 30 s: the python settings are not its.
    const timeout = resolveTimeout({
      callMs: opts.timeoutMs,
      skillMs: this.ctx.timeoutMs,
      bindingMs: plan.binding?.timeoutMs,
      aiSeconds: decl.timeoutSeconds,
      envSeconds: node ? undefined : envValue(this.ctx.env, TIMEOUT_ENV),
      tomlSeconds: node ? undefined : model.config.timeoutSeconds,
      defaultMs: node ? DEFAULT_NODE_TIMEOUT_MS : undefined,
    });
    return this.track(async (signal) => {
      const done = await runCall({
        decl,
        plan,
        model,
        args,
        timeout,
        ctx: this.ctx,
        signal,
        handshake: (url, name, guarantees, timeoutMs, sig) => this.handshake(url, name, guarantees, timeoutMs, sig),
        wrap: (spec) => launchSpec(spec, this.ctx, this.ref),
      });
      for (const e of done.trace.traces ?? []) this.events.push({ ...e });
      this.ring.push({ ...done.trace });
      if (done.exchange) this.ctx.messages.exchange(tool, done.exchange.request, { output: done.exchange.response, trace: done.trace }, done.exchange.durationMs, done.exchange.form);
      return done.outcome;
    }, { signal: opts.signal });
  }

  /** namel3ss caches a service's handshake by url, tool and guarantees; a restart forgets it. */
  private async handshake(url: string, tool: string, guarantees: Record<string, boolean>, timeoutMs: number, signal: AbortSignal): Promise<Handshake | SkillError> {
    const key = `${url}|${tool}|${JSON.stringify(guarantees)}`;
    const known = this.handshakes.get(key);
    if (known) return known;
    const got = await serviceHandshake(url, { protocol_version: PROTOCOL_VERSION, tool_name: tool, runner: 'service', required_guarantees: guarantees }, timeoutMs, signal);
    if (!(got instanceof SkillError)) this.handshakes.set(key, got);
    return got;
  }

  /** Reads the app again and rebuilds what the inspector shows. */
  private refresh(): AppModel {
    const model = loadApp(this.ref.dir, this.program());
    this.learnt = this.infoOf(model);
    return model;
  }

  private infoOf(model: AppModel): SkillInfo {
    const plans = new Map(model.tools.map((t) => [t.name, planCall(t, model, this.planOptions(model))]));
    const info: SkillInfo = {
      ...this.ref,
      name: model.name,
      description: model.description ?? this.ref.description,
      version: model.version,
      tools: model.tools.map((t) => toolInfo(t, plans.get(t.name)!)),
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
      notes: appNotes(model, plans),
    };
    if (this.services.length) info.services = this.services;
    return info;
  }

  /** The program this skill is: its entry, relative to the app folder. */
  private program(): string | undefined {
    const entry = this.ref.entry;
    if (!entry || !entry.endsWith('.ai')) return undefined;
    return entry.slice(this.ref.dir.length + 1) || undefined;
  }

  private planOptions(model: AppModel) {
    const python = choosePython(model.root).path;
    // Sandboxed tools write in the skill's data folder, never in the app they could rewrite.
    return { env: this.ctx.env, python, namel3ssInstalled: this.namel3ss.get(python), workspaces: workspacesFolder(this.ctx.home, this.ref.id) };
  }

  private usesBuiltinPack(t: AiTool, model: AppModel): boolean {
    return model.packs.some((p) => p.source === 'builtin_pack' && p.bindings.has(t.name));
  }

  /** For each tool bound to the service runner: its URL, and whether anything answers there now. */
  private async checkServices(model: AppModel): Promise<ServiceBindingInfo[]> {
    const out: ServiceBindingInfo[] = [];
    for (const t of model.tools) {
      const plan = planCall(t, model, this.planOptions(model));
      if (plan.runner !== 'service') continue;
      if (!plan.url) {
        out.push({ tool: t.name, url: null, health: 'unconfigured', detail: plan.blocked?.hint ?? plan.blocked?.error.message ?? 'no service URL is configured' });
        continue;
      }
      const h = await serviceHealth(plan.url);
      out.push({ tool: t.name, url: plan.url, ...h });
    }
    return out;
  }

  private missingTool(model: AppModel, tool: string, started: number): CallOutcome {
    const other = model.otherTools.find((t) => t.name === tool);
    const err = other
      ? new SkillError('UNSUPPORTED', `${unsupportedKind(tool, other.kind ?? 'unknown')}\nHint: Tool "${tool}" is implemented using ${other.kind}; the workbench runs python, node and http tools.`)
      : new SkillError('NOT_FOUND', `No tool named "${tool}" in ${model.name}. Tools: ${model.tools.map((t) => `"${t.name}"`).join(', ') || 'none'}.`);
    return { ok: false, error: { code: err.code, message: err.message }, durationMs: Math.round(performance.now() - started) };
  }
}

/**
 * Whether namel3ss is there for the app's tools, found without running anything of the app: the app's own
 * `.venv` is read from its folders (its interpreter is a file of the app), a package of that name in the app's
 * folder is looked for, and only a system interpreter is asked, isolated (-I) and from a neutral folder.
 */
async function hasNamel3ss(python: PythonChoice, appRoot: string): Promise<boolean> {
  if (fs.existsSync(path.join(appRoot, 'namel3ss', '__init__.py'))) return true;
  if (python.env === 'venv') {
    const venv = readVenv(python.path);
    return !!venv && (venv.dists.has('namel3ss') || venv.modules.has('namel3ss'));
  }
  const out = await runPythonFilter(python.path, ['-I', '-c', 'import importlib.util; print(importlib.util.find_spec("namel3ss") is not None)'], '', 10_000, toolEnvironment());
  return out?.trim() === 'True';
}
