/**
 * One namel3ss app as the workbench sees it: the python tools its `.ai` files declare, their bindings in
 * `.namel3ss/tools.yaml`, and `namel3ss.toml`. Reading it runs nothing, so it is done again before every
 * call: edit a file, call again, and the edit counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mentionsPythonTool, parseAiFile, type AiTool } from './ai-file';
import { BINDINGS_FILE, readBindings, type BindingsFile } from './bindings';
import { readAppConfig, type AppConfig } from './config';

export interface AppModel {
  root: string;
  name: string;
  description?: string;
  version?: string;
  /** The `.ai` files read, relative to the root; app.ai first. */
  aiFiles: string[];
  /** Tools implemented using python, in declaration order (first declaration wins on a duplicate). */
  tools: AiTool[];
  /** Tools implemented some other way: listed in the notes, not run. */
  otherTools: AiTool[];
  bindings: BindingsFile;
  config: AppConfig;
  /** Parse problems with file:line, in plain words. */
  problems: string[];
}

/** The `.ai` files directly in `root` (apps keep them at the top), app.ai first. */
export function listAiFiles(root: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.ai')).map((e) => e.name);
  } catch {
    return [];
  }
  return names.sort((a, b) => (a === 'app.ai' ? -1 : b === 'app.ai' ? 1 : a.localeCompare(b)));
}

/** Cheap test used by detection: a `.ai` file that declares a python tool, or a bindings file. */
export function isNamel3ssApp(root: string): boolean {
  if (fs.existsSync(path.join(root, BINDINGS_FILE))) return true;
  return listAiFiles(root).some((f) => mentionsPythonTool(readText(path.join(root, f)) ?? ''));
}

export function loadApp(root: string): AppModel {
  const aiFiles = listAiFiles(root);
  const model: AppModel = {
    root,
    name: path.basename(root),
    aiFiles,
    tools: [],
    otherTools: [],
    bindings: readBindings(root),
    config: readAppConfig(root),
    problems: [],
  };
  let appName: string | undefined;
  const seen = new Map<string, AiTool>();
  for (const rel of aiFiles) {
    const text = readText(path.join(root, rel));
    if (text === null) {
      model.problems.push(`Cannot read ${rel}.`);
      continue;
    }
    const parsed = parseAiFile(text, rel);
    appName ??= parsed.appName;
    for (const p of parsed.problems) model.problems.push(`${p.file}:${p.line}: ${p.message}`);
    for (const tool of parsed.tools) {
      const first = seen.get(tool.name);
      if (first) {
        model.problems.push(`${tool.file}:${tool.line}: Tool "${tool.name}" is declared again (first at ${first.file}:${first.line}); the first declaration is used.`);
        continue;
      }
      seen.set(tool.name, tool);
      (tool.kind === 'python' ? model.tools : model.otherTools).push(tool);
    }
  }
  model.name = model.config.name ?? appName ?? model.name;
  model.description = model.config.description;
  model.version = model.config.version;
  return model;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
