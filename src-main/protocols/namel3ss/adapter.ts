/**
 * A namel3ss app as one skill: its python tools, each call run by the local runner (one Python child per
 * call) or the service runner (an HTTP POST). Nothing keeps running between calls, so `start` only reads
 * the app and reports it ready; each call reads the app again so edits count without a restart.
 * Inputs are validated before anything runs, results after.
 */
import type { CallOutcome, SkillInfo, SkillRef, SkillStatus, ToolInfo } from '../../contract';
import { SkillError } from '../../engine/errors';
import type { AdapterContext, CallOptions, SkillAdapter } from '../adapter';
import { loadApp, type AppModel } from './app';
import type { AiTool } from './ai-file';
import { BINDINGS_FILE, bindingExample, BUILTIN_PACK_PREFIX, entryProblem, type ToolBinding } from './bindings';
import { envValue } from './config';
import { choosePython, depsSource, runLocal, type RunnerReply } from './local-runner';
import { fieldProblems, fieldsSchema } from './schema';
import { runService, SERVICE_URL_ENV, serviceUrl } from './service-runner';
import { resolveTimeout, TIMEOUT_ENV, type ResolvedTimeout } from './timeouts';
import { MAX_TRACES, PROTOCOL_VERSION, TraceRing, type ToolTrace } from './trace';

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

export class Namel3ssSkill implements SkillAdapter {
  private learnt: SkillInfo | null = null;
  private state: SkillStatus = 'stopped';
  private active = 0;
  private readonly inflight = new Set<AbortController>();
  private readonly ring: TraceRing;

  constructor(
    readonly ref: SkillRef,
    private readonly ctx: AdapterContext,
    opts: Namel3ssOptions = {},
  ) {
    this.ring = new TraceRing(opts.maxTraces ?? MAX_TRACES);
  }

  async start(): Promise<SkillInfo> {
    this.refresh();
    if (this.state === 'stopped') this.setStatus(this.active > 0 ? 'busy' : 'ready');
    return this.learnt!;
  }

  async restart(): Promise<SkillInfo> {
    await this.stop();
    return this.start();
  }

  info(): SkillInfo | null {
    return this.learnt;
  }

  status(): SkillStatus {
    return this.state;
  }

  /** Cancels calls in flight (their children are killed) and reports stopped. */
  async stop(): Promise<void> {
    for (const c of this.inflight) c.abort();
    this.setStatus('stopped');
  }

  /** The newest call traces, oldest first. */
  traces(): ToolTrace[] {
    return this.ring.list();
  }

  async call(tool: string, args: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const started = performance.now();
    if (this.state === 'stopped') await this.start();
    const model = this.refresh();
    const decl = model.tools.find((t) => t.name === tool);
    if (!decl) return this.missingTool(model, tool, started);
    const binding = model.bindings.bindings.get(tool);
    const env = { ...this.ctx.env, ...(binding?.env ?? {}) };
    const timeout = resolveTimeout({
      callMs: opts.timeoutMs,
      skillMs: this.ctx.timeoutMs,
      bindingMs: binding?.timeoutMs,
      aiSeconds: decl.timeoutSeconds,
      envSeconds: envValue(this.ctx.env, TIMEOUT_ENV),
      tomlSeconds: model.config.timeoutSeconds,
    });
    const trace = this.baseTrace(decl, binding, timeout, model);
    const ctl = new AbortController();
    const onAbort = () => ctl.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) ctl.abort();
    this.inflight.add(ctl);
    this.busy(+1);
    try {
      const blocked = this.bindingError(decl, binding, model) ?? this.inputError(decl, args);
      if (blocked) return this.finish(trace, started, blocked);
      const payload = args ?? {};
      let run: Run;
      if (binding!.runner === 'service') {
        const url = serviceUrl(tool, binding!.url, envValue(this.ctx.env, SERVICE_URL_ENV), model.config.serviceUrl);
        if (url instanceof SkillError) return this.finish(trace, started, url);
        trace.service_url = url;
        const res = await runService({ url, appRoot: model.root, tool, entry: binding!.entry, payload, timeoutMs: timeout.ms, redactor: this.ctx.redactor, signal: ctl.signal });
        trace.trace_id = res.traceId;
        run = res;
      } else {
        const res = await runLocal({ appRoot: model.root, tool, entry: binding!.entry, payload, timeoutMs: timeout.ms, env, logs: this.ctx.logs, redactor: this.ctx.redactor, signal: ctl.signal });
        trace.exit_code = res.exitCode;
        trace.signal = res.signal;
        run = res;
      }
      trace.duration_ms = run.durationMs;
      const outcome = this.judge(decl, run, trace, started);
      this.ctx.messages.exchange(tool, run.request, { output: run.response, trace }, run.durationMs, run.reply?.ok ? run.reply.form : undefined);
      return outcome;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      this.inflight.delete(ctl);
      this.busy(-1);
    }
  }

  /** Reads the app again and rebuilds what the inspector shows. */
  private refresh(): AppModel {
    const model = loadApp(this.ref.dir);
    this.learnt = {
      ...this.ref,
      name: model.name,
      description: model.description ?? this.ref.description,
      version: model.version,
      tools: model.tools.map((t) => toolInfo(t, model.bindings.bindings.get(t.name))),
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
      notes: this.notes(model),
    };
    return model;
  }

  private notes(model: AppModel): string[] {
    const notes: string[] = [];
    if (model.aiFiles.length === 0) notes.push('No .ai files in the app folder: no tools are declared.');
    notes.push(...model.problems, ...model.config.problems, ...model.bindings.problems);
    if (!model.bindings.exists && model.tools.length) notes.push(`No ${BINDINGS_FILE}: bind each tool to a Python function there. Example:\n${bindingExample(model.tools[0].name)}`);
    for (const t of model.tools) {
      const b = model.bindings.bindings.get(t.name);
      if (b) {
        notes.push(...b.notes);
        const problem = this.bindingError(t, b, model);
        if (problem) notes.push(problem.message);
        else if (b.entry.startsWith(`${BUILTIN_PACK_PREFIX}.`)) notes.push(`Tool "${t.name}" uses the built-in pack entry ${b.entry}: it runs only where namel3ss is installed in the interpreter.`);
      } else if (model.bindings.exists) notes.push(noBindingMessage(t.name));
    }
    for (const name of model.bindings.bindings.keys()) {
      if (!model.tools.some((t) => t.name === name)) notes.push(`${BINDINGS_FILE} binds "${name}", but no .ai file declares a python tool with that name.`);
    }
    for (const t of model.otherTools) notes.push(`${t.file}:${t.line}: Tool "${t.name}" is implemented using ${t.kind}; the workbench runs only python tools.`);
    const py = choosePython(model.root);
    notes.push(py.env === 'venv' ? `Python: the app's virtual environment (${py.path}).` : `Python: ${py.path} (the app has no .venv).`);
    const deps = depsSource(model.root);
    if (deps !== 'none') notes.push(`Dependencies are declared in ${deps}; install them into the interpreter above (namel3ss: n3 deps install).`);
    return notes.map((n) => this.ctx.redactor.text(n));
  }

  /** Why a bound tool cannot run as configured, or null. */
  private bindingError(decl: AiTool, b: ToolBinding | undefined, model: AppModel): SkillError | null {
    if (!b) return new SkillError('LAUNCH', noBindingMessage(decl.name));
    if (b.problems.length) return new SkillError('LAUNCH', b.problems.join(' '));
    if (b.runner === 'container') {
      return new SkillError('UNSUPPORTED', `Tool "${decl.name}" is bound to the container runner, which is not supported by the workbench. Use runner: local (or service) in ${BINDINGS_FILE} to run it here.`);
    }
    const problem = entryProblem(b.entry, decl.name, model.root);
    return problem ? new SkillError('LAUNCH', problem) : null;
  }

  private inputError(decl: AiTool, args: unknown): SkillError | null {
    const problems = fieldProblems(decl.input, args ?? {}, 'input', decl.name);
    return problems.length ? new SkillError('VALIDATION', problems.join(' '), { phase: 'input', problems }) : null;
  }

  private judge(decl: AiTool, run: Run, trace: ToolTrace, started: number): CallOutcome {
    if (run.failure) return this.finish(trace, started, run.failure, run.stderr);
    const reply = run.reply!;
    if (!reply.ok) {
      const err = new SkillError('TOOL', `${reply.type}: ${reply.message}`, { type: reply.type, message: reply.message });
      return this.finish(trace, started, err, run.stderr, reply.type);
    }
    const problems = fieldProblems(decl.output, reply.result, 'output', decl.name);
    if (problems.length) {
      const err = new SkillError('VALIDATION', problems.join(' '), { phase: 'output', problems, result: reply.result });
      return this.finish(trace, started, err, run.stderr);
    }
    trace.status = 'ok';
    const safe = this.ctx.redactor.value({ ...trace });
    this.ring.push(safe);
    const text = JSON.stringify(reply.result, null, 2);
    return { ok: true, data: reply.result, text, durationMs: Math.round(performance.now() - started), trace: { ...safe } };
  }

  /** A failed call: trace it, and turn the error into an outcome with the secrets scrubbed. */
  private finish(trace: ToolTrace, started: number, err: SkillError, stderr?: string[], errorType?: string): CallOutcome {
    const message = this.ctx.redactor.text(err.message);
    const durationMs = Math.round(performance.now() - started);
    trace.status = 'error';
    trace.error_type = errorType ?? err.code;
    trace.error_message = message;
    if (!trace.duration_ms) trace.duration_ms = durationMs;
    // A service URL may carry a token: traces leave the adapter scrubbed like everything else.
    const safe = this.ctx.redactor.value({ ...trace });
    this.ring.push(safe);
    const outcome: CallOutcome = {
      ok: false,
      error: { code: err.code, message, details: err.details === undefined ? undefined : this.ctx.redactor.value(err.details) },
      durationMs,
      trace: { ...safe },
    };
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

  private baseTrace(decl: AiTool, b: ToolBinding | undefined, timeout: ResolvedTimeout, model: AppModel): ToolTrace {
    const trace: ToolTrace = {
      tool: decl.name,
      kind: 'python',
      entry: b?.entry || undefined,
      runner: b?.runner,
      resolved_source: 'binding',
      purity: (b?.purity as 'pure' | 'impure' | undefined) ?? decl.purity,
      timeout_ms: timeout.ms,
      timeout_source: timeout.source,
      duration_ms: 0,
      protocol_version: PROTOCOL_VERSION,
      status: 'error',
    };
    if (timeout.overrides) trace.declared_timeout_ms = timeout.overrides.ms;
    for (const p of timeout.problems) this.ctx.logs.append('system', p);
    if (b?.runner !== 'service') {
      const py = choosePython(model.root);
      trace.python_env = py.env;
      trace.python_path = py.path;
      trace.deps_source = depsSource(model.root);
    }
    return trace;
  }

  private busy(delta: number): void {
    this.active += delta;
    if (this.state === 'stopped') return;
    const next = this.active > 0 ? 'busy' : 'ready';
    if (next !== this.state) this.setStatus(next);
  }

  private setStatus(s: SkillStatus, detail?: string): void {
    this.state = s;
    this.ctx.onStatus?.(s, detail);
  }
}

function noBindingMessage(tool: string): string {
  return `Tool "${tool}" has no binding in ${BINDINGS_FILE}; add:\n${bindingExample(tool)}`;
}

function toolInfo(t: AiTool, b: ToolBinding | undefined): ToolInfo {
  const parts: string[] = [];
  if (t.description) parts.push(t.description);
  parts.push(b ? `${b.entry || '(no entry)'} · ${b.runner} runner` : `no binding in ${BINDINGS_FILE}`);
  if (t.purity === 'pure') parts.push('pure');
  if (t.timeoutSeconds) parts.push(`timeout ${t.timeoutSeconds} s`);
  return { name: t.name, description: parts.join(' · '), inputSchema: fieldsSchema(t.input), outputSchema: fieldsSchema(t.output) };
}
