/**
 * A namel3ss program as one skill: its python tools (its own, its capsules' as `<capsule>.<tool>`, its
 * foreign python functions, and the pack tools it allows), each call run by the local runner (one
 * Python child per call, sandboxed where namel3ss sandboxes) or the service runner (an HTTP POST, after
 * a capability handshake where the app asks for one). Nothing keeps running between calls, so `start`
 * only reads the app (and asks each service binding's URL whether anything answers there) and reports
 * it ready; each call reads the app again so edits count without a restart. Inputs are validated before
 * anything runs, results after; refusals come back in namel3ss's words with the trace's fields.
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
import { envValue } from './config';
import { appNotes, toolInfo } from './describe';
import { toolEnv } from './enforcement';
import { choosePython, depsSource, runLocal, type PythonChoice, type RunnerReply } from './local-runner';
import { planCall, type CallPlan } from './plan';
import { fieldProblems, valueProblems } from './schema';
import { missingGuarantees, runService, serviceHandshake, serviceHealth, type Handshake } from './service-runner';
import { resolveTimeout, TIMEOUT_ENV, type ResolvedTimeout } from './timeouts';
import { MAX_TRACES, PROTOCOL_VERSION, TraceRing, type ToolTrace } from './trace';
import { capabilityCheck, guidance, sourceOf } from './capabilities';
import { confineSpec } from '../confined';

export interface Namel3ssOptions {
  /** How many call traces `traces()` keeps (default 100). */
  maxTraces?: number;
}

interface Run {
  request: Record<string, unknown>;
  response: unknown;
  reply?: RunnerReply;
  failure?: SkillError;
  durationMs: number;
  stderr?: string[];
}

export class Namel3ssSkill extends OneShotSkill {
  private readonly ring: TraceRing;
  /** Whether each interpreter has namel3ss (for built-in pack tools), learnt at start. */
  private readonly namel3ss = new Map<string, boolean>();
  /** Handshakes by url and tool, as namel3ss caches them; cleared by a restart. */
  private readonly handshakes = new Map<string, Handshake>();
  private services: ServiceBindingInfo[] = [];

  constructor(ref: SkillRef, ctx: AdapterContext, opts: Namel3ssOptions = {}) {
    super(ref, ctx);
    this.ring = new TraceRing(opts.maxTraces ?? MAX_TRACES);
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

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    if (!this.isStarted) await this.start();
    const model = this.refresh();
    const decl = model.tools.find((t) => t.name === tool);
    if (!decl) return this.missingTool(model, tool, started);
    const plan = planCall(decl, model, this.planOptions(model));
    // Secrets the guarantees forbid never reach the tool's process.
    const { env, bare } = toolEnv(plan.guarantees, this.ctx.env, plan.binding?.env);
    const timeout = resolveTimeout({
      callMs: opts.timeoutMs,
      skillMs: this.ctx.timeoutMs,
      bindingMs: plan.binding?.timeoutMs,
      aiSeconds: decl.timeoutSeconds,
      envSeconds: envValue(this.ctx.env, TIMEOUT_ENV),
      tomlSeconds: model.config.timeoutSeconds,
    });
    const trace = this.baseTrace(decl, plan, timeout, model);
    return this.track(async (signal) => {
      for (const n of plan.notes) this.ctx.logs.append('system', n);
      if (plan.blocked) {
        if (plan.blocked.checks) trace.capability_checks = plan.blocked.checks;
        return this.finish(trace, started, plan.blocked.error, undefined, plan.blocked.errorType);
      }
      const invalid = this.inputError(decl, args);
      if (invalid) return this.finish(trace, started, invalid);
      const payload = args ?? {};
      let run: Run;
      if (plan.runner === 'service') {
        const refused = await this.handshake(decl, plan, trace, timeout.ms, signal);
        if (refused) return refused(started);
        const res = await runService({ url: plan.url!, appRoot: model.root, tool, entry: plan.binding!.entry, payload, timeoutMs: timeout.ms, signal });
        trace.trace_id = res.traceId;
        run = res;
      } else {
        if (plan.workspace) fs.mkdirSync(plan.workspace, { recursive: true });
        const res = await runLocal({
          appRoot: model.root,
          tool,
          entry: plan.binding!.entry,
          payload,
          timeoutMs: timeout.ms,
          env,
          logs: this.ctx.logs,
          signal,
          sandbox: plan.sandbox,
          capabilityContext: plan.context,
          paths: plan.paths,
          moduleRoots: plan.moduleRoots,
          cwd: plan.workspace,
          bareEnv: bare,
          wrap: (spec) => confineSpec(spec, this.ctx, this.ref),
        });
        if (res.enforcement) trace.enforcement = res.enforcement;
        trace.exit_code = res.exitCode;
        trace.signal = res.signal;
        run = res;
      }
      trace.duration_ms = run.durationMs;
      if (run.reply?.checks?.length) trace.capability_checks = run.reply.checks;
      const outcome = this.judge(decl, run, trace, started);
      this.ctx.messages.exchange(tool, run.request, { output: run.response, trace }, run.durationMs, run.reply?.ok ? run.reply.form : undefined);
      return outcome;
    }, { signal: opts.signal });
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
    return { env: this.ctx.env, python, namel3ssInstalled: this.namel3ss.get(python) };
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
        out.push({ tool: t.name, url: null, health: 'unconfigured', detail: plan.blocked?.error.message ?? 'no service URL is configured' });
        continue;
      }
      const h = await serviceHealth(plan.url);
      out.push({ tool: t.name, url: plan.url, ...h });
    }
    return out;
  }

  /**
   * `[python_tools] service_handshake_required`: ask the service what it enforces; refuse the call when
   * the tool's guarantees are not all enforced there (namel3ss's CapabilityViolation). Null to go on.
   */
  private async handshake(decl: AiTool, plan: CallPlan, trace: ToolTrace, timeoutMs: number, signal: AbortSignal): Promise<((started: number) => CallOutcome) | null> {
    const model = loadApp(this.ref.dir, this.program());
    trace.service_handshake = model.config.serviceHandshake;
    if (!model.config.serviceHandshake) return null;
    const guarantees = (plan.context?.guarantees ?? {}) as Record<string, boolean>;
    const key = `${plan.url}|${decl.name}|${JSON.stringify(guarantees)}`;
    let hs = this.handshakes.get(key);
    if (!hs) {
      const got = await serviceHandshake(plan.url!, { protocol_version: PROTOCOL_VERSION, tool_name: decl.name, runner: 'service', required_guarantees: guarantees }, timeoutMs, signal);
      if (got instanceof SkillError) return (started) => this.finish(trace, started, got);
      hs = got;
      this.handshakes.set(key, hs);
    }
    trace.enforcement_level = hs.enforcement;
    if (hs.rejected) return (started) => this.finish(trace, started, new SkillError('CAPABILITY', hs.rejected!), undefined, 'CapabilityViolation');
    const missing = missingGuarantees(plan.required, guarantees, hs);
    if (!missing.length) return null;
    trace.capability_checks = missing.map((c) => capabilityCheck(c, false, sourceOf(plan.guarantees, c), 'coverage_missing'));
    const message = guidance(
      `Tool "${decl.name}" cannot run on the service runner.`,
      `Service enforcement is ${hs.enforcement}. Missing guarantees: ${missing.join(', ')}.`,
      'Update the service to enforce the guarantees or switch runners.',
      `n3 tools set-runner "${decl.name}" --runner local`,
    );
    return (started) => this.finish(trace, started, new SkillError('CAPABILITY', message), undefined, 'CapabilityViolation');
  }

  private inputError(decl: AiTool, args: unknown): SkillError | null {
    const problems = fieldProblems(decl.input, args ?? {}, 'input', decl.name);
    return problems.length ? new SkillError('VALIDATION', problems.join(' '), { phase: 'input', problems }) : null;
  }

  private judge(decl: AiTool, run: Run, trace: ToolTrace, started: number): CallOutcome {
    if (run.failure) return this.finish(trace, started, run.failure, run.stderr);
    const reply = run.reply!;
    if (!reply.ok) {
      // The tool's timeout, enforced on the service's side (its timer fired before ours): the same timeout as ours.
      if (reply.type === 'TimeoutError' && /^Tool exceeded [\d.]+s timeout\.$/.test(reply.message)) return this.finish(trace, started, new SkillError('TIMEOUT', reply.message), run.stderr);
      // A sandbox refusal is namel3ss's guidance text as it stands; a tool's own error keeps its type.
      const capability = reply.type === 'CapabilityViolation';
      const err = new SkillError(capability ? 'CAPABILITY' : 'TOOL', capability ? reply.message : `${reply.type}: ${reply.message}`, { type: reply.type, message: reply.message, ...(reply.reasonCode ? { reason_code: reply.reasonCode } : {}) });
      return this.finish(trace, started, err, run.stderr, reply.type);
    }
    const foreign = decl.declaredAs === 'foreign';
    const problems = foreign && decl.output[0] ? valueProblems(decl.output[0].type, reply.result, decl.name) : fieldProblems(decl.output, reply.result, 'output', decl.name);
    if (problems.length) {
      const err = new SkillError('VALIDATION', problems.join(' '), { phase: 'output', problems, result: reply.result });
      return this.finish(trace, started, err, run.stderr);
    }
    trace.status = 'ok';
    this.ring.push({ ...trace });
    const text = JSON.stringify(reply.result, null, 2);
    return { ok: true, data: reply.result, text, durationMs: Math.round(performance.now() - started), trace: { ...trace } };
  }

  /**
   * A failed call: trace it, and turn the error into an outcome. A service URL or a message may carry a
   * secret: it is scrubbed where the outcome leaves the workbench (recording, history, events, answers).
   */
  private finish(trace: ToolTrace, started: number, err: SkillError, stderr?: string[], errorType?: string): CallOutcome {
    const message = err.message;
    const durationMs = Math.round(performance.now() - started);
    trace.status = 'error';
    trace.error_type = errorType ?? err.code;
    trace.error_message = message;
    if (!trace.duration_ms) trace.duration_ms = durationMs;
    this.ring.push({ ...trace });
    const outcome: CallOutcome = { ok: false, error: { code: err.code, message, details: err.details }, durationMs, trace: { ...trace } };
    if (stderr?.length) outcome.stderrTail = stderr.slice(-20);
    return outcome;
  }

  private missingTool(model: AppModel, tool: string, started: number): CallOutcome {
    const other = model.otherTools.find((t) => t.name === tool);
    const err = other
      ? new SkillError('UNSUPPORTED', `Tool "${tool}" is implemented using ${other.kind}; the workbench runs only python tools.`)
      : new SkillError('NOT_FOUND', `No python tool named "${tool}" in ${model.name}. Tools: ${model.tools.map((t) => `"${t.name}"`).join(', ') || 'none'}.`);
    return { ok: false, error: { code: err.code, message: err.message }, durationMs: Math.round(performance.now() - started) };
  }

  private baseTrace(decl: AiTool, plan: CallPlan, timeout: ResolvedTimeout, model: AppModel): ToolTrace {
    const b = plan.binding;
    const trace: ToolTrace = {
      tool: decl.name,
      kind: 'python',
      entry: plan.source === 'binding' ? b?.entry || undefined : undefined,
      runner: plan.runner,
      resolved_source: plan.source,
      purity: (b?.purity as 'pure' | 'impure' | undefined) ?? decl.purity,
      timeout_ms: timeout.ms,
      timeout_source: timeout.source,
      duration_ms: 0,
      protocol_version: PROTOCOL_VERSION,
      status: 'error',
    };
    if (decl.declaredAs === 'foreign') trace.declared_as = 'foreign';
    if (plan.pack && plan.source !== 'binding') {
      trace.pack_id = plan.pack.id;
      trace.pack_name = plan.pack.name;
      trace.pack_version = plan.pack.version;
    }
    if (timeout.overrides) trace.declared_timeout_ms = timeout.overrides.ms;
    for (const p of timeout.problems) this.ctx.logs.append('system', p);
    if (plan.runner === 'local') {
      const py = choosePython(model.root);
      trace.python_env = py.env;
      trace.python_path = py.path;
      trace.deps_source = depsSource(model.root);
      trace.sandbox = plan.sandbox;
    }
    if (plan.runner === 'service' && plan.url) trace.service_url = plan.url;
    return trace;
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
