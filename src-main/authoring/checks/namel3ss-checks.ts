/**
 * A namel3ss program, checked with the protocol's own readers: the program and its capsules (loadApp),
 * each tool's binding as a call would resolve it (planCall: tools.yaml or a pack, the entry, the sandbox
 * its guarantees need), and `namel3ss.toml`. What they collect as text problems becomes findings with
 * file and line; what none of them checks (a binding with no tool, a function missing from its module)
 * is checked here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ToolInfo } from '../../contract';
import { listAiFiles, loadApp } from '../../protocols/namel3ss';
import type { AiTool } from '../../protocols/namel3ss';
import { BINDINGS_FILE, BUILTIN_PACK_PREFIX, bindingExample } from '../../protocols/namel3ss';
import { CONFIG_FILE } from '../../protocols/namel3ss';
import { toolInfo } from '../../protocols/namel3ss';
import { choosePython } from '../../protocols/namel3ss';
import { planCall } from '../../protocols/namel3ss';
import { findNode, httpSchemaProblem } from '../../protocols/namel3ss';
import { Findings, lineOf } from './findings';

const BINDINGS = BINDINGS_FILE.split(path.sep).join('/');

/** Checks one program of the app and returns its tools as the workbench shows them (for the shared tool checks). */
export function checkNamel3ssApp(root: string, f: Findings, program?: string): { tools: ToolInfo[]; declared: AiTool[] } {
  if (!listAiFiles(root).length) {
    f.error('NO_AI_FILES', 'There is no .ai file in the app folder, so no tools are declared.', 'Declare tools in app.ai: tool "greet":, implemented using python, input: and output: blocks.');
  }
  const model = loadApp(root, program);
  for (const p of model.problems) {
    const m = /^([^:]+\.ai):(\d+): ([\s\S]*)$/.exec(p);
    const duplicate = /is declared again/.test(p);
    f.error(duplicate ? 'DUPLICATE_TOOL' : 'AI_SYNTAX', m ? m[3] : p, duplicate ? 'Rename or remove one of the declarations.' : 'Fix the declaration as namel3ss expects it (namel3ss refuses the app otherwise).', m ? { file: m[1], line: Number(m[2]) } : {});
  }
  for (const t of model.otherTools) f.info('NOT_PYTHON_TOOL', `Tool "${t.name}" is implemented using ${t.kind}; the workbench runs python, node and http tools.`, '', { file: t.file, line: t.line });
  const python = model.tools;
  const bindings = model.bindings;
  const yamlText = readText(bindings.file);
  for (const p of bindings.problems) f.error('BINDINGS_INVALID', p, `Fix ${BINDINGS}: a "tools:" mapping of tool names to {kind, entry}.`, { file: BINDINGS });
  const options = { env: {}, python: choosePython(root).path };
  for (const tool of python) {
    const plan = planCall(tool, model, options);
    const b = bindings.bindings.get(tool.name);
    const where = b ? { file: BINDINGS, line: lineOf(yamlText, new RegExp(`^\\s*["']?${escape(tool.name)}["']?\\s*:`)) } : { file: tool.file, line: tool.line };
    if (b) for (const n of b.notes) f.warning('BINDING_NOTE', n, 'Write the binding the way namel3ss does: a mapping with kind and entry.', where);
    const blocked = plan.blocked?.error;
    const at = { file: tool.file, line: tool.line };
    if (tool.kind === 'http') {
      const problem = httpSchemaProblem(tool);
      if (problem) f.error('HTTP_TOOL_INVALID', problem, 'Declare only the inputs and outputs namel3ss gives an http tool: url (text), method, headers, timeout_seconds; status, headers, body, json.', at);
      else if (plan.blocked?.reason === 'capability_missing') f.error('HTTP_CAPABILITY', blocked!.message, 'Add http to the program\'s capabilities: block.', { file: tool.file, line: 1 });
      else if (plan.blocked?.reason === 'policy_denied') f.warning('HTTP_NETWORK_DENIED', blocked!.message, `Remove no_network from [capability_overrides] "${tool.name}" in ${CONFIG_FILE} to let it make requests.`, { file: CONFIG_FILE });
      continue;
    }
    if (tool.kind === 'node' && !blocked && !findNode()) f.warning('NODE_MISSING', `Tool "${tool.name}" runs on the node runner, and there is no node on the PATH.`, 'Install Node.js, or put its folder on the PATH.', where);
    if (blocked) {
      const m = blocked.message;
      if (blocked.code === 'VALIDATION') continue; // reported above as AI_SYNTAX
      if (plan.blocked?.reason === 'unknown_runner') {
        f.error('RUNNER_UNKNOWN', m, 'Use one of namel3ss\'s runners: local, service, container or node.', where);
        continue;
      }
      if (!b && plan.source === 'binding' && /not bound to a python entry/.test(m)) {
        if (!bindings.exists) f.error('NO_BINDINGS', `There is no ${BINDINGS}, so "${tool.name}" has no entry to run.`, `Create it:\n${bindingExample(tool.name, 'tools.my_module:my_function')}`, { file: BINDINGS });
        else f.error('NO_BINDING', `Tool "${tool.name}" has no binding in ${BINDINGS}.`, `Add:\n${bindingExample(tool.name)}`, where);
      } else if (/was not found \(missing_tool\)/.test(m)) f.error('ENTRY_NOT_FOUND', m, 'Create the module file, or point the entry at an existing one.', where);
      else if (/entry/.test(m) && blocked.code === 'LAUNCH' && b?.problems.length === 0) f.error('ENTRY_INVALID', m, 'Write the entry as "tools.<module>:<function>".', where);
      else if (blocked.code === 'CAPABILITY' && /requires sandbox enforcement/.test(m)) f.error('SANDBOX_REQUIRED', m, 'Add sandbox: true to the binding (namel3ss enforces guarantees only in the sandbox), or relax [capability_overrides].', where);
      else if (blocked.code === 'CAPABILITY') f.error('CAPABILITY_BLOCKED', m, 'Relax [capability_overrides] for the tool, or bind it where its guarantees can be kept.', where);
      else if (blocked.code === 'UNSUPPORTED') f.warning('CONTAINER_RUNNER', m, 'Bind the tool to runner: local or service to run it in the workbench.', where);
      else f.error(plan.pack ? 'PACK_UNAVAILABLE' : 'BINDING_INVALID', m, plan.pack ? 'Enable and verify the pack (n3 packs verify, n3 packs enable), or bind the tool in tools.yaml.' : `Fix the binding of "${tool.name}" in ${BINDINGS}.`, where);
      continue;
    }
    if (plan.source === 'binding' && plan.runner === 'local' && plan.binding) {
      const fnProblem = missingFunction(root, plan.binding.entry);
      if (fnProblem) f.warning('ENTRY_FUNCTION_MISSING', fnProblem, `Define the function there, or fix the entry of "${tool.name}".`, where);
    }
  }
  for (const name of bindings.bindings.keys()) {
    if (!python.some((t) => t.name === name)) {
      f.warning('BINDING_UNUSED', `${BINDINGS} binds "${name}", but no .ai file declares a tool of that name.`, 'Declare the tool in app.ai, or remove the binding (check the spelling: names must match exactly; a capsule\'s tools are bound as "<capsule>.<tool>").', {
        file: BINDINGS,
        line: lineOf(yamlText, new RegExp(`^\\s*["']?${escape(name)}["']?\\s*:`)),
      });
    }
  }
  for (const p of model.config.problems) f.error('CONFIG_INVALID', p, `Fix ${CONFIG_FILE}.`, { file: CONFIG_FILE });

  // The shared checks judge what the author wrote: the declaration's own description, not the workbench's summary.
  const tools = python.map((t) => {
    const { description: _summary, ...info } = toolInfo(t, planCall(t, model, options));
    return t.description ? { ...info, description: t.description } : info;
  });
  return { tools, declared: python };
}

/** The function named by a resolvable entry is defined (or imported) in its module, judged by reading it. */
function missingFunction(root: string, entry: string): string | null {
  const [modulePath, fn] = entry.split(':').map((s) => s.trim());
  if (modulePath.startsWith(BUILTIN_PACK_PREFIX)) return null;
  const base = path.join(root, 'tools', ...modulePath.split('.').slice(1));
  const file = [`${base}.py`, path.join(base, '__init__.py')].find((p) => fs.existsSync(p));
  const src = file ? readText(file) : null;
  if (src === null) return null;
  const f = escape(fn);
  const defined = new RegExp(`^\\s*(async\\s+)?def\\s+${f}\\s*\\(|^${f}\\s*=|^from\\s+\\S+\\s+import\\s+.*\\b${f}\\b|^import\\s+.*\\b${f}\\b|^from\\s+\\S+\\s+import\\s+\\*`, 'm');
  if (defined.test(src)) return null;
  const rel = path.relative(root, file!).split(path.sep).join('/');
  return `The entry "${entry}" names a function "${fn}" that ${rel} does not define.`;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
