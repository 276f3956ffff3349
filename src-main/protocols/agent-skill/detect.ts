/**
 * Finding Agent Skills without running anything: a folder with SKILL.md is one (the reference validator also
 * accepts skill.md), wherever it is — in `.claude/skills/`, `.agents/skills/`, any `.<client>/skills/`, or any
 * folder the user opened. A folder that looks like a skill but is not one says why (`notAgentSkills`): a file
 * named `Skill.md`, a folder in a skills folder without SKILL.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NotASkill, SkillRef } from '../../contract';
import { isDir, makeRef } from '../refs';
import { fieldText, readSkillMdFile, skillMdOf } from './skill-md';

/** The Agent Skill `dir` is, or [] when it is none. */
export function detectAgentSkillDir(dir: string, root: string): SkillRef[] {
  const md = skillMdOf(dir);
  if (!md) return [];
  const read = readSkillMdFile(md);
  const name = fieldText(read.frontmatter, 'name')?.trim() || path.basename(dir);
  const description = fieldText(read.frontmatter, 'description')?.trim();
  return [makeRef({ name, protocol: 'agent-skill', dir, root, ...(description ? { description } : {}) })];
}

/** SKILL.md named directly is its folder's skill. */
export function detectAgentSkillFile(file: string, root: string): SkillRef[] {
  const base = path.basename(file);
  if (base !== 'SKILL.md' && base !== 'skill.md') return [];
  return detectAgentSkillDir(path.dirname(path.resolve(file)), root);
}

/** Whether `dir` is a skills folder agents read (`.claude/skills`, `.agents/skills`, `.<client>/skills`). */
export function isSkillsRoot(dir: string): boolean {
  return path.basename(dir) === 'skills' && path.basename(path.dirname(dir)).startsWith('.');
}

/**
 * The Agent Skills in the places agents keep them inside a folder another protocol's skill owns (an agent
 * folder with agent.yaml, a `.claude/skills/` of action scripts), which the walk does not enter: its
 * `.<client>/skills/<name>/`, or, for a skills folder itself, `<name>/`. Nothing found there is lost.
 */
export function agentSkillsBelow(dir: string, root: string): SkillRef[] {
  const rootsHere = isSkillsRoot(dir) ? [dir] : hiddenSkillRoots(dir);
  const out: SkillRef[] = [];
  for (const r of rootsHere) for (const child of subfolders(r)) out.push(...detectAgentSkillDir(child, root));
  return out;
}

/** `<dir>/.<client>/skills` folders that exist. */
export function hiddenSkillRoots(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith('.') && n !== '.git')
    .sort()
    .map((n) => path.join(dir, n, 'skills'))
    .filter(isDir);
}

function subfolders(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => path.join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

const SKIP = new Set(['node_modules', '.venv', 'venv', '.git', '__pycache__', '.mypy_cache', '.pytest_cache', 'dist', 'out']);
const MAX_DEPTH = 8;
const MAX_FOLDERS = 10_000;

export interface AgentSkillScan {
  skills: SkillRef[];
  notSkills: NotASkill[];
  /** Set when the walk stopped at its cap. */
  capped?: string;
}

/**
 * Every Agent Skill below `root` and every folder that looks like one but is not, in one bounded walk (the
 * workspace's walk finds the skills too; this one is for what the skills-only views need: near misses and
 * collisions). Hidden folders are entered only where agents keep skills.
 */
export function scanAgentSkills(root: string, maxFolders = MAX_FOLDERS): AgentSkillScan {
  const abs = path.resolve(root);
  const skills: SkillRef[] = [];
  const notSkills: NotASkill[] = [];
  const todo: { dir: string; depth: number }[] = [{ dir: abs, depth: 0 }];
  let folders = 0;
  while (todo.length) {
    if (folders >= maxFolders) return { skills, notSkills, capped: `Stopped after ${maxFolders.toLocaleString('en-US')} folders of ${abs}.` };
    const { dir, depth } = todo.pop()!;
    folders++;
    const found = detectAgentSkillDir(dir, abs);
    if (found.length) {
      skills.push(...found);
      continue;
    }
    const why = notAgentSkill(dir);
    if (why) notSkills.push(why);
    if (depth >= MAX_DEPTH) continue;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => b.name.localeCompare(a.name));
    for (const e of entries) {
      if (!e.isDirectory() || SKIP.has(e.name)) continue;
      if (e.name.startsWith('.') && e.name !== '.claude') {
        const skillsDir = path.join(dir, e.name, 'skills');
        if (isDir(skillsDir)) todo.push({ dir: skillsDir, depth: depth + 2 });
        continue;
      }
      todo.push({ dir: path.join(dir, e.name), depth: depth + 1 });
    }
  }
  skills.sort((a, b) => a.dir.localeCompare(b.dir));
  return { skills, notSkills };
}

/** Why a folder that looks like an Agent Skill is not one, or null when it does not look like one. */
export function notAgentSkill(dir: string): NotASkill | null {
  if (skillMdOf(dir)) return null;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  const lookalike = names.find((n) => /^skills?\.md$/i.test(n) || /^skill\.markdown$/i.test(n));
  if (lookalike) {
    const scripts = isSkillsRoot(dir) && names.some((n) => n.endsWith('.py'));
    return {
      dir,
      file: lookalike,
      reason: `${lookalike} is not SKILL.md: agents look for a file named exactly SKILL.md${scripts ? `; here it documents the action scripts beside it in a skills folder, which agents read as the place for one folder per skill (${path.basename(path.dirname(dir))}/skills/<name>/SKILL.md)` : ''}.`,
      fix: scripts ? 'Nothing to do if it only documents the action scripts. To make an Agent Skill, add <name>/SKILL.md in this folder.' : `Rename ${lookalike} to SKILL.md.`,
    };
  }
  const parent = path.dirname(dir);
  if (isSkillsRoot(parent) && !path.basename(dir).startsWith('.')) {
    const holdsScripts = fs.readdirSync(parent).some((n) => n.endsWith('.py'));
    const docs = names.filter((n) => /\.md$/i.test(n));
    if (docs.length || !holdsScripts) {
      return {
        dir,
        ...(docs[0] ? { file: docs[0] } : {}),
        reason: `${path.basename(dir)} is in a skills folder (${path.basename(path.dirname(parent))}/skills) but has no SKILL.md, so agents skip it${docs.length ? ` (it has ${docs.join(', ')})` : ''}.`,
        fix: 'Add SKILL.md with `name:` and `description:` front matter, or move the folder out of the skills folder.',
      };
    }
  }
  return null;
}
