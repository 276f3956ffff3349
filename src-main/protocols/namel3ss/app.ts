/**
 * One namel3ss program as the workbench sees it: the tools its `.ai` file declares (python, node and http) and those of
 * the capsules it uses (`use "inventory" as inv` loads `modules/inventory/*.ai`, whose tools bindings
 * name `"inventory.<tool>"`), their bindings in `.namel3ss/tools.yaml`, the packs it allows, the packs
 * the app has, and `namel3ss.toml`. Reading it runs nothing, so it is done again before every call: edit
 * a file, call again, and the edit counts.
 *
 * A folder may hold several programs side by side (namel3ss runs one `.ai` file at a time, with the
 * folder's tools.yaml and namel3ss.toml shared): each top-level `.ai` file with tools is one.
 *
 * A capsule's folder (`modules/<capsule>/`) is no program: opened on its own, it says whose capsule it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mentionsTool, parseAiFile, RUNNABLE_KINDS, usesCapsule, type AiFile, type AiTool } from './ai-file';
import { BINDINGS_FILE, readBindings, type BindingsFile } from './bindings';
import { readAppConfig, type AppConfig } from './config';
import { readPacks, type PackRecord } from './packs';

export const MODULES_DIR = 'modules';

export interface AppModel {
  root: string;
  name: string;
  description?: string;
  version?: string;
  /** The program file, relative to the root (undefined for a folder with only a bindings file). */
  program?: string;
  /** The `.ai` files read, relative to the root: the program first, then its capsules' files. */
  aiFiles: string[];
  /** Tools the workbench runs (python, node, http), in declaration order (first declaration wins on a duplicate). */
  tools: AiTool[];
  /** Tools implemented some other way: listed in the notes, not run. */
  otherTools: AiTool[];
  /** The program's `packs:` block (null when it has none: no pack is allowed then). */
  allowedPacks: string[] | null;
  /** The program's `capabilities:` block (http tools need `http`). */
  capabilities: string[];
  packs: PackRecord[];
  bindings: BindingsFile;
  config: AppConfig;
  /** Parse problems with file:line, in plain words. */
  problems: string[];
  /** Set when the folder read is a capsule's (`modules/<capsule>/`): whose it is. */
  capsuleOf?: CapsuleFolder;
}

/** The `.ai` files directly in `root`, app.ai first. */
export function listAiFiles(root: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.ai')).map((e) => e.name);
  } catch {
    return [];
  }
  return names.sort((a, b) => (a === 'app.ai' ? -1 : b === 'app.ai' ? 1 : a.localeCompare(b)));
}

/** The folder's programs that have tools (of their own, or from the capsules they use). A capsule's folder has none. */
export function listPrograms(root: string): string[] {
  if (capsuleFolder(root)) return [];
  return listAiFiles(root).filter((f) => {
    const text = readText(path.join(root, f)) ?? '';
    if (mentionsTool(text)) return true;
    if (!usesCapsule(text)) return false;
    return parseAiFile(text, f).uses.some((u) => moduleFiles(root, u.module).some((m) => mentionsTool(readText(path.join(root, m)) ?? '')));
  });
}

export interface CapsuleFolder {
  capsule: string;
  /** The app folder that holds `modules/<capsule>/`. */
  appRoot: string;
  /** The programs of that app that use the capsule, relative to the app folder. */
  programs: string[];
}

/**
 * `<app>/modules/<capsule>/` with `.ai` files: a capsule, not a program. Which of the app's programs use it
 * (the app's `.ai` files with `use "<capsule>"`), found by reading them.
 */
export function capsuleFolder(dir: string): CapsuleFolder | null {
  const parent = path.dirname(dir);
  if (path.basename(parent) !== MODULES_DIR || !listAiFiles(dir).length) return null;
  const capsule = path.basename(dir);
  const appRoot = path.dirname(parent);
  const programs = listAiFiles(appRoot).filter((f) => {
    const text = readText(path.join(appRoot, f)) ?? '';
    return usesCapsule(text) && parseAiFile(text, f).uses.some((u) => u.module === capsule);
  });
  return { capsule, appRoot, programs };
}

/** Cheap test used by detection: a program with python tools, or a bindings file. */
export function isNamel3ssApp(root: string): boolean {
  return fs.existsSync(path.join(root, BINDINGS_FILE)) || listPrograms(root).length > 0;
}

/** The `.ai` files of a capsule (`modules/<name>/`), relative to the app root; capsule.ai first. */
export function moduleFiles(root: string, module: string): string[] {
  const dir = path.join(root, MODULES_DIR, module);
  const files = listAiFiles(dir).sort((a, b) => (a === 'capsule.ai' ? -1 : b === 'capsule.ai' ? 1 : a.localeCompare(b)));
  return files.map((f) => path.join(MODULES_DIR, module, f));
}

/**
 * Reads one program (`program`, relative to root; the first program when not given). A capsule's folder
 * reads as the program of its app that uses it, with the capsule's tools only; a capsule no program uses
 * reads as its own tools, named as a program would bind them.
 */
export function loadApp(root: string, program?: string): AppModel {
  const capsule = capsuleFolder(root);
  if (capsule) return loadCapsule(capsule, program);
  const config = readAppConfig(root);
  // A folder with only a bindings file (or .ai files without python tools) has no program: no tools.
  const chosen = program ?? listPrograms(root)[0];
  const model: AppModel = {
    root,
    name: path.basename(root),
    program: chosen,
    aiFiles: [],
    tools: [],
    otherTools: [],
    allowedPacks: null,
    capabilities: [],
    packs: readPacks(root, config),
    bindings: readBindings(root),
    config,
    problems: [],
  };
  if (!chosen) return model;
  const seen = new Map<string, AiTool>();
  const take = (parsed: AiFile, capsule?: string) => {
    for (const p of parsed.problems) model.problems.push(`${p.file}:${p.line}: ${p.message}`);
    for (const decl of parsed.tools) {
      const tool = capsule ? { ...decl, name: `${capsule}.${decl.name}`, capsule } : decl;
      const first = seen.get(tool.name);
      if (first) {
        model.problems.push(`${tool.file}:${tool.line}: Tool "${tool.name}" is declared again (first at ${first.file}:${first.line}); the first declaration is used.`);
        continue;
      }
      seen.set(tool.name, tool);
      ((RUNNABLE_KINDS as readonly string[]).includes(tool.kind ?? '') ? model.tools : model.otherTools).push(tool);
    }
  };
  const main = readParsed(root, chosen, model);
  if (!main) return model;
  take(main);
  model.allowedPacks = main.packs.length ? main.packs : null;
  model.capabilities = main.capabilities ?? [];
  for (const use of main.uses) {
    const files = moduleFiles(root, use.module);
    if (!files.length) {
      model.problems.push(`${chosen}:${use.line}: use "${use.module}": there is no ${MODULES_DIR}/${use.module}/ folder with .ai files (a capsule needs ${MODULES_DIR}/${use.module}/capsule.ai).`);
      continue;
    }
    for (const rel of files) {
      const parsed = readParsed(root, rel, model);
      if (!parsed) continue;
      if (parsed.capsule !== undefined && parsed.capsule !== use.module) {
        model.problems.push(`${rel}: capsule.ai declares "${parsed.capsule}" but the folder is "${use.module}": namel3ss refuses the capsule until they match.`);
      }
      take(parsed, use.module);
    }
  }
  // Programs side by side share the folder's namel3ss.toml: each is named after its own file.
  const several = listPrograms(root).length > 1;
  model.name = several ? (main.appName ?? path.basename(chosen, '.ai')) : (config.name ?? main.appName ?? model.name);
  model.description = config.description;
  model.version = config.version;
  return model;
}

function loadCapsule(c: CapsuleFolder, program?: string): AppModel {
  const owner = program && c.programs.includes(program) ? program : c.programs[0];
  const model = loadApp(c.appRoot, owner ?? '');
  model.capsuleOf = c;
  model.name = c.capsule;
  if (!owner) {
    // No program uses it: its tools as a program's `use "<capsule>"` would bind them.
    model.program = undefined;
    for (const rel of moduleFiles(c.appRoot, c.capsule)) {
      const parsed = readParsed(c.appRoot, rel, model);
      for (const p of parsed?.problems ?? []) model.problems.push(`${p.file}:${p.line}: ${p.message}`);
      for (const decl of parsed?.tools ?? []) {
        const tool = { ...decl, name: `${c.capsule}.${decl.name}`, capsule: c.capsule };
        ((RUNNABLE_KINDS as readonly string[]).includes(tool.kind ?? '') ? model.tools : model.otherTools).push(tool);
      }
    }
    return model;
  }
  model.tools = model.tools.filter((t) => t.capsule === c.capsule);
  model.otherTools = model.otherTools.filter((t) => t.capsule === c.capsule);
  return model;
}

function readParsed(root: string, rel: string, model: AppModel): AiFile | null {
  const text = readText(path.join(root, rel));
  model.aiFiles.push(rel);
  if (text === null) {
    model.problems.push(`Cannot read ${rel}.`);
    return null;
  }
  return parseAiFile(text, rel.split(path.sep).join('/'));
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
