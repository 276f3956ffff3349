/**
 * How one call of a declared tool will run, decided before anything starts, as namel3ss decides it:
 * which binding (resolve.ts), which runner, the guarantees and whether the sandbox enforces them
 * (capabilities.ts), the folders a pack or foreign function runs with, the capability checks namel3ss
 * records on the way, and every reason the call is refused instead, with how far namel3ss would have
 * got (its trace has the fields of the steps it passed): a declaration namel3ss rejects, a binding it
 * cannot resolve or a runner it does not have (before the tool's runtime starts), an http tool whose
 * program lacks the `http` capability or whose overrides forbid the network (its gate), an entry it
 * refuses, guarantees without a sandbox, a service that may not use the network, no service URL.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { SkillError, type ErrorCode } from '../../common/errors';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { BUILTIN_PACK_PREFIX, entryProblem, RUNNERS, type ToolBinding } from './bindings';
import {
  capabilityCheck,
  capabilityContext,
  effectiveGuarantees,
  networkBlocked,
  overrideFor,
  requiredCapabilities,
  sandboxEnabled,
  sandboxRequired,
  sourceOf,
  type Guarantees,
  type Source,
} from './capabilities';
import { envValue } from './config';
import { capabilityRequired, guidance, policyDenied, serviceUrlMissing, shown, toolFailed, unknownRunner, unsupportedRunner, bindingExample, type N3Message } from './messages';
import { nodeEntryProblem } from './node-runner';
import type { PackRecord } from './packs';
import { resolveTool, slugify } from './resolve';
import { SERVICE_URL_ENV, serviceUrl } from './service-runner';
import type { CapabilityCheck, CheckContext, ToolKind } from './trace';
import { isDir, isFile } from '../refs';
import { hostEnv } from '../../host/host-env';
import { skillPaths } from '../../host/workbench-home';

export const CONTAINER_RUNTIMES = ['docker', 'podman'];
export const SPEC_ENV = 'N3_EXECUTABLE_SPEC';

/**
 * How far namel3ss gets before it refuses, which decides its trace: `declaration` (the program does not
 * load: no trace), `decision` (before the tool's runtime: a short tool_call with the decision),
 * `validate` (inputs, entry: the summary of the input), `entry` (timeout and entry known), `preflight`
 * (runner and pack known), `runner` (the runner failed).
 */
export type Stage = 'declaration' | 'decision' | 'validate' | 'entry' | 'preflight' | 'runner';

export interface Blocked {
  /** What the user sees: namel3ss's text, then the workbench's hint. */
  error: SkillError;
  /** namel3ss's text alone, as its trace records it. */
  n3: string;
  /** The workbench's plainer sentence, where it has one. */
  hint?: string;
  /** What namel3ss's trace records as the message, where it is not `n3` (a Python error's own text). */
  traceMessage?: string;
  /** The trace's error_type (namel3ss's: Namel3ssError, CapabilityViolation, …). */
  errorType: string;
  stage: Stage;
  /** At `decision`: namel3ss's decision (blocked or error), its reason, and the capability it was about. */
  status?: 'blocked' | 'error';
  reason?: string;
  capability?: string;
}

export interface PlannedCheck {
  ctx: CheckContext;
  check: CapabilityCheck;
  /** When namel3ss records it: deciding on the call (a pack's permission, the policy), or in the tool's preflight. */
  at: 'decision' | 'preflight';
}

export interface CallPlan {
  kind: ToolKind;
  source: Source;
  pack?: PackRecord;
  binding?: ToolBinding;
  runner: string;
  sandbox: boolean;
  guarantees: Guarantees;
  required: string[];
  context?: Record<string, unknown>;
  /** Service runner: where the request goes. */
  url?: string;
  paths?: string[];
  moduleRoots?: string[];
  /**
   * A sandboxed tool's workspace: the only place it may write (a relative path written to lands there). It is
   * outside the app (in the skill's data folder), so a tool cannot rewrite its bindings, its app's code or config.
   */
  workspace?: string;
  /** The working directory: a foreign function's workspace; else the app (relative reads are the app's). */
  cwd?: string;
  /** allow_unsafe_execution let it run without the enforcement its guarantees need. */
  unsafe?: boolean;
  /** The capability checks namel3ss records before the run (a pack's permission, a service's network), in order. */
  checks: PlannedCheck[];
  /** Why the call cannot run. */
  blocked?: Blocked;
  notes: string[];
}

export interface PlanOptions {
  env: Record<string, string>;
  /** Whether the app's interpreter has namel3ss (for built-in pack tools); undefined when not known yet. */
  namel3ssInstalled?: boolean;
  python: string;
  /** Where sandboxed tools get their workspaces (one folder each); none (nothing runs): they write nowhere. */
  workspaces?: string;
}

const PACK_SOURCES = new Set(['builtin_pack', 'installed_pack', 'local_pack']);

export function planCall(decl: AiTool, model: AppModel, opts: PlanOptions): CallPlan {
  const kind = (decl.kind ?? 'python') as ToolKind;
  const specMode = envValue(opts.env, SPEC_ENV) === '1';
  const res = kind === 'http' ? { source: 'binding' as Source } : resolveTool(decl, model, { specMode });
  const binding = 'binding' in res ? res.binding : undefined;
  const runner = binding?.runnerGiven ? binding.runner : kind === 'node' ? 'node' : 'local';
  const foreign = decl.declaredAs === 'foreign';
  const isPack = res.source !== 'binding';
  const pack = 'pack' in res ? res.pack : undefined;
  const { override, key } = overrideFor(decl, model.config);
  const guarantees = effectiveGuarantees({ purity: decl.purity, bindingPurity: binding?.purity, pack: pack?.capabilities.get(decl.name) ?? null, isPack, override, foreign });
  const plan: CallPlan = { kind, source: res.source, pack, binding, runner, sandbox: false, guarantees, required: requiredCapabilities(guarantees), checks: [], notes: [] };
  if ('note' in res && res.note) plan.notes.push(res.note);
  if (key && key !== decl.name) plan.notes.push(`[capability_overrides] "${key}" applies to the capsule tool "${decl.name}".`);
  const ctx: CheckContext = { tool_name: decl.name, runner, resolved_source: res.source };
  const block = (code: ErrorCode, m: N3Message, stage: Stage, extra: Partial<Blocked> = {}) => {
    plan.blocked = { error: new SkillError(code, shown(m)), n3: m.text, ...(m.hint ? { hint: m.hint } : {}), errorType: 'Namel3ssError', stage, ...extra };
    return plan;
  };

  if (decl.invalid?.length) return block('VALIDATION', { text: `namel3ss refuses the declaration of "${decl.name}": ${decl.invalid.join(' ')}` }, 'declaration');
  if (kind === 'http') return planHttp(decl, model, plan, block);

  // namel3ss's _check_binding: the binding, the pack allowlist, the runner.
  if ('reason' in res && res.reason === 'pack_not_declared') {
    plan.checks.push({ ctx: { ...ctx, runner: kind === 'node' ? 'node' : 'local', resolved_source: 'pack' }, check: capabilityCheck('pack_permission', false, 'pack', 'pack_not_declared'), at: 'decision' });
  }
  if ('error' in res && res.error) {
    const status = res.reason === 'pack_not_declared' || res.reason === 'pack_unavailable_or_unverified' ? 'blocked' : 'error';
    return block('LAUNCH', { text: res.error, hint: res.hint }, 'decision', { status, reason: res.reason ?? 'binding_error' });
  }
  if (!binding) return block('LAUNCH', { text: `Tool "${decl.name}" is not bound to a runner.` }, 'decision', { status: 'error', reason: 'missing_binding' });
  if (binding.problems.length) return block('LAUNCH', { text: binding.problems.join(' ') }, 'decision', { status: 'error', reason: 'binding_error' });
  if (!(RUNNERS as readonly string[]).includes(runner)) {
    return block('LAUNCH', { text: unknownRunner(runner), hint: `Tool "${decl.name}" is bound to runner "${runner}" in .namel3ss/tools.yaml; use ${RUNNERS.join(', ')}.` }, 'decision', { status: 'error', reason: 'unknown_runner' });
  }
  if (pack && 'allowlisted' in res && res.allowlisted) plan.checks.push({ ctx, check: capabilityCheck('pack_permission', true, 'pack', 'pack_declared'), at: 'decision' });

  // The tool's runtime (python_runtime / node_runtime): the entry, the binding's kind, the runner.
  const packTool = PACK_SOURCES.has(res.source);
  const entryIssue = kind === 'node' ? nodeEntryProblem(binding.entry, decl.name, { external: packTool }) : pythonEntryProblem(decl, binding, res.source, runner, model, specMode);
  if (entryIssue) return block('LAUNCH', entryIssue, 'validate');
  if (binding.kind !== kind) {
    const label = kind === 'node' ? 'Node' : 'Python';
    return block('LAUNCH', { text: guidance(`Tool "${decl.name}" binding kind is "${binding.kind}".`, `${label} tools require ${kind} bindings in tools.yaml.`, `Set kind to "${kind}" in the binding.`, bindingExample(decl.name, kind)) }, 'validate');
  }
  if (kind === 'python' ? runner === 'node' : runner !== 'node' && runner !== 'service') {
    return block('LAUNCH', { text: unsupportedRunner(decl.name, runner, kind), hint: kind === 'node' ? `Node tools run on the node runner (or a service).` : `Python tools run on the local, service or container runner.` }, 'entry');
  }

  // _preflight_capabilities: the sandbox (local and node runners), the container's coverage, a service's network.
  plan.sandbox = (runner === 'local' || runner === 'node') && sandboxEnabled(res.source, { ...binding, runner }, foreign);
  if (runner === 'local' || runner === 'node') {
    if (plan.required.length && !plan.sandbox) {
      if (!override?.allowUnsafe) {
        plan.checks.push(...plan.required.map((c) => ({ ctx, check: capabilityCheck(c, false, sourceOf(guarantees, c), 'coverage_missing'), at: 'preflight' as const })));
        return block('CAPABILITY', { text: sandboxRequired(decl.name, plan.required) }, 'preflight');
      }
      plan.unsafe = true;
      plan.notes.push(`Tool "${decl.name}" runs without the sandbox its guarantees need (${plan.required.join(', ')}): allow_unsafe_execution is set.`);
    }
    rootsFor(plan, decl, model, opts.workspaces);
    plan.context = capabilityContext(decl.name, res.source, runner, guarantees, { filesystemRoot: plan.workspace, readRoots: readRoots(plan, model, foreign) });
  } else if (runner === 'container') {
    const refused = containerPreflight(decl, binding, plan, ctx, override?.allowUnsafe === true);
    if (refused) return block('CAPABILITY', { text: refused }, 'preflight');
    plan.context = capabilityContext(decl.name, res.source, runner, guarantees);
    const found = containerRuntime(opts.env.PATH ?? hostEnv().PATH ?? '');
    return block(
      'UNSUPPORTED',
      {
        text: found
          ? `Tool "${decl.name}" is bound to the container runner (image ${binding.image ?? 'not set'}). The workbench does not start containers itself, though ${found} is installed: bind it to runner: local or service to run it here, or run it with namel3ss.`
          : `Tool "${decl.name}" is bound to the container runner, which needs a container runtime (${CONTAINER_RUNTIMES.join(' or ')}), and none is installed on this machine. Install one, or bind the tool to runner: local (or service) in .namel3ss/tools.yaml to run it here.`,
      },
      'runner',
    );
  } else if (runner === 'service') {
    plan.context = capabilityContext(decl.name, res.source, runner, guarantees);
    const url = serviceUrl(binding.url, envValue(opts.env, SERVICE_URL_ENV), model.config.serviceUrl);
    if (url) {
      if (guarantees.values.no_network) {
        plan.checks.push({ ctx, check: capabilityCheck('network', false, sourceOf(guarantees, 'network'), 'guarantee_blocked'), at: 'preflight' });
        return block('CAPABILITY', { text: networkBlocked(decl.name, url, 'POST') }, 'preflight', { errorType: 'CapabilityViolation' });
      }
      plan.checks.push({ ctx, check: capabilityCheck('network', true, sourceOf(guarantees, 'network'), 'guarantee_allowed'), at: 'preflight' });
      if (!/^https?:\/\//i.test(url)) return block('LAUNCH', { text: `Tool "${decl.name}" service URL "${url}" must start with http:// or https://.` }, 'runner', { errorType: 'ValueError' });
      plan.url = url;
    } else {
      return block('LAUNCH', { text: serviceUrlMissing(decl.name), hint: `Tool "${decl.name}" uses the service runner but no service URL is configured: add url to its binding in .namel3ss/tools.yaml, set ${SERVICE_URL_ENV}, or set [python_tools] service_url in namel3ss.toml.` }, 'runner');
    }
  }
  const builtin = builtinProblem(decl, binding, res.source, opts, pack?.id);
  if (builtin) return block('LAUNCH', builtin, 'runner', { errorType: 'ModuleNotFoundError', traceMessage: "No module named 'namel3ss'" });
  return plan;
}

/** An http tool: namel3ss's capability gate (`capabilities:` must list http) and its policy (no_network denies it). */
function planHttp(decl: AiTool, model: AppModel, plan: CallPlan, block: (code: ErrorCode, m: N3Message, stage: Stage, extra?: Partial<Blocked>) => CallPlan): CallPlan {
  plan.runner = 'http';
  if (!model.capabilities.includes('http')) {
    return block('CAPABILITY', { text: capabilityRequired(decl.name, 'http'), hint: `Add \`http\` to the program's capabilities: block (${model.program ?? 'app.ai'}) to let its http tools make requests.` }, 'decision', { status: 'blocked', reason: 'capability_missing', capability: 'http' });
  }
  const override = model.config.overrides[decl.name];
  if (override?.guarantees.no_network === true) {
    plan.checks.push({ ctx: { tool_name: decl.name, runner: 'policy', resolved_source: 'policy' }, check: capabilityCheck('network', false, 'policy', 'policy_denied'), at: 'decision' });
    return block('CAPABILITY', { text: policyDenied(decl.name, 'network') }, 'decision', { status: 'blocked', reason: 'policy_denied', capability: 'network' });
  }
  return plan;
}

/** The entry as namel3ss checks a python tool's: the module file only for the local runner with the app's own tools. */
function pythonEntryProblem(decl: AiTool, b: ToolBinding, source: Source, runner: string, model: AppModel, specMode: boolean): N3Message | null {
  const external = source === 'installed_pack' || source === 'local_pack' || b.entry.split(':')[0].trim().startsWith('tests.fixtures.');
  const moduleLocal = runner === 'local' && source === 'binding';
  return entryProblem(b.entry, decl.name, model.root, { checkFile: moduleLocal && !specMode, external: !moduleLocal && external });
}

/** A built-in pack's code is namel3ss's own: without namel3ss in the interpreter, its import fails in the runner. */
function builtinProblem(decl: AiTool, b: ToolBinding, source: Source, opts: PlanOptions, packId?: string): N3Message | null {
  if (source !== 'builtin_pack' && !b.entry.startsWith(`${BUILTIN_PACK_PREFIX}.`)) return null;
  if (opts.namel3ssInstalled !== false) return null;
  const what = packId ? `the built-in pack ${packId}` : 'a built-in pack';
  return {
    text: toolFailed(decl.name, 'python', 'ModuleNotFoundError', "No module named 'namel3ss'", source !== 'binding'),
    hint: `Tool "${decl.name}" runs ${b.entry} from ${what}, which is part of namel3ss, and namel3ss is not installed in ${opts.python}. Install it there (pip install namel3ss), or give the app a .venv that has it.`,
  };
}

/** namel3ss's container preflight: a container needs subprocesses, and enforcement it can vouch for. */
function containerPreflight(decl: AiTool, b: ToolBinding, plan: CallPlan, ctx: CheckContext, unsafe: boolean): string | null {
  if (unsafe || !plan.required.length) return null;
  const g = plan.guarantees;
  const missing = g.values.no_subprocess ? ['subprocess'] : b.enforcement === 'verified' || b.enforcement === 'declared' ? [] : plan.required;
  if (!missing.length) return null;
  plan.checks.push(...missing.map((c) => ({ ctx, check: capabilityCheck(c, false, sourceOf(g, c), 'coverage_missing'), at: 'preflight' as const })));
  return g.values.no_subprocess
    ? guidance(`Tool "${decl.name}" cannot run in a container runner.`, 'Container execution requires subprocess access.', 'Switch to the local runner or relax the no_subprocess guarantee.', `n3 tools set-runner "${decl.name}" --runner local`)
    : guidance(`Tool "${decl.name}" requires container enforcement.`, 'Container bindings must declare enforcement coverage.', 'Set enforcement to declared/verified or choose a local runner.', 'enforcement: "declared"');
}

/** The first container runtime on the skill's PATH, or undefined. */
export function containerRuntime(pathEnv: string): string | undefined {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  return CONTAINER_RUNTIMES.find((c) => pathEnv.split(path.delimiter).some((d) => d && exts.some((e) => isFile(path.join(d, c + e)))));
}

function rootsFor(plan: CallPlan, decl: AiTool, model: AppModel, workspaces?: string): void {
  const packRoot = plan.pack?.root;
  if (packRoot) {
    plan.paths = [packRoot, path.join(packRoot, 'src'), path.join(packRoot, 'tools')].filter(isDir);
    plan.moduleRoots = [path.join(packRoot, 'tools'), packRoot];
  }
  // A sandboxed tool runs in its workspace (outside the app), but its code is the app's (or its pack's).
  // Under no_filesystem_write it has none: it writes nowhere, and namel3ss's refusal says so.
  const foreign = decl.declaredAs === 'foreign';
  if (plan.sandbox && workspaces && (foreign || !plan.guarantees.values.no_filesystem_write)) plan.workspace = toolWorkspace(workspaces, decl.name);
  if (foreign) {
    plan.cwd = plan.workspace;
    plan.paths = [...(plan.paths ?? []), model.root];
  }
  if (plan.sandbox) plan.moduleRoots ??= [path.join(model.root, 'tools')];
}

/** Where a skill's sandboxed tools get their workspaces: its data folder in the workbench's home, not the app. */
export function workspacesFolder(home: string, skillId: string): string {
  return path.join(skillPaths(home, skillId).dataDir, 'namel3ss-workspaces');
}

/** One folder per tool, so a tool cannot write into a sibling's; the hash keeps "a b" and "a_b" apart. */
export function toolWorkspace(workspaces: string, tool: string): string {
  return path.join(workspaces, `${slugify(tool)}-${createHash('sha256').update(tool).digest('hex').slice(0, 8)}`);
}

/** Where the guard lets a foreign function or a pack tool read; other sandboxed tools, the kernel alone limits. */
function readRoots(plan: CallPlan, model: AppModel, foreign: boolean): string[] | undefined {
  const roots: string[] = [];
  if (foreign && plan.workspace) roots.push(plan.workspace, path.join(model.root, 'tools'), ...(plan.paths ?? []));
  // A pack tool reads the app (namel3ss's filesystem root for it), and writes only in its workspace.
  if (plan.source !== 'binding' && !foreign) roots.push(model.root);
  if (plan.pack?.root) roots.push(plan.pack.root);
  return roots.length ? [...new Set(roots)] : undefined;
}


