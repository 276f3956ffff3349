/**
 * `skillbench hosts add <id>[@version]`: the host's npm package, pinned to one version, installed into
 * `<home>/hosts/<id>@<version>/` with npm itself. Install scripts are not run (`--ignore-scripts`): the workbench
 * runs the platform binary the package ships (host-kinds.ts), so nothing a package would run at install time is
 * needed. The install goes into a temporary folder beside the target and is renamed into place once whole, so a
 * stopped install never leaves a half-installed version that `hosts` would list.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runOneShot } from '../engine/one-shot';
import { findHosts, hostsDir, installDir, type FoundHost } from './host-find';
import type { HostKind } from './host-kinds';

/** npm resolves a version in seconds; an install of Claude Code (about 230 MB) may take minutes on a slow line. */
const VIEW_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 15 * 60_000;

export interface InstallResult {
  host: FoundHost;
  /** False where that version was installed already. */
  installed: boolean;
}

export interface InstallOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  /** What npm is doing, a line at a time (for a person waiting). */
  onProgress?: (line: string) => void;
}

export async function installHost(kind: HostKind, asked: string | undefined, opts: InstallOptions): Promise<InstallResult> {
  // An exact version installed already needs no registry (offline, a CI cache).
  const have = asked && findHosts(opts.home, opts.env).find((h) => h.id === kind.id && h.source === 'home' && h.version === asked);
  if (have) return { host: have, installed: false };
  const version = await resolveVersion(kind, asked ?? 'latest', opts.env);
  const dir = installDir(opts.home, kind.id, version);
  const already = findHosts(opts.home, opts.env).find((h) => h.id === kind.id && h.source === 'home' && h.version === version);
  if (already) return { host: already, installed: false };
  fs.mkdirSync(hostsDir(opts.home), { recursive: true });
  const tmp = path.join(hostsDir(opts.home), `.${kind.id}@${version}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(tmp);
  try {
    opts.onProgress?.(`Installing ${kind.npmPackage}@${version} into ${dir}…`);
    const r = await npm(['install', '--prefix', tmp, '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', `${kind.npmPackage}@${version}`], tmp, opts.env, INSTALL_TIMEOUT_MS);
    if (r.code !== 0) throw new Error(`npm could not install ${kind.npmPackage}@${version}: ${lastWords(r.stderr) || `it exited with ${r.code}`}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const host = findHosts(opts.home, opts.env).find((h) => h.id === kind.id && h.source === 'home' && h.version === version);
  if (!host) throw new Error(`${kind.npmPackage}@${version} was installed into ${dir}, but holds no ${kind.bin} for ${process.platform}-${process.arch}.`);
  return { host, installed: true };
}

/** `latest`, a range or an exact version, as npm resolves it: one exact version. */
async function resolveVersion(kind: HostKind, spec: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await npm(['view', `${kind.npmPackage}@${spec}`, 'version', '--json'], process.cwd(), env, VIEW_TIMEOUT_MS);
  if (r.code !== 0) throw new Error(`npm could not find ${kind.npmPackage}@${spec}: ${lastWords(r.stderr) || `it exited with ${r.code}`}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.stdout) as unknown;
  } catch {
    parsed = r.stdout.trim();
  }
  // A range matching several versions lists them all, oldest first.
  const v: unknown = Array.isArray(parsed) ? (parsed as unknown[]).at(-1) : parsed;
  if (typeof v !== 'string' || !v) throw new Error(`npm knows no version ${spec} of ${kind.npmPackage}.`);
  return v;
}

async function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  const r = await runOneShot({
    spec: { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args, cwd, env: { ...env, npm_config_update_notifier: 'false' } },
    input: '',
    timeoutMs,
    maxStdoutBytes: 4 * 1024 * 1024,
  });
  if (r.spawnError) throw new Error(`npm could not be started (${r.spawnError.message}): hosts are installed with npm, which must be on PATH.`);
  if (r.timedOut) throw new Error(`npm did not finish within ${Math.round(timeoutMs / 1000)} s.`);
  return r;
}

/** The last few meaningful lines npm printed to stderr. */
function lastWords(stderr: string): string {
  return stderr.split('\n').map((l) => l.trim()).filter((l) => l && !/^npm (warn|notice)/i.test(l)).slice(-3).join(' ');
}
