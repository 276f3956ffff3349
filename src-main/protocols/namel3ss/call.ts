/**
 * One call of a declared tool, step by step in namel3ss's order (its executor, then the tool's runtime),
 * recording namel3ss's events on the way: the checks of the binding (a pack's permission), the gate (an
 * http tool's capability, the policy), the inputs, the entry, the preflight (the sandbox's coverage, a
 * service's network), the runner (its own capability checks), and the one `tool_call` event with the
 * fields of every step it passed, its decision and its result. A foreign function's call is framed by
 * `boundary_start` and `boundary_end`. What leaves is the outcome, with the workbench's trace (the
 * tool_call event, the workbench's additions, and the events under `traces`).
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { CallOutcome } from '../../contract';
import { SkillError } from '../../common/errors';
import type { SpawnSpec } from '../../engine/child';
import type { AdapterContext } from '../adapter';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { capabilityCheck, guidance, sourceOf } from './capabilities';
import { GUARDED, toolEnv } from './enforcement';
import { runHttp } from './http-tool';
import { choosePython, depsSource, runLocal, type RunnerReply } from './local-runner';
import { toolFailed } from './messages';
import { runNode } from './node-runner';
import type { CallPlan } from './plan';
import { fieldProblems, valueProblems } from './schema';
import { missingGuarantees, runService, type Handshake } from './service-runner';
import type { ResolvedTimeout } from './timeouts';
import { CallEvents, PROTOCOL_VERSION, summarizeValue, type BoundaryEvent, type CheckContext, type ToolCallEvent, type ToolTrace } from './trace';

export interface CallRequest {
  decl: AiTool;
  plan: CallPlan;
  model: AppModel;
  args: unknown;
  timeout: ResolvedTimeout;
  ctx: AdapterContext;
  signal: AbortSignal;
  /** Asks the service what it enforces (cached by the skill). */
  handshake: (url: string, tool: string, guarantees: Record<string, boolean>, timeoutMs: number, signal: AbortSignal) => Promise<Handshake | SkillError>;
  wrap: (spec: SpawnSpec) => SpawnSpec;
}

export interface CallDone {
  outcome: CallOutcome;
  trace: ToolTrace;
  /** What went to the tool and came back, for the message log (nothing when nothing was sent). */
  exchange?: { request: unknown; response: unknown; durationMs: number; form?: string };
}

const PACK_SOURCES = new Set(['builtin_pack', 'installed_pack', 'local_pack']);
const ALLOWED = { decision: 'allowed', capability: 'none', reason: 'policy_allowed' };

export async function runCall(req: CallRequest): Promise<CallDone> {
  const started = performance.now();
  const { decl, plan, ctx } = req;
  const events = new CallEvents();
  const redact = (s: string) => ctx.redactor.text(s);
  const payload = req.args ?? {};
  const foreign = decl.declaredAs === 'foreign';
  const boundary = (type: BoundaryEvent['type']): BoundaryEvent => ({ type, boundary: 'foreign', language: plan.kind === 'node' ? 'js' : plan.kind, function_name: decl.name, policy_mode: 'default' });
  if (foreign) events.push({ ...boundary('boundary_start'), input_summary: summarizeValue(payload, redact) });
  for (const n of plan.notes) ctx.logs.append('system', n);
  for (const p of req.timeout.problems) ctx.logs.append('system', p);

  // The trace: namel3ss's tool_call event, grown step by step.
  const call: ToolCallEvent = { type: 'tool_call', tool: decl.name, tool_name: decl.name, kind: plan.kind };
  // An http tool's timeout is its input's timeout_seconds: the settings' timeouts are not its.
  const extra: Partial<ToolTrace> = plan.kind === 'http' ? {} : { timeout_source: req.timeout.source };
  if (req.timeout.overrides && plan.kind !== 'http') extra.declared_timeout_ms = req.timeout.overrides.ms;
  if (foreign) extra.declared_as = 'foreign';

  const end = (outcome: CallOutcome, decision: Record<string, string>, exchange?: CallDone['exchange']): CallDone => {
    Object.assign(call, decision);
    events.push({ ...call });
    if (foreign) {
      const ok = outcome.ok;
      events.push({ ...boundary('boundary_end'), status: decision.result, ...(ok ? { output_summary: summarizeValue(outcome.data, redact) } : { error_message: outcome.error?.message ?? '' }) });
    }
    const trace: ToolTrace = { ...call, ...extra, traces: events.list };
    outcome.trace = trace as unknown as Record<string, unknown>;
    return { outcome, trace, exchange };
  };
  const failed = (err: SkillError, stderr?: string[]): CallOutcome => {
    const out: CallOutcome = { ok: false, error: { code: err.code, message: err.message, details: err.details }, durationMs: Math.round(performance.now() - started) };
    if (stderr?.length) out.stderrTail = stderr.slice(-20);
    return out;
  };
  /** A failure inside the tool's runtime: the event gets namel3ss's error fields. */
  const runtimeError = (err: SkillError, n3: string, errorType: string, stderr?: string[], exchange?: CallDone['exchange']): CallDone => {
    const outcome = failed(err, stderr);
    Object.assign(call, { status: 'error', error_type: errorType, error_message: stripTraceback(redact(n3)) });
    call.duration_ms ??= outcome.durationMs;
    return end(outcome, { ...ALLOWED, result: 'error' }, exchange);
  };

  // namel3ss's executor: the binding's checks and the gate.
  const b = plan.blocked;
  for (const c of plan.checks) if (c.at === 'decision') events.check(c.ctx, c.check);
  if (b?.stage === 'declaration') {
    const outcome = failed(b.error);
    outcome.trace = { ...call, status: 'error', ...extra, traces: [] };
    return { outcome, trace: outcome.trace as unknown as ToolTrace };
  }
  if (b?.stage === 'decision') {
    const status = b.status ?? 'error';
    return end(failed(b.error), { status, decision: status, capability: b.capability ?? 'none', reason: b.reason ?? 'binding_error', result: status });
  }
  if (plan.kind === 'http') return httpCall(req, call, end, failed, redact);

  // The tool's runtime.
  call.input_summary = summarizeValue(payload, redact);
  if (decl.purity !== 'pure') call.purity = decl.purity;
  call.resolved_source = 'binding';
  const invalid = fieldProblems(decl.input, payload, 'input', decl.name);
  if (invalid.length) return runtimeError(new SkillError('VALIDATION', invalid.join(' '), { phase: 'input', problems: invalid }), invalid.join(' '), 'Namel3ssError');
  if (b?.stage === 'validate') return runtimeError(b.error, b.n3, b.errorType);
  const binding = plan.binding!;
  call.timeout_ms = req.timeout.ms;
  call.resolved_source = plan.source;
  if (plan.source === 'binding') call.entry = binding.entry;
  if (b?.stage === 'entry') return runtimeError(b.error, b.n3, b.errorType);
  call.runner = plan.runner;
  if (plan.runner === 'service' && binding.url) call.service_url = binding.url;
  if (plan.runner === 'container') {
    if (binding.image) call.image = binding.image;
    if (binding.command) call.command = binding.command.join(' ');
    if (binding.enforcement) call.container_enforcement = binding.enforcement;
  }
  if (plan.pack && PACK_SOURCES.has(plan.source)) Object.assign(call, { pack_id: plan.pack.id, pack_name: plan.pack.name, pack_version: plan.pack.version });
  for (const c of plan.checks) if (c.at === 'preflight') events.check(c.ctx, c.check);
  if (plan.unsafe) call.unsafe_override = true;
  if (b) {
    // A built-in pack without namel3ss: namel3ss's runner ran and its import failed, so the trace has the runner's metadata.
    if (b.errorType === 'ModuleNotFoundError' && plan.runner === 'local') Object.assign(call, localMetadata(req, plan.sandbox));
    return runtimeError(b.error, b.traceMessage ?? b.n3, b.errorType);
  }

  const checkCtx: CheckContext = { tool_name: decl.name, runner: plan.runner, resolved_source: plan.source };
  const traceId = randomUUID();
  if (plan.runner === 'service') return serviceCall(req, call, extra, events, checkCtx, traceId, runtimeError, end, started);

  // local (python) or node: one child per call.
  const { env, bare } = toolEnv(plan.guarantees, ctx.env, binding.env);
  if (plan.workspace) fs.mkdirSync(plan.workspace, { recursive: true, mode: 0o700 });
  let reply: RunnerReply | undefined;
  let exchange: CallDone['exchange'];
  if (plan.kind === 'node') {
    const res = await runNode({
      appRoot: req.model.root,
      tool: decl.name,
      entry: binding.entry,
      payload,
      timeoutMs: req.timeout.ms,
      env: { ...env, ...binding.env },
      logs: ctx.logs,
      signal: req.signal,
      capabilityContext: plan.context,
      modulePaths: [...(plan.paths ?? [])],
      cwd: plan.cwd,
      traceId,
      wrap: req.wrap,
    });
    // Its guarantees are held by the runner's JavaScript guard alone.
    extra.enforcement = GUARDED;
    extra.exit_code = res.exitCode;
    extra.signal = res.signal;
    exchange = { request: res.request, response: res.response, durationMs: res.durationMs };
    if (res.failure) return runtimeError(res.failure, res.traceError?.message ?? res.failure.message, res.traceError?.type ?? errorTypeOf(res.failure), res.stderr, exchange);
    Object.assign(call, { runner: 'node', node_path: res.nodePath, protocol_version: PROTOCOL_VERSION });
    call.duration_ms = res.durationMs;
    reply = res.reply!;
    events.checks(checkCtx, reply.checks);
    if (!reply.ok) return toolError(req, reply, runtimeError, res.stderr, exchange);
    return judged(req, call, reply, runtimeError, end, started, exchange, res.stderr);
  }
  const res = await runLocal({
    appRoot: req.model.root,
    tool: decl.name,
    entry: binding.entry,
    payload,
    timeoutMs: req.timeout.ms,
    env,
    logs: ctx.logs,
    signal: req.signal,
    sandbox: plan.sandbox,
    capabilityContext: plan.context,
    paths: plan.paths,
    moduleRoots: plan.moduleRoots,
    cwd: plan.cwd,
    bareEnv: bare,
    wrap: req.wrap,
  });
  if (res.enforcement) extra.enforcement = res.enforcement;
  extra.exit_code = res.exitCode;
  extra.signal = res.signal;
  exchange = { request: res.request, response: res.response, durationMs: res.durationMs, form: res.reply?.ok ? res.reply.form : undefined };
  if (res.failure) return runtimeError(res.failure, res.traceError?.message ?? res.failure.message, res.traceError?.type ?? errorTypeOf(res.failure), res.stderr, exchange);
  Object.assign(call, localMetadata(req, plan.sandbox));
  call.duration_ms = res.durationMs;
  reply = res.reply!;
  events.checks(checkCtx, reply.checks);
  if (!reply.ok) return toolError(req, reply, runtimeError, res.stderr, exchange);
  return judged(req, call, reply, runtimeError, end, started, exchange, res.stderr);
}

type RuntimeError = (err: SkillError, n3: string, errorType: string, stderr?: string[], exchange?: CallDone['exchange']) => CallDone;
type End = (outcome: CallOutcome, decision: Record<string, string>, exchange?: CallDone['exchange']) => CallDone;

/** The tool reported an error (namel3ss's ToolExecutionError): its type and message in the trace, namel3ss's text shown. */
function toolError(req: CallRequest, reply: Extract<RunnerReply, { ok: false }>, runtimeError: RuntimeError, stderr?: string[], exchange?: CallDone['exchange']): CallDone {
  const { decl, plan } = req;
  // The tool's timeout, enforced on a service's side (its timer fired before ours): the same timeout as ours.
  if (reply.type === 'TimeoutError' && /^Tool exceeded [\d.]+s timeout\.$/.test(reply.message)) return runtimeError(new SkillError('TIMEOUT', reply.message), reply.message, 'TimeoutError', stderr, exchange);
  const details = { type: reply.type, message: reply.message, ...(reply.reasonCode ? { reason_code: reply.reasonCode } : {}) };
  if (reply.type === 'CapabilityViolation') return runtimeError(new SkillError('CAPABILITY', reply.message, details), reply.message, 'CapabilityViolation', stderr, exchange);
  const text = toolFailed(decl.name, plan.kind === 'node' ? 'node' : 'python', reply.type, stripTraceback(req.ctx.redactor.text(reply.message)), PACK_SOURCES.has(plan.source) && !!plan.pack);
  return runtimeError(new SkillError('TOOL', `${text}\nHint: ${reply.type}: ${reply.message}`, details), reply.message, reply.type, stderr, exchange);
}

/** The result, checked against the declared outputs (a foreign function's: its one value). */
function judged(req: CallRequest, call: ToolCallEvent, reply: Extract<RunnerReply, { ok: true }>, runtimeError: RuntimeError, end: End, started: number, exchange?: CallDone['exchange'], stderr?: string[]): CallDone {
  const { decl } = req;
  const foreign = decl.declaredAs === 'foreign';
  const problems = foreign && decl.output[0] ? valueProblems(decl.output[0].type, reply.result, decl.name) : fieldProblems(decl.output, reply.result, 'output', decl.name);
  if (problems.length) return runtimeError(new SkillError('VALIDATION', problems.join(' '), { phase: 'output', problems, result: reply.result }), problems.join(' '), 'Namel3ssError', stderr, exchange);
  call.status = 'ok';
  call.output_summary = summarizeValue(reply.result, (s) => req.ctx.redactor.text(s));
  const outcome: CallOutcome = { ok: true, data: reply.result, text: JSON.stringify(reply.result, null, 2), durationMs: Math.round(performance.now() - started) };
  return end(outcome, { ...ALLOWED, result: 'ok' }, exchange);
}

/** The service runner: the handshake where the app asks for one, then the POST. */
async function serviceCall(
  req: CallRequest,
  call: ToolCallEvent,
  extra: Partial<ToolTrace>,
  events: CallEvents,
  checkCtx: CheckContext,
  traceId: string,
  runtimeError: RuntimeError,
  end: End,
  started: number,
): Promise<CallDone> {
  const { decl, plan, model } = req;
  const url = plan.url!;
  const handshake = model.config.serviceHandshake;
  const metadata = (hs?: Handshake) => Object.assign(call, { runner: 'service', service_url: url, protocol_version: PROTOCOL_VERSION, service_handshake: handshake, ...(handshake && hs ? { enforcement_level: hs.enforcement } : {}), ...(plan.unsafe ? { unsafe_override: true } : {}) });
  let hs: Handshake | undefined;
  if (handshake) {
    const guarantees = (plan.context?.guarantees ?? {}) as Record<string, boolean>;
    const got = await req.handshake(url, decl.name, guarantees, req.timeout.ms, req.signal);
    if (got instanceof SkillError) return runtimeError(got, got.message.split('\nHint: ')[0], got.code === 'TIMEOUT' ? 'TimeoutError' : 'URLError');
    hs = got;
    const allowUnsafe = model.config.overrides[decl.name]?.allowUnsafe === true;
    if (hs.rejected && !allowUnsafe) {
      Object.assign(call, { runner: 'service', service_handshake: true, enforcement_level: hs.enforcement, service_url: url, protocol_version: PROTOCOL_VERSION });
      return runtimeError(new SkillError('CAPABILITY', hs.rejected), hs.rejected, 'CapabilityViolation');
    }
    const missing = missingGuarantees(plan.required, guarantees, hs);
    if (missing.length && !allowUnsafe) {
      events.checks(checkCtx, missing.map((c) => capabilityCheck(c, false, sourceOf(plan.guarantees, c), 'coverage_missing')));
      Object.assign(call, { runner: 'service', service_handshake: true, enforcement_level: hs.enforcement, service_url: url, protocol_version: PROTOCOL_VERSION });
      const message = guidance(
        `Tool "${decl.name}" cannot run on the service runner.`,
        `Service enforcement is ${hs.enforcement}. Missing guarantees: ${missing.join(', ')}.`,
        'Update the service to enforce the guarantees or switch runners.',
        `n3 tools set-runner "${decl.name}" --runner local`,
      );
      return runtimeError(new SkillError('CAPABILITY', message), message, 'CapabilityViolation');
    }
    if (missing.length) plan.unsafe = true;
  }
  const res = await runService({ url, appRoot: model.root, tool: decl.name, kind: plan.kind, entry: plan.binding!.entry, payload: req.args ?? {}, timeoutMs: req.timeout.ms, signal: req.signal }, traceId);
  extra.trace_id = res.traceId;
  const exchange = { request: res.request, response: res.response, durationMs: res.durationMs, form: res.reply?.ok ? res.reply.form : undefined };
  if (res.failure) return runtimeError(res.failure, res.traceError?.message ?? res.failure.message, res.traceError?.type ?? errorTypeOf(res.failure), undefined, exchange);
  metadata(hs);
  call.duration_ms = res.durationMs;
  const reply = res.reply!;
  events.checks(checkCtx, reply.checks);
  if (!reply.ok) return toolError(req, reply, runtimeError, undefined, exchange);
  return judged(req, call, reply, runtimeError, end, started, exchange);
}

/** An http tool: namel3ss's built-in capability makes the request; its trace is the request and the answer. */
async function httpCall(
  req: CallRequest,
  call: ToolCallEvent,
  end: End,
  failed: (err: SkillError) => CallOutcome,
  redact: (s: string) => string,
): Promise<CallDone> {
  const { decl } = req;
  const payload = req.args ?? {};
  const invalid = fieldProblems(decl.input, payload, 'input', decl.name);
  if (invalid.length) {
    call.status = 'error';
    return end(failed(new SkillError('VALIDATION', invalid.join(' '), { phase: 'input', problems: invalid })), { ...ALLOWED, result: 'error' });
  }
  const res = await runHttp(decl, payload as Record<string, unknown>, { signal: req.signal, redact });
  const exchange = res.record ? { request: res.record.input, response: res.record.output ?? { error: res.record.error }, durationMs: res.durationMs } : undefined;
  if (res.record) Object.assign(call, res.record);
  else call.status = 'error';
  if (res.failure) {
    const f = res.failure;
    const err = new SkillError(f.code, f.hint ? `${f.text}\nHint: ${f.hint}` : f.text, f.status ? { status: f.status } : undefined);
    return end(failed(err), { ...ALLOWED, result: 'error' }, exchange);
  }
  const problems = fieldProblems(decl.output, res.output, 'output', decl.name);
  if (problems.length) return end(failed(new SkillError('VALIDATION', problems.join(' '), { phase: 'output', problems, result: res.output })), { ...ALLOWED, result: 'error' }, exchange);
  const outcome: CallOutcome = { ok: true, data: res.output, text: JSON.stringify(res.output, null, 2), durationMs: res.durationMs };
  return end(outcome, { ...ALLOWED, result: 'ok' }, exchange);
}

/** namel3ss's local runner's metadata. */
function localMetadata(req: CallRequest, sandbox: boolean): Partial<ToolCallEvent> {
  const py = choosePython(req.model.root);
  return { runner: 'local', python_env: py.env, python_path: py.path, deps_source: depsSource(req.model.root), protocol_version: PROTOCOL_VERSION, sandbox };
}

/** The error type namel3ss's trace gives a failure of the run itself. */
function errorTypeOf(err: SkillError): string {
  if (err.code === 'TIMEOUT') return 'TimeoutExpired';
  // namel3ss has no cancelling: the workbench's own word.
  if (err.code === 'CANCELLED') return 'CANCELLED';
  return 'Namel3ssError';
}

/** namel3ss keeps a message's text before any traceback. */
function stripTraceback(message: string): string {
  const at = message.indexOf('Traceback');
  return at < 0 ? message : message.slice(0, at).trim();
}
