/**
 * What a virtual environment has installed, read from its folders. Nothing in it is run: its `bin/python` is a
 * file of the skill's folder (or its repository's), and a static check that ran it would run whatever a pull
 * request put there. The metadata folders (`<name>-<version>.dist-info`, `.egg-info`) give each distribution
 * and its version; the top-level entries give the modules a bare `import` finds.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface VenvPackages {
  /** The interpreter the environment belongs to, as a path (never run). */
  python: string;
  /** Its Python version from `pyvenv.cfg`, or null where the file does not say. */
  version: string | null;
  /** Distribution name (normalised, PEP 503) → installed version. */
  dists: Map<string, string>;
  /** Top-level modules and packages. */
  modules: Set<string>;
}

/** PEP 503: case and runs of `-`, `_` and `.` do not tell names apart. */
export function normaliseDistName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** `<venv>/bin/python` (or `Scripts\python.exe`) → the environment's site-packages folders. */
function sitePackages(venvRoot: string): string[] {
  const found: string[] = [];
  const winSite = path.join(venvRoot, 'Lib', 'site-packages');
  if (isDir(winSite)) found.push(winSite);
  for (const lib of ['lib', 'lib64']) {
    for (const name of list(path.join(venvRoot, lib))) {
      const site = path.join(venvRoot, lib, name, 'site-packages');
      if (name.startsWith('python') && isDir(site) && !found.includes(fs.realpathSync(site))) found.push(fs.realpathSync(site));
    }
  }
  return found;
}

/** The environment an interpreter path belongs to, read without running it; null where it is no venv. */
export function readVenv(python: string): VenvPackages | null {
  const root = path.dirname(path.dirname(python));
  const cfg = path.join(root, 'pyvenv.cfg');
  if (!fs.existsSync(cfg)) return null;
  const version = /^\s*version(?:_info)?\s*=\s*(\d+\.\d+(?:\.\d+)?)/m.exec(read(cfg))?.[1] ?? null;
  const dists = new Map<string, string>();
  const modules = new Set<string>();
  for (const site of sitePackages(root)) {
    for (const entry of list(site)) {
      const meta = /^(.+?)-([^-]+?)(?:-py\d[^-]*)?\.(?:dist-info|egg-info)$/.exec(entry);
      if (meta) dists.set(normaliseDistName(meta[1]), meta[2]);
      else if (!entry.includes('.') || /\.py$|\.(?:so|pyd)$/.test(entry)) modules.add(entry.split('.')[0]);
    }
  }
  return { python, version, dists, modules };
}

function list(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function read(p: string): string {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}
