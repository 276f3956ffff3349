/**
 * Which agent hosts are here: installed into the workbench's home by `hosts add` (`<home>/hosts/<id>@<version>/`,
 * several versions side by side), or on PATH. Finding one runs nothing: an install's version is its package.json's,
 * a PATH command's is read from the package it links into (or a version in its real path, as Claude Code's native
 * installer lays out `versions/2.1.332`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentHostInfo } from '../contract';
import { HOST_KINDS, type HostKind } from './host-kinds';

/** A host found (or not): the contract's shape, as the app's list shows it. */
export type FoundHost = AgentHostInfo;

export function hostsDir(home: string): string {
  return path.join(home, 'hosts');
}

/** The folder `hosts add` installs `id@version` into. */
export function installDir(home: string, id: string, version: string): string {
  return path.join(hostsDir(home), `${id}@${version}`);
}

/** Every host: each installed version (newest first), then the one on PATH; a host found nowhere gets one row saying so. */
export function findHosts(home: string, env: NodeJS.ProcessEnv): FoundHost[] {
  return HOST_KINDS.flatMap((kind) => {
    const rows = [...installedVersions(home, kind), ...onPath(kind, env)];
    return rows.length ? rows : [{ id: kind.id, version: null, path: null, source: null, found: false, proxied: kind.proxied, note: kind.note }];
  });
}

/**
 * The host `spec` names (`claude-code`, `claude-code@2.1.332`): that installed version, else (no version asked)
 * the newest installed, else the one on PATH. Throws a sentence saying how to get it where there is none.
 */
export function pickHost(home: string, env: NodeJS.ProcessEnv, kind: HostKind, version?: string): FoundHost {
  const found = [...installedVersions(home, kind), ...onPath(kind, env)];
  const pick = version && version !== 'latest' ? found.find((h) => h.version === version) : found[0];
  if (pick) return pick;
  const spec = version ? `${kind.id}@${version}` : kind.id;
  throw new Error(`${spec} is not installed: run "skillbench hosts add ${spec}" (or put ${kind.bin} on PATH).`);
}

function installedVersions(home: string, kind: HostKind): FoundHost[] {
  let names: string[];
  try {
    names = fs.readdirSync(hostsDir(home)).filter((n) => n.startsWith(`${kind.id}@`));
  } catch {
    return [];
  }
  const rows: FoundHost[] = [];
  for (const name of names) {
    const modules = path.join(hostsDir(home), name, 'node_modules');
    const version = packageVersion(path.join(modules, kind.npmPackage, 'package.json'));
    const bin = kind.installedBins(process.platform, process.arch).map((b) => path.join(modules, b)).find(isFile);
    if (!version || !bin) continue;
    rows.push({ id: kind.id, version, path: bin, source: 'home', found: true, proxied: kind.proxied, note: kind.note });
  }
  return rows.sort((a, b) => compareVersions(b.version!, a.version!));
}

function onPath(kind: HostKind, env: NodeJS.ProcessEnv): FoundHost[] {
  const names = process.platform === 'win32' ? [`${kind.bin}.cmd`, `${kind.bin}.exe`] : [kind.bin];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (!isFile(file)) continue;
      return [{ id: kind.id, version: versionOfCommand(file, kind), path: file, source: 'path', found: true, proxied: kind.proxied, note: kind.note }];
    }
  }
  return [];
}

/** The version of a command on PATH, without running it: the npm package it links into, or a version in its real path. */
function versionOfCommand(file: string, kind: HostKind): string | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  for (let dir = path.dirname(real), i = 0; i < 6; dir = path.dirname(dir), i++) {
    const pkg = path.join(dir, 'package.json');
    if (isFile(pkg) && readJson(pkg)?.name === kind.npmPackage) return packageVersion(pkg);
  }
  return /(?:^|[/\\@-])(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)(?:[/\\]|$)/.exec(real)?.[1] ?? null;
}

function packageVersion(file: string): string | null {
  const v = readJson(file)?.version;
  return typeof v === 'string' ? v : null;
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Numeric dotted versions in order (2.1.10 after 2.1.9); anything else by text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map(Number);
  const pb = b.split(/[.+-]/).map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (Number.isNaN(x) || Number.isNaN(y)) return a.localeCompare(b);
    if (x !== y) return x - y;
  }
  return 0;
}
