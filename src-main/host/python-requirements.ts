/**
 * What a Python skill says it needs, read from its files (never run): its manifest's `dependencies[]`, else its
 * `requirements.txt` (and the files it includes with `-r`), else its `pyproject.toml`'s `[project] dependencies`.
 * Only requirements by name are kept: a path, an editable install or a `file:` URL would make pip build code from
 * the folder, and pip's options belong in pip's own configuration, so those lines are set aside with the reason.
 *
 * And the verdict on one requirement against what an interpreter has installed: satisfied, missing, or the wrong
 * version (PEP 440, as pip judges a package already installed: pre-releases count), with its marker evaluated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { satisfies } from './pep440';
import { evaluateMarker, markerEnv, parseRequirement } from './pep508';

export type RequirementFile = 'manifest.json' | 'requirements.txt' | 'pyproject.toml';

export interface RequirementSource {
  file: RequirementFile;
  /** The file's path. */
  path: string;
  /** The requirements to install, as written. */
  requirements: string[];
  /** What was left out, and why. */
  skipped: { line: string; why: string }[];
}

const MAX_INCLUDES = 8;

/** The first of the three that lists something; null where none does. */
export function requirementSource(dir: string): RequirementSource | null {
  return fromManifest(dir) ?? fromRequirementsTxt(dir) ?? fromPyproject(dir);
}

function fromManifest(dir: string): RequirementSource | null {
  const file = path.join(dir, 'manifest.json');
  let deps: unknown;
  try {
    deps = (JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: unknown }).dependencies;
  } catch {
    return null;
  }
  if (!Array.isArray(deps) || !deps.length) return null;
  return listed('manifest.json', file, deps.filter((d): d is string => typeof d === 'string'));
}

function fromPyproject(dir: string): RequirementSource | null {
  const file = path.join(dir, 'pyproject.toml');
  let deps: unknown;
  try {
    deps = (parseToml(fs.readFileSync(file, 'utf8')) as { project?: { dependencies?: unknown } }).project?.dependencies;
  } catch {
    return null;
  }
  if (!Array.isArray(deps) || !deps.length) return null;
  return listed('pyproject.toml', file, deps.filter((d): d is string => typeof d === 'string'));
}

function listed(kind: RequirementFile, file: string, lines: string[]): RequirementSource {
  const source: RequirementSource = { file: kind, path: file, requirements: [], skipped: [] };
  for (const line of lines) keep(source, line);
  return source;
}

function fromRequirementsTxt(dir: string): RequirementSource | null {
  const file = path.join(dir, 'requirements.txt');
  if (!isFile(file)) return null;
  const source: RequirementSource = { file: 'requirements.txt', path: file, requirements: [], skipped: [] };
  readRequirementsFile(file, dir, source, new Set());
  return source.requirements.length || source.skipped.length ? source : null;
}

/** One requirements file's lines, `-r` includes followed within the skill's folder. */
function readRequirementsFile(file: string, dir: string, source: RequirementSource, seen: Set<string>): void {
  const real = realpath(file);
  if (seen.has(real) || seen.size >= MAX_INCLUDES) return;
  seen.add(real);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  for (const raw of text.replace(/\\\r?\n/g, '').split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const include = /^(?:-r|--requirement)(?:\s+|=)(.+)$/.exec(line);
    if (include) {
      const target = path.resolve(path.dirname(file), include[1].trim());
      if (within(dir, target) && isFile(target)) readRequirementsFile(target, dir, source, seen);
      else source.skipped.push({ line, why: 'it includes a file outside the skill\'s folder, or one that does not exist' });
      continue;
    }
    if (/^(?:-e|--editable)\b/.test(line)) {
      source.skipped.push({ line, why: 'an editable install builds code from a folder' });
      continue;
    }
    if (line.startsWith('-')) {
      source.skipped.push({ line, why: 'pip\'s options are taken from its own configuration (pip.conf, PIP_INDEX_URL), not from the skill' });
      continue;
    }
    keep(source, line);
  }
}

function keep(source: RequirementSource, line: string): void {
  const req = parseRequirement(line);
  if (!req) source.skipped.push({ line, why: 'it is not a package name: a path (which would build code from the folder) or a URL alone' });
  else if (req.url && /^file:/i.test(req.url)) source.skipped.push({ line, why: 'a file: URL would build code from a folder' });
  else source.requirements.push(req.text);
}

export type Verdict =
  | { kind: 'ok' }
  /** Its marker says this interpreter does not need it. */
  | { kind: 'not-needed' }
  | { kind: 'missing' }
  | { kind: 'version'; installed: string }
  /** The requirement or its marker cannot be read: said nothing about rather than misread. */
  | { kind: 'unknown' };

/**
 * One requirement against an interpreter: `installed` is the distribution's version there (null when it has none),
 * `found` whether a module of its name is importable anyway (no metadata: put on the path by hand), and
 * `pythonVersion` the interpreter's (`3.11.7`), which markers compare.
 */
export function judgeRequirement(requirement: string, installed: string | null, found: boolean, pythonVersion: string | null): Verdict {
  const req = parseRequirement(requirement);
  if (req?.marker) {
    const holds = pythonVersion ? evaluateMarker(req.marker, markerEnv(pythonVersion)) : null;
    if (holds === false) return { kind: 'not-needed' };
    if (holds === null) return { kind: 'unknown' };
  }
  if (!installed) return found ? { kind: 'ok' } : { kind: 'missing' };
  if (req?.specifier && satisfies(installed, req.specifier, { prereleases: true }) === false) return { kind: 'version', installed };
  return { kind: 'ok' };
}

/** The distribution a requirement names (`aiohttp` in `aiohttp[speedups]>=3.9`), read as pip reads it where it can be. */
export function requirementName(requirement: string): string {
  return parseRequirement(requirement)?.name ?? requirement.trim().split(/[\s<>=!~;[(@]/, 1)[0];
}

function within(dir: string, target: string): boolean {
  const rel = path.relative(realpath(dir), realpath(target));
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
