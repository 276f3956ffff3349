/**
 * How one call of a declared tool will run, decided before anything starts, as namel3ss decides it:
 * which binding (resolve.ts), which runner, the guarantees and whether the sandbox enforces them
 * (capabilities.ts), the folders a pack or foreign function runs with, and every reason the call is
 * refused instead (a declaration namel3ss rejects, a missing binding, a container runner with no
 * container runtime, guarantees without a sandbox, a service that may not use the network).
 */
import path from 'node:path';
import { SkillError, type ErrorCode } from '../../common/errors';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { BINDINGS_FILE, BUILTIN_PACK_PREFIX, entryProblem, isPythonIdentifier, type RunnerKind, type ToolBinding } from './bindings';
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
import type { PackRecord } from './packs';
import { resolveTool, slugify } from './resolve';
import { SERVICE_URL_ENV, serviceUrl } from './service-runner';
import { isDir, isFile } from '../refs';
import { hostEnv } from '../../host/host-env';

export const CONTAINER_RUNTIMES = ['docker', 'podman'];

export interface CallPlan {
  source: Source;
  pack?: PackRecord;
  binding?: ToolBinding;
  runner: RunnerKind;
  sandbox: boolean;
  guarantees: Guarantees;
  required: string[];
  context?: Record<string, unknown>;
  /** Service runner: where the request goes. */
  url?: string;
  paths?: string[];
  moduleRoots?: string[];
  /** A foreign function's workspace (its working directory, the only place it may write). */
  workspace?: string;
  /** Why the call cannot run; `errorType` and `checks` go into the trace as namel3ss records them. */
  blocked?: { error: SkillError; errorType?: string; checks?: Record<string, unknown>[] };
  notes: string[];
}

export interface PlanOptions {
  env: Record<string, string>;
  /** Whether the app's interpreter has namel3ss (for built-in pack tools); undefined when not known yet. */
  namel3ssInstalled?: boolean;
  python: string;
}

export function planCall(decl: AiTool, model: AppModel, opts: PlanOptions): CallPlan {
  const res = resolveTool(decl, model);
  const binding = res.binding;
  const runner: RunnerKind = binding?.runner ?? 'local';
  const foreign = decl.declaredAs === 'foreign';
  const isPack = res.source !== 'binding';
  const { override, key } = overrideFor(decl, model.config);
  const guarantees = effectiveGuarantees({
    purity: decl.purity,
    bindingPurity: binding?.purity,
    pack: res.pack?.capabilities.get(decl.name) ?? null,
    isPack,
    override,
    foreign,
  });
  const plan: CallPlan = { source: res.source, pack: res.pack, binding, runner, sandbox: false, guarantees, required: requiredCapabilities(guarantees), notes: [] };
  if (res.note) plan.notes.push(res.note);
  if (key && key !== decl.name) plan.notes.push(`[capability_overrides] "${key}" applies to the capsule tool "${decl.name}".`);
  const block = (code: ErrorCode, message: string, errorType?: string, checks?: Record<string, unknown>[]) => {
    plan.blocked = { error: new SkillError(code, message), errorType, checks };
    return plan;
  };

  if (decl.invalid?.length) return block('VALIDATION', `namel3ss refuses the declaration of "${decl.name}": ${decl.invalid.join(' ')}`);
  if (res.error || !binding) return block('LAUNCH', res.error ?? `Tool "${decl.name}" has no binding in ${BINDINGS_FILE}.`);
  if (binding.problems.length) return block('LAUNCH', binding.problems.join(' '));
  if (binding.kind !== 'python') return block('LAUNCH', `Tool "${decl.name}" binding kind is "${binding.kind}": python tools need kind: "python".`);
  if (runner === 'container') {
    const found = containerRuntime(opts.env.PATH ?? hostEnv().PATH ?? '');
    return block(
      'UNSUPPORTED',
      found
        ? `Tool "${decl.name}" is bound to the container runner (image ${binding.image ?? 'not set'}). The workbench does not start containers itself, though ${found} is installed: bind it to runner: local or service to run it here, or run it with namel3ss.`
        : `Tool "${decl.name}" is bound to the container runner, which needs a container runtime (${CONTAINER_RUNTIMES.join(' or ')}), and none is installed on this machine. Install one, or bind the tool to runner: local (or service) in ${BINDINGS_FILE} to run it here.`,
    );
  }

  if (runner === 'local') plan.sandbox = sandboxEnabled(res.source, binding, foreign);
  const entryIssue = entryProblemFor(decl, binding, res.source, runner, model, opts, res.pack?.id);
  if (entryIssue) return block('LAUNCH', entryIssue);

  if (runner === 'local') {
    if (plan.required.length && !plan.sandbox) {
      if (!override?.allowUnsafe) {
        const checks = plan.required.map((c) => capabilityCheck(c, false, sourceOf(guarantees, c), 'coverage_missing'));
        return block('CAPABILITY', sandboxRequired(decl.name, plan.required), 'Namel3ssError', checks);
      }
      plan.notes.push(`Tool "${decl.name}" runs without the sandbox its guarantees need (${plan.required.join(', ')}): allow_unsafe_execution is set.`);
    }
    rootsFor(plan, decl, model);
    plan.context = capabilityContext(decl.name, res.source, runner, guarantees, { filesystemRoot: plan.workspace ?? (isPack ? model.root : undefined), readRoots: readRoots(plan, model) });
  } else if (runner === 'service') {
    const url = serviceUrl(decl.name, binding.url, envValue(opts.env, SERVICE_URL_ENV), model.config.serviceUrl);
    if (url instanceof SkillError) return block(url.code, url.message);
    plan.url = url;
    plan.context = capabilityContext(decl.name, res.source, runner, guarantees);
    if (guarantees.values.no_network) {
      return block('CAPABILITY', networkBlocked(decl.name, url), 'CapabilityViolation', [capabilityCheck('network', false, sourceOf(guarantees, 'network'), 'guarantee_blocked')]);
    }
  } else {
    return block('UNSUPPORTED', `Tool "${decl.name}" has unsupported runner "${String(runner)}": python tools run on the local, service or container runner.`);
  }
  return plan;
}

/** The entry as namel3ss checks it: the module file only for the local runner with the app's own tools. */
function entryProblemFor(decl: AiTool, b: ToolBinding, source: Source, runner: RunnerKind, model: AppModel, opts: PlanOptions, packId?: string): string | null {
  if (source === 'builtin_pack' || b.entry.startsWith(`${BUILTIN_PACK_PREFIX}.`)) {
    if (opts.namel3ssInstalled === false) {
      const what = packId ? `the built-in pack ${packId}` : 'a built-in pack';
      return `Tool "${decl.name}" runs ${b.entry} from ${what}, which is part of namel3ss, and namel3ss is not installed in ${opts.python}. Install it there (pip install namel3ss), or give the app a .venv that has it.`;
    }
    return null;
  }
  const moduleLocal = runner === 'local' && source === 'binding';
  if (moduleLocal) return entryProblem(b.entry, decl.name, model.root);
  // Packs and services hold their own code: only the form of the entry is checked here.
  const [modulePath, fn] = b.entry.split(':').map((s) => s?.trim());
  if (!modulePath || !fn) return `Tool "${decl.name}" entry "${b.entry}" must be "module:function".`;
  if (!modulePath.split('.').every(isPythonIdentifier) || !isPythonIdentifier(fn)) return `Tool "${decl.name}" entry "${b.entry}" is not a valid Python module path and function name.`;
  return null;
}

/** The first container runtime on the skill's PATH, or undefined. */
export function containerRuntime(pathEnv: string): string | undefined {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  return CONTAINER_RUNTIMES.find((c) => pathEnv.split(path.delimiter).some((d) => d && exts.some((e) => isFile(path.join(d, c + e)))));
}

function rootsFor(plan: CallPlan, decl: AiTool, model: AppModel): void {
  const packRoot = plan.pack?.root;
  if (packRoot) {
    plan.paths = [packRoot, path.join(packRoot, 'src'), path.join(packRoot, 'tools')].filter(isDir);
    plan.moduleRoots = [path.join(packRoot, 'tools'), packRoot];
  }
  if (decl.declaredAs === 'foreign') {
    plan.workspace = path.join(model.root, '.namel3ss', 'foreign', slugify(decl.name));
    plan.paths = [...(plan.paths ?? []), model.root];
    // It runs in its workspace, but its code is the app's (or its pack's).
    plan.moduleRoots ??= [path.join(model.root, 'tools')];
  }
}

function readRoots(plan: CallPlan, model: AppModel): string[] | undefined {
  const roots: string[] = [];
  if (plan.workspace) roots.push(plan.workspace, path.join(model.root, 'tools'), ...(plan.paths ?? []));
  if (plan.pack?.root) roots.push(plan.pack.root);
  return roots.length ? [...new Set(roots)] : undefined;
}


