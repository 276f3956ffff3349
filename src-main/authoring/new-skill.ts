/**
 * `skillbench new`: a working skill from a template. The templates are real files under
 * `resources/templates/<protocol>/` (run and tested as they are), with two placeholders filled in, in
 * file contents and in file names: `__SKILL_NAME__` (the name as given) and `__SKILL_ID__` (the same
 * name as a Python identifier, for module and script names); and in the README `__SKILLBENCH__`, the `skillbench`
 * command in the form that runs on this machine (host/cli-command.ts). `_gitignore` becomes `.gitignore`
 * (a file named `.gitignore` would act on this repository instead of being copied). Each template has a smoke
 * collection (`.skillbench/collections/smoke`) that `skillbench run` checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol, SkillRef } from '../contract';
import { cliPrefix } from '../host/cli-command';
import { resourcesDir } from '../host/paths';
import { resolveSkill } from '../protocols/discover';

export const TEMPLATE_PROTOCOLS: Protocol[] = ['jsonrpc', 'skilldef', 'namel3ss', 'action'];

export interface NewSkillOptions {
  /** Where the skill goes: a folder that does not exist yet, or an empty one. */
  folder: string;
  protocol: Protocol;
  /** Defaults to the folder's name. */
  name?: string;
}

export interface NewSkill {
  /** The skill's folder (absolute). */
  dir: string;
  name: string;
  protocol: Protocol;
  /** The files written, relative to `dir`, with `/` separators. */
  files: string[];
  /** The skill as discovery finds it: proof the template produced something the workbench recognises. */
  ref: SkillRef;
}

/** Raised for anything the user can fix: a bad name, a folder that is in use. */
export class NewSkillError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewSkillError';
  }
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const MAX_NAME = 64;
/** An action script named after a module it imports would import itself (its folder comes first on sys.path). */
const RESERVED = new Set(['json', 'os', 'sys', 'typing']);

/** Why `name` cannot name a skill, in plain words, or null when it can. */
export function skillNameProblem(name: string): string | null {
  if (!name) return 'A skill needs a name.';
  if (name.length > MAX_NAME) return `The name "${name.slice(0, 20)}…" is ${name.length} characters long; keep it to ${MAX_NAME}.`;
  if (!NAME.test(name)) {
    return `The name "${name}" cannot be used: start with a letter, then use only letters, digits, "-" and "_" (for example "weather-report").`;
  }
  if (RESERVED.has(skillIdOf(name))) return `The name "${name}" clashes with a Python module the skill imports; pick another, such as "${name}-skill".`;
  return null;
}

/** The name as a Python identifier: `Weather-Report` -> `weather_report`. */
export function skillIdOf(name: string): string {
  return name.toLowerCase().replace(/-/g, '_');
}

export function templatesDir(): string {
  return path.join(resourcesDir(), 'templates');
}

export function createSkill(opts: NewSkillOptions): NewSkill {
  if (!TEMPLATE_PROTOCOLS.includes(opts.protocol)) {
    throw new NewSkillError(`There is no template for protocol "${opts.protocol}". Use one of: ${TEMPLATE_PROTOCOLS.join(', ')}.`);
  }
  const dir = path.resolve(opts.folder);
  const name = opts.name ?? path.basename(dir);
  const problem = skillNameProblem(name);
  if (problem) throw new NewSkillError(opts.name === undefined ? `${problem} (The name comes from the folder; give another with --name NAME.)` : problem);
  const template = path.join(templatesDir(), opts.protocol);
  if (!fs.existsSync(template)) throw new NewSkillError(`The ${opts.protocol} template is missing from ${templatesDir()}: the workbench's resources are incomplete.`);

  const existed = checkTarget(dir, opts.folder);
  const values: Record<string, string> = { __SKILL_NAME__: name, __SKILL_ID__: skillIdOf(name), __SKILLBENCH__: cliPrefix() };
  const files: string[] = [];
  try {
    fs.mkdirSync(dir, { recursive: true });
    copyTree(template, dir, '', values, files);
  } catch (err) {
    // Leave nothing half-made behind: the folder was new (or empty) a moment ago.
    if (existed) for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
    throw new NewSkillError(`Could not write the skill into ${opts.folder}: ${(err as Error).message}`);
  }
  files.sort();
  const ref = resolveSkill(dir, { protocol: opts.protocol });
  return { dir, name, protocol: opts.protocol, files, ref };
}

/** Refuses a file, or a folder with anything in it; returns whether the (empty) folder already existed. */
function checkTarget(dir: string, shown: string): boolean {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) throw new NewSkillError(`${shown} is a file, not a folder. Choose a folder that does not exist yet.`);
  const entries = fs.readdirSync(dir);
  if (entries.length) {
    const some = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
    throw new NewSkillError(`${shown} already exists and is not empty (${some}). Nothing was written: choose a new folder, or empty this one first.`);
  }
  return true;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/__SKILL(_NAME|_ID|BENCH)__/g, (m) => values[m] ?? m);
}

function copyTree(from: string, to: string, rel: string, values: Record<string, string>, files: string[]): void {
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (e.name === '__pycache__' || e.name.endsWith('.pyc')) continue;
    const target = e.name === '_gitignore' ? '.gitignore' : fill(e.name, values);
    const src = path.join(from, e.name);
    const dst = path.join(to, target);
    const r = rel ? `${rel}/${target}` : target;
    if (e.isDirectory()) {
      fs.mkdirSync(dst, { recursive: true });
      copyTree(src, dst, r, values, files);
    } else if (e.isFile()) {
      const mode = fs.statSync(src).mode & 0o777;
      fs.writeFileSync(dst, fill(fs.readFileSync(src, 'utf8'), values), { flag: 'wx', mode });
      files.push(r);
    }
  }
}
