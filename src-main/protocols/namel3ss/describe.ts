/**
 * What the inspector shows of a namel3ss program: each tool with where its binding comes from (the
 * app's tools.yaml or a pack), its runner, and why it cannot run where it cannot; capsule tools grouped
 * under their capsule; and notes on everything else (packs, problems, the interpreter).
 */
import type { ToolInfo } from '../../contract';
import type { AiTool } from './ai-file';
import type { AppModel } from './app';
import { BINDINGS_FILE, bindingExample } from './bindings';
import { nodeGuardLabel, sandboxLabel } from './enforcement';
import { httpSchemaProblem } from './http-tool';
import { findNode } from './node-runner';
import { choosePython, depsSource } from './local-runner';
import type { CallPlan } from './plan';
import { fieldsSchema, typeSchema } from './schema';

export function toolInfo(t: AiTool, plan: CallPlan): ToolInfo {
  const parts: string[] = [];
  if (t.description) parts.push(t.description);
  if (t.declaredAs === 'foreign') parts.push('foreign function');
  if (plan.pack && plan.source !== 'binding') parts.push(`${plan.pack.source === 'builtin_pack' ? 'built-in pack' : 'pack'} ${plan.pack.id} ${plan.pack.version}`.trim());
  const httpProblem = t.kind === 'http' ? httpSchemaProblem(t) : null;
  if (t.kind === 'http') parts.push("http tool: a GET of its url input (namel3ss's built-in HTTP capability)");
  else if (plan.binding) {
    const guard = plan.runner === 'node' ? ` · ${nodeGuardLabel(plan.guarantees)}` : plan.sandbox ? ` · ${sandboxLabel(plan.guarantees)}` : '';
    parts.push(`${plan.binding.entry || '(no entry)'} · ${plan.runner} runner${guard}`);
  }
  else parts.push(`no binding in ${BINDINGS_FILE}`);
  if (t.purity === 'pure') parts.push('pure');
  if (t.timeoutSeconds) parts.push(`timeout ${t.timeoutSeconds} s`);
  if (plan.blocked) parts.push(`cannot run here: ${plan.blocked.hint ?? firstLine(plan.blocked.n3)}`);
  else if (httpProblem) parts.push(`cannot run here: ${firstLine(httpProblem)}`);
  const foreign = t.declaredAs === 'foreign' && t.output[0];
  const info: ToolInfo = { name: t.name, description: parts.join(' · '), inputSchema: fieldsSchema(t.input), outputSchema: foreign ? typeSchema(t.output[0].type) : fieldsSchema(t.output) };
  if (t.capsule) info.group = t.capsule;
  return info;
}

export function appNotes(model: AppModel, plans: Map<string, CallPlan>): string[] {
  const notes: string[] = [];
  const c = model.capsuleOf;
  if (c) {
    const app = c.appRoot;
    notes.push(
      c.programs.length
        ? `This folder is the capsule "${c.capsule}" of the program ${c.programs.join(', ')} in ${app}: its tools are that program's, named "${c.capsule}.<tool>", bound in its ${BINDINGS_FILE}, and run as it runs them.`
        : `This folder is the capsule "${c.capsule}" in ${app}, and no program there uses it (use "${c.capsule}"): its tools are listed as a program that used it would bind them, "${c.capsule}.<tool>" in ${BINDINGS_FILE}.`,
    );
  } else if (model.aiFiles.length === 0) notes.push('No .ai program in the app folder declares tools (or uses a capsule that does): there are no tools to run.');
  if (model.program) notes.push(`Program: ${model.program}${model.aiFiles.length > 1 ? ` (with ${model.aiFiles.slice(1).join(', ')})` : ''}.`);
  notes.push(...model.problems, ...model.config.problems, ...model.bindings.problems);
  if (!model.bindings.exists && model.tools.some((t) => t.kind !== 'http' && plans.get(t.name)?.source === 'binding' && !plans.get(t.name)?.binding)) {
    notes.push(`No ${BINDINGS_FILE}: bind each tool to a Python function there. Example:\n${bindingExample(model.tools[0].name)}`);
  }
  for (const t of model.tools) {
    const plan = plans.get(t.name)!;
    if (plan.binding) notes.push(...plan.binding.notes);
    notes.push(...plan.notes);
    if (plan.blocked) notes.push(plan.blocked.error.message);
  }
  const used = new Set(model.tools.map((t) => t.name));
  for (const name of model.bindings.bindings.keys()) {
    if (!used.has(name) && !c) notes.push(`${BINDINGS_FILE} binds "${name}", but no .ai file declares a python tool with that name (in this program or its capsules).`);
  }
  for (const t of model.otherTools) notes.push(`${t.file}:${t.line}: Tool "${t.name}" is implemented using ${t.kind}; the workbench runs python, node and http tools.`);
  notes.push(...packNotes(model));
  if (model.tools.some((t) => t.kind === 'node')) {
    const node = findNode();
    notes.push(node ? `Node: ${node} (for the node tools).` : 'Node: not found on the PATH, so the node tools cannot run (namel3ss needs node there too).');
  }
  for (const t of model.tools) {
    const problem = t.kind === 'http' ? httpSchemaProblem(t) : null;
    if (problem) notes.push(problem);
  }
  const py = choosePython(model.root);
  const python = model.tools.some((t) => t.kind === 'python') || !model.tools.length;
  if (python) notes.push(py.env === 'venv' ? `Python: the app's virtual environment (${py.path}).` : `Python: ${py.path} (the app has no .venv).`);
  const deps = depsSource(model.root);
  if (deps !== 'none') notes.push(`Dependencies are declared in ${deps}; install them into the interpreter above (namel3ss: n3 deps install).`);
  return notes;
}

/** Packs the program allows and the app has, each with whether it can be used and why not. */
function packNotes(model: AppModel): string[] {
  const notes: string[] = [];
  const allowed = model.allowedPacks ?? [];
  for (const id of allowed) {
    const p = model.packs.find((x) => x.id === id);
    if (!p) notes.push(`packs: "${id}" is not installed (no .namel3ss/packs/ folder declares it, and it is not a built-in pack).`);
  }
  for (const p of model.packs) {
    if (p.source === 'builtin_pack' && !allowed.includes(p.id)) continue;
    const why = p.source === 'builtin_pack' ? 'usable where namel3ss is installed in the interpreter' : !p.verified ? 'not verified (verification.json missing, or it no longer matches pack.yaml and tools.yaml)' : !p.enabled ? 'verified but not enabled ([tool_packs] enabled_packs)' : 'verified and enabled';
    const declared = allowed.includes(p.id) ? '' : '; the program does not list it in packs:';
    notes.push(`Pack ${p.id} "${p.name}" ${p.version} (${SOURCE_WORDS[p.source]}): ${why}${declared}. Tools: ${[...p.bindings.keys()].join(', ') || 'none'}.${p.problems.length ? ` ${p.problems.join(' ')}` : ''}`);
  }
  return notes;
}

const SOURCE_WORDS = { builtin_pack: 'built-in pack', installed_pack: 'installed pack', local_pack: 'local pack' } as const;

function firstLine(s: string): string {
  const line = s.split('\n')[0];
  return line.replace(/^What happened: /, '');
}
