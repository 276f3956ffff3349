/**
 * A namel3ss app, checked with the protocol's own readers: the `.ai` tool blocks (parseAiFile), the
 * bindings in `.namel3ss/tools.yaml` (readBindings, entryProblem), and `namel3ss.toml` (readAppConfig).
 * What they collect as text problems becomes findings with file and line; what none of them checks
 * (a tool with no binding, a binding with no tool, a function missing from its module) is checked here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ToolInfo } from '../../contract';
import { listAiFiles } from '../../protocols/namel3ss/app';
import { parseAiFile, type AiTool } from '../../protocols/namel3ss/ai-file';
import { BINDINGS_FILE, BUILTIN_PACK_PREFIX, bindingExample, entryProblem, readBindings } from '../../protocols/namel3ss/bindings';
import { CONFIG_FILE, readAppConfig } from '../../protocols/namel3ss/config';
import { fieldsSchema } from '../../protocols/namel3ss/schema';
import { Findings, lineOf } from './findings';

const BINDINGS = BINDINGS_FILE.split(path.sep).join('/');

/** Checks the app and returns its python tools as the workbench shows them (for the shared tool checks). */
export function checkNamel3ssApp(root: string, f: Findings): { tools: ToolInfo[]; declared: AiTool[] } {
  const aiFiles = listAiFiles(root);
  if (!aiFiles.length) {
    f.error('NO_AI_FILES', 'There is no .ai file in the app folder, so no tools are declared.', 'Declare tools in app.ai: tool "greet":, implemented using python, input: and output: blocks.');
  }
  const python: AiTool[] = [];
  const first = new Map<string, AiTool>();
  for (const rel of aiFiles) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, rel), 'utf8');
    } catch (err) {
      f.error('AI_UNREADABLE', `Cannot read ${rel}: ${(err as Error).message}.`, 'Check the file\'s permissions.', { file: rel });
      continue;
    }
    const parsed = parseAiFile(text, rel);
    for (const p of parsed.problems) {
      f.error('AI_SYNTAX', p.message, 'Fix the tool block as namel3ss expects it (namel3ss refuses the app otherwise).', { file: p.file, line: p.line });
    }
    for (const tool of parsed.tools) {
      const seen = first.get(tool.name);
      if (seen) {
        f.error('DUPLICATE_TOOL', `Tool "${tool.name}" is declared twice (first at ${seen.file}:${seen.line}); only the first is used.`, 'Rename or remove one of the declarations.', { file: tool.file, line: tool.line });
        continue;
      }
      first.set(tool.name, tool);
      if (tool.kind === 'python') python.push(tool);
      else f.info('NOT_PYTHON_TOOL', `Tool "${tool.name}" is implemented using ${tool.kind}; the workbench only runs python tools.`, '', { file: tool.file, line: tool.line });
    }
  }

  const bindings = readBindings(root);
  const yamlText = readText(bindings.file);
  for (const p of bindings.problems) f.error('BINDINGS_INVALID', p, `Fix ${BINDINGS}: a "tools:" mapping of tool names to {kind, entry}.`, { file: BINDINGS });
  if (python.length && !bindings.exists) {
    f.error('NO_BINDINGS', `There is no ${BINDINGS}, so no python tool has an entry to run.`, `Create it:\n${bindingExample(python[0].name, 'tools.my_module:my_function')}`, { file: BINDINGS });
  }
  for (const tool of python) {
    const b = bindings.bindings.get(tool.name);
    if (!b) {
      if (bindings.exists) f.error('NO_BINDING', `Tool "${tool.name}" has no binding in ${BINDINGS}.`, `Add:\n${bindingExample(tool.name)}`, { file: tool.file, line: tool.line });
      continue;
    }
    const where = { file: BINDINGS, line: lineOf(yamlText, new RegExp(`^\\s*["']?${escape(tool.name)}["']?\\s*:`)) };
    for (const p of b.problems) f.error('BINDING_INVALID', p, `Fix the binding of "${tool.name}" in ${BINDINGS}.`, where);
    for (const n of b.notes) f.warning('BINDING_NOTE', n, 'Write the binding the way namel3ss does: a mapping with kind and entry.', where);
    if (!b.entry) continue;
    const problem = entryProblem(b.entry, tool.name, root);
    if (problem) {
      const missing = /was not found/.test(problem);
      f.error(missing ? 'ENTRY_NOT_FOUND' : 'ENTRY_INVALID', problem, missing ? `Create the module file, or point the entry at an existing one.` : 'Write the entry as "tools.<module>:<function>".', where);
      continue;
    }
    const fnProblem = missingFunction(root, b.entry);
    if (fnProblem) f.warning('ENTRY_FUNCTION_MISSING', fnProblem, `Define the function there, or fix the entry of "${tool.name}".`, where);
    if (b.runner === 'service' && !b.url && !readAppConfig(root).serviceUrl && !process.env.N3_TOOL_SERVICE_URL) {
      f.error('BINDING_INVALID', `Tool "${tool.name}" uses the service runner but no service URL is set.`, `Add url: to the binding, or [python_tools] service_url to ${CONFIG_FILE}.`, where);
    }
  }
  for (const name of bindings.bindings.keys()) {
    if (!first.has(name)) {
      f.warning('BINDING_UNUSED', `${BINDINGS} binds "${name}", but no .ai file declares a tool of that name.`, 'Declare the tool in app.ai, or remove the binding (check the spelling: names must match exactly).', {
        file: BINDINGS,
        line: lineOf(yamlText, new RegExp(`^\\s*["']?${escape(name)}["']?\\s*:`)),
      });
    }
  }
  for (const p of readAppConfig(root).problems) f.error('CONFIG_INVALID', p, `Fix ${CONFIG_FILE}.`, { file: CONFIG_FILE });

  const tools = python.map((t): ToolInfo => {
    const info: ToolInfo = { name: t.name, inputSchema: fieldsSchema(t.input), outputSchema: fieldsSchema(t.output) };
    if (t.description) info.description = t.description;
    return info;
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
