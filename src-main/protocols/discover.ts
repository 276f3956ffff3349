/**
 * Finding skills: below a folder (recursively, skipping dependency and VCS folders), or at one path the
 * user named (a skill folder, an agent folder, a namel3ss app, or a script). Nothing is run here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol, SkillRef } from '../contract';
import { SkillError } from '../common/errors';
import { isDir } from './refs';
import { protocolModule, protocolModules } from './registry';

const SKIP = new Set(['node_modules', '.venv', 'venv', '.git', '__pycache__', '.mypy_cache', '.pytest_cache', 'dist', 'out']);
const MAX_DEPTH = 8;

export interface DiscoverOptions {
  protocol?: Protocol;
}

/** The skills a single folder is, without looking below it. */
export function detectDir(dir: string, root: string, opts: DiscoverOptions = {}): SkillRef[] {
  const mods = opts.protocol ? [protocolModule(opts.protocol)] : protocolModules();
  // A protocol found beside others (Agent Skills) is tried after them, and alone only when asked for by name.
  const beside = mods.length > 1 ? mods.filter((m) => m.alongside) : [];
  let found: SkillRef[] = [];
  for (const m of mods) {
    if (beside.includes(m)) continue;
    found = m.detect(dir, root);
    if (found.length) break;
  }
  for (const m of beside) {
    const { except, exceptFiles = [] } = m.alongside!;
    if (found.some((r) => except.includes(r.protocol)) || exceptFiles.some((f) => fs.existsSync(path.join(dir, f)))) continue;
    found = [...found, ...m.detect(dir, root)];
  }
  return found;
}

/**
 * A walk stops after this many folders: a folder of skills holds far fewer, and a folder such as /usr or a
 * home folder would otherwise be walked whole (tens of thousands of folders) each time the list is made.
 */
export const MAX_FOLDERS = 10_000;
/** The walk made while a workbench opens, before anyone waits on it: short, the rest follows beside the app. */
export const OPENING_FOLDERS = 2_000;
/**
 * A walk also stops after this long, whatever it has walked: a folder such as `/` on a busy machine took 14 s to
 * reach the folder cap, and whoever added it waited as long for an answer.
 */
export const WALK_BUDGET_MS = 2_000;
/** The opening walk runs in one go, before the app answers anything: it holds the event loop this long at most. */
export const OPENING_BUDGET_MS = 300;
/** Kernel file systems: never skill folders, and /proc alone holds a folder per process. */
const PSEUDO = new Set(['/proc', '/sys', '/dev']);
/** The walk that runs beside the app gives the event loop back after this much work. */
const SLICE_MS = 8;

export interface Discovery {
  skills: SkillRef[];
  /** Folders looked into. */
  folders: number;
  /** Set when the walk stopped at its cap: the sentence that says so. */
  capped?: string;
}

/** Every skill under `root`, in a stable order (at most MAX_FOLDERS folders are looked into). */
export function discover(root: string, opts: DiscoverOptions = {}): SkillRef[] {
  return discoverSync(root, opts).skills;
}

export interface WalkLimits {
  /** Folders looked into at most (MAX_FOLDERS unless given). */
  maxFolders?: number;
  /** Milliseconds of walking at most (none unless given). */
  budgetMs?: number;
}

/** The walk in one go: for the command line and for a workbench opening, before anyone waits on it. */
export function discoverSync(root: string, opts: DiscoverOptions & WalkLimits = {}): Discovery {
  const walk = new Walk(path.resolve(root), opts, opts);
  while (walk.step());
  return walk.result();
}

/** The same walk in slices of a few milliseconds, so a large folder never holds up the app. */
export async function discoverAsync(root: string, opts: DiscoverOptions & WalkLimits & { stopped?: () => boolean } = {}): Promise<Discovery> {
  const walk = new Walk(path.resolve(root), opts, opts);
  for (;;) {
    // Whoever asked has gone (a workbench closing): the walk ends with what it found.
    if (opts.stopped?.()) return walk.result();
    const until = performance.now() + SLICE_MS;
    let more: boolean;
    while ((more = walk.step()) && performance.now() < until);
    if (!more) return walk.result();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A depth-first walk one folder at a time, in the order a recursive walk of sorted names takes. */
class Walk {
  private readonly todo: { dir: string; depth: number }[];
  private readonly skills: SkillRef[] = [];
  private folders = 0;
  private readonly cap: number;
  private readonly started = performance.now();
  private readonly deadline: number;
  private outOfTime = false;

  constructor(
    private readonly root: string,
    private readonly opts: DiscoverOptions,
    limits: WalkLimits,
  ) {
    this.todo = [{ dir: root, depth: 0 }];
    this.cap = limits.maxFolders ?? MAX_FOLDERS;
    this.deadline = limits.budgetMs === undefined ? Infinity : this.started + limits.budgetMs;
  }

  /** Looks into the next folder; false once there is nothing left, or a cap (folders or time) is reached. */
  step(): boolean {
    if (this.folders >= this.cap) return false;
    if (this.todo.length && performance.now() >= this.deadline) {
      this.outOfTime = true;
      return false;
    }
    const next = this.todo.pop();
    if (!next) return false;
    this.folders++;
    const { dir, depth } = next;
    const here = detectDir(dir, this.root, this.opts);
    let skip: Set<string> | null = null;
    if (here.length) {
      this.skills.push(...here);
      // Most skills own their whole folder; a protocol whose apps nest (namel3ss) says so.
      const m = protocolModule(here[0].protocol);
      if (!m.walkInside) {
        // Skills another protocol keeps in fixed places inside this one's folder (Agent Skills in its .claude/skills/).
        for (const b of protocolModules()) if (!this.opts.protocol || b.protocol === this.opts.protocol) this.skills.push(...(b.detectBelow?.(dir, this.root) ?? []));
        return true;
      }
      skip = new Set(m.ownFolders ?? []);
    }
    if (depth >= MAX_DEPTH) return true;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => b.name.localeCompare(a.name));
    for (const e of entries) {
      if (!e.isDirectory() || SKIP.has(e.name) || skip?.has(e.name) || (depth === 0 && dir === '/' && PSEUDO.has(`/${e.name}`))) continue;
      // Hidden folders hold no skills, except `.claude` (action skills and Agent Skills) and the `skills/` folder
      // of any other (`.agents/skills`, `.cursor/skills`, …), where agents keep Agent Skills.
      if (e.name.startsWith('.') && e.name !== '.claude') {
        const skills = path.join(dir, e.name, 'skills');
        if (isDir(skills)) this.todo.push({ dir: skills, depth: depth + 2 });
        continue;
      }
      this.todo.push({ dir: path.join(dir, e.name), depth: depth + 1 });
    }
    return true;
  }

  result(): Discovery {
    const out: Discovery = { skills: this.skills, folders: this.folders };
    const rest = 'skills further in are not listed. Open the folder that holds your skills instead.';
    if (this.todo.length && this.folders >= this.cap) {
      out.capped = `Stopped looking for skills in ${this.root} after ${this.cap.toLocaleString('en-US')} folders; ${rest}`;
    } else if (this.outOfTime) {
      const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
      out.capped = `Stopped looking for skills in ${this.root} after ${seconds} s (${this.folders.toLocaleString('en-US')} folders); ${rest}`;
    }
    return out;
  }
}

/**
 * The one skill a user named: `target` may be a skill folder, a folder holding several (then `skill`
 * picks one by name or id), or a script.
 */
export function resolveSkill(target: string, opts: DiscoverOptions & { skill?: string } = {}): SkillRef {
  const abs = path.resolve(target);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new SkillError('NOT_FOUND', `No such file or folder: ${target}`);
  }
  let found: SkillRef[];
  if (stat.isFile()) {
    found = [];
    const mods = opts.protocol ? [protocolModule(opts.protocol)] : protocolModules();
    for (const m of mods) {
      found = m.detectFile?.(abs, path.dirname(abs)) ?? [];
      if (found.length) break;
    }
    if (!found.length) found = detectDir(path.dirname(abs), path.dirname(abs), opts).filter((r) => !r.entry || r.entry === abs);
  } else {
    found = detectDir(abs, path.dirname(abs), opts);
    if (!found.length) found = discover(abs, opts);
  }
  if (!found.length) {
    throw new SkillError(
      'NOT_FOUND',
      `No skill found at ${target}. A skill is a folder with manifest.json (runtime "subprocess") or skill.py, an agent folder with agent.yaml, a namel3ss app with .ai files, an action script, or a folder with SKILL.md (an Agent Skill).`,
    );
  }
  if (opts.skill) {
    const want = opts.skill;
    const named = (refs: SkillRef[]) => refs.filter((r) => r.name === want || r.id === want || r.id.endsWith(`#${want}`) || r.id.endsWith(`/${want}`));
    let match = named(found);
    // A folder that is a skill itself may hold others below it: --skill finds what `list` shows there.
    if (match.length === 0 && stat.isDirectory()) {
      const below = discover(abs, opts);
      match = named(below);
      if (match.length !== 1) found = below.length ? below : found;
    }
    if (match.length === 1) return match[0];
    if (match.length > 1) throw new SkillError('NOT_FOUND', `${match.length} skills under ${target} are named "${want}" (${match.map((r) => r.id).join(', ')}): give one's id, or the path of its folder.`);
    throw new SkillError('NOT_FOUND', `No skill named "${want}" at ${target}. Found: ${found.map((r) => r.name).join(', ')}.`);
  }
  if (found.length > 1) {
    throw new SkillError('NOT_FOUND', `${target} holds ${found.length} skills (${found.map((r) => r.name).join(', ')}): pick one with --skill NAME.`);
  }
  return found[0];
}
