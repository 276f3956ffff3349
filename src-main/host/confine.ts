/**
 * Confinement the operating system enforces, for any skill's process ("Confine this skill", `--confine`).
 *
 * Linux: `skillbench_confine.py` applies Landlock (files, TCP, signals) and seccomp (other socket families,
 * io_uring), then execs the skill's command: both survive execve, so a Node MCP server is confined as
 * well as a Python skill. macOS: `sandbox-exec` with a profile written here (not run by the tests, which
 * run on Linux; the profile's text is unit-tested). Elsewhere nothing confines the process, and the
 * header says so. The skill may write only to its data folder and a private temporary folder, read its
 * own folder, the interpreter and the system, and use no network unless allowed; the workbench's home
 * (secrets.json, secret.key, other skills' data) is out of reach.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SpawnSpec } from '../engine/child';
import { pythonResources, systemPython } from './paths';
import { hostEnv } from './host-env';

export const CONFINE_SCRIPT = 'skillbench_confine.py';

export interface ConfineSupport {
  platform: NodeJS.Platform;
  /** 0 where Landlock is missing. */
  landlockAbi: number;
  seccomp: boolean;
  /** "yes", or "no: why" (a cgroup v2 subtree this user may make a group per skill in). */
  cgroup2: string;
}

let support: ConfineSupport | null = null;

/** What this machine can enforce (asked once, of the system Python; the kernel's answer is the same for all). */
export function confineSupport(): ConfineSupport {
  const none: ConfineSupport = { platform: process.platform, landlockAbi: 0, seccomp: false, cgroup2: 'no: not Linux' };
  // SKILLBENCH_CONFINE=off: as on a machine without Landlock (to see, and test, the Python guard alone).
  if (hostEnv().SKILLBENCH_CONFINE === 'off') return { ...none, cgroup2: 'no: confinement turned off (SKILLBENCH_CONFINE=off)' };
  if (support) return support;
  if (process.platform !== 'linux') return (support = { ...none, cgroup2: 'no: not Linux' });
  const run = spawnSync(systemPython(), [path.join(pythonResources(), CONFINE_SCRIPT), '--probe'], { encoding: 'utf8', timeout: 15_000 });
  try {
    const p = JSON.parse(run.stdout) as { landlock_abi?: number; seccomp?: boolean; cgroup2?: string };
    support = { platform: 'linux', landlockAbi: Number(p.landlock_abi) || 0, seccomp: p.seccomp === true, cgroup2: String(p.cgroup2 ?? 'no') };
  } catch {
    support = { ...none, cgroup2: 'no: the probe did not answer' };
  }
  return support;
}

export interface ConfineOptions {
  /** The skill's own folder (read, and run from). */
  skillDir: string;
  /** Its data folder: the one place besides its temporary folder it may write. */
  dataDir: string;
  network: boolean;
}

export interface ConfinePolicy {
  read: string[];
  write: string[];
  exec: string[];
  network: boolean;
  spawn: boolean;
  tmp: string;
}

/** The folders a skill may use; arguments that are existing absolute paths (an SDK root, a script) are readable too. */
export function confinePolicy(spec: SpawnSpec, opts: ConfineOptions, tmp: string): ConfinePolicy {
  const paths = [spec.command, ...spec.args].filter((a) => path.isAbsolute(a) && fs.existsSync(a));
  const command = commandHome(spec.command, spec.env.PATH);
  const read = unique([opts.skillDir, spec.cwd, pythonResources(), ...paths, ...(command ? [command] : []), ...nodeModulesAbove(opts.skillDir)]);
  return { read, write: unique([opts.dataDir]), exec: unique([opts.skillDir, ...(command ? [command] : [])]), network: opts.network, spawn: true, tmp };
}

/**
 * The spec that runs `spec` confined, and a line saying what holds (for the skill's header and log).
 * Where nothing can confine it, the spec is unchanged and the line says that too.
 */
export function confinedSpec(spec: SpawnSpec, opts: ConfineOptions): { spec: SpawnSpec; note: string } {
  const tmp = path.join(os.tmpdir(), `skillbench-${path.basename(path.dirname(opts.dataDir)) || 'skill'}-${process.pid}`);
  const policy = confinePolicy(spec, opts, tmp);
  const env = { ...spec.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp };
  const s = confineSupport();
  // On Linux the launcher runs even where the probe found no Landlock: it then refuses to start the skill.
  if (process.platform === 'linux') {
    const args = [path.join(pythonResources(), CONFINE_SCRIPT), '--policy', JSON.stringify(policy), '--', spec.command, ...spec.args];
    return { spec: { ...spec, command: systemPython(), args, env }, note: confineNote(policy, s) };
  }
  if (process.platform === 'darwin') {
    fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
    const args = ['-p', darwinProfile(policy), spec.command, ...spec.args];
    return { spec: { ...spec, command: '/usr/bin/sandbox-exec', args, env }, note: `confined by sandbox-exec: ${policyWords(policy)}` };
  }
  return { spec, note: `not confined: ${process.platform} has no confinement the workbench can apply; the skill runs with the user's rights` };
}

/** The header's words: what holds for a confined skill on this machine. */
export function confinementWords(network: boolean, s: ConfineSupport): string {
  const what = `writes only to its data folder and a private temporary folder; reads only its own folder, the interpreter and the system; ${network ? 'network allowed' : 'no network'}; the workbench's home out of reach`;
  if (s.platform === 'linux' && s.landlockAbi > 0) return `Confined by Landlock ABI ${s.landlockAbi}${s.seccomp ? ' + seccomp' : ''}: ${what}.`;
  if (s.platform === 'darwin') return `Confined by sandbox-exec: ${what}.`;
  if (s.platform === 'linux') return 'Not confined: this kernel has no Landlock, so the skill is not started while "Confine this skill" is on.';
  return `Not confined: ${s.platform} has no confinement the workbench can apply; the skill runs with the user's rights.`;
}

export function confineNote(p: ConfinePolicy, s: ConfineSupport): string {
  if (s.landlockAbi <= 0) return 'no Landlock was found: the confine launcher will refuse to start the skill unless the kernel has it';
  const how = `Landlock ABI ${s.landlockAbi}${s.seccomp ? ' + seccomp' : ''}`;
  const tcpOnly = !p.network && !s.seccomp ? ' (TCP only: no seccomp filter on this machine)' : '';
  return `confined by ${how}: ${policyWords(p)}${tcpOnly}`;
}

function policyWords(p: ConfinePolicy): string {
  return [
    `writes only to ${p.write.join(', ')} and a private temporary folder`,
    `reads only the skill's folder, the interpreter and the system`,
    p.network ? 'network allowed' : 'no network',
    "no access to the workbench's home",
  ].join('; ');
}

/** A Seatbelt (sandbox-exec) profile: deny by default, then what the policy allows. */
export function darwinProfile(p: ConfinePolicy): string {
  const q = (s: string) => JSON.stringify(s);
  const sub = (dirs: string[]) => dirs.map((d) => ` (subpath ${q(d)})`).join('');
  const system = ['/usr', '/bin', '/sbin', '/System', '/Library', '/opt/homebrew', '/usr/local', '/private/etc', '/dev', '/private/var/db/dyld'];
  const lines = [
    '(version 1)',
    '(deny default)',
    '(allow process-fork)',
    '(allow signal (target self))',
    '(allow sysctl-read)',
    '(allow mach-lookup)',
    '(allow ipc-posix-shm)',
    `(allow file-read-metadata)`,
    `(allow file-read*${sub([...system, ...p.read, ...p.write, p.tmp])})`,
    `(allow file-write*${sub([...p.write, p.tmp])} (literal "/dev/null"))`,
    `(allow process-exec${sub([...system, ...p.exec])})`,
  ];
  if (p.network) lines.push('(allow network*)');
  return `${lines.join('\n')}\n`;
}

/** The folder a command's program lives under (/opt/node24 for /opt/node24/bin/node), to read its own files. */
function commandHome(command: string, pathEnv?: string): string | undefined {
  let file = command;
  if (!path.isAbsolute(command)) {
    const dir = (pathEnv ?? hostEnv().PATH ?? '').split(path.delimiter).find((d) => d && fs.existsSync(path.join(d, command)));
    if (!dir) return undefined;
    file = path.join(dir, command);
  }
  try {
    const real = fs.realpathSync(file);
    const parent = path.dirname(real);
    // /opt/node24/bin/node -> /opt/node24; a version manager's shim (pyenv's ~/.pyenv/shims) -> the manager's folder.
    return ['bin', 'shims'].includes(path.basename(parent)) ? path.dirname(parent) : parent;
  } catch {
    return undefined;
  }
}

/**
 * Node resolves packages from node_modules in every folder above the script's, and reads each package.json
 * above it for the package's scope (failing on a refusal): those are the skill's code too.
 */
function nodeModulesAbove(dir: string): string[] {
  const out: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    for (const name of ['node_modules', 'package.json']) if (fs.existsSync(path.join(d, name))) out.push(path.join(d, name));
    if (path.dirname(d) === d) return out;
  }
}

function unique(xs: string[]): string[] {
  return [...new Set(xs.filter(Boolean))];
}
