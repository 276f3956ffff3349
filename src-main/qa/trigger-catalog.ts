/**
 * The catalog a trigger eval asks against: every Agent Skill in the folders given, as an agent puts it in its
 * prompt (the `<available_skills>` block, agent-skill/catalog.ts), and the catalogs a comparison needs: without
 * one skill, or with its old version (a folder copy, or its SKILL.md at a git ref). Skills whose front matter says
 * `disable-model-invocation: true` are left out, as Claude Code leaves them out of what the model sees.
 * Reading SKILL.md files (and `git show` of one) runs nothing of the skills.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TriggerCatalogSkill, TriggerVariant } from '../contract';
import { readSkillMd, readSkillMdFile, scanAgentSkills, skillMdOf } from '../protocols/agent-skill';
import { EvalSuiteError } from './eval-suite';
import type { CompareAgainst } from './trigger-suite';

/** A skill of the catalog with what the run needs beside what the model is shown. */
export interface CatalogEntry extends TriggerCatalogSkill {
  /** The skill it counts as: its own name, except for an old version named otherwise. */
  skill: string;
  dir: string;
  /** Its SKILL.md's body, as activation delivers it. */
  body: string;
}

export interface Catalog {
  variant: TriggerVariant['id'];
  label: string;
  entries: CatalogEntry[];
}

/** Every Agent Skill below the folders given, in the order found, each folder once. */
export function workspaceCatalog(folders: string[]): Catalog {
  const seen = new Set<string>();
  const entries: CatalogEntry[] = [];
  for (const folder of folders) {
    for (const ref of scanAgentSkills(folder).skills) {
      const dir = path.resolve(ref.dir);
      if (seen.has(dir)) continue;
      seen.add(dir);
      const location = skillMdOf(dir);
      if (location) entries.push(entryOf(readSkillMdFile(location), dir, location));
    }
  }
  return { variant: 'workspace', label: 'the workspace', entries };
}

/** The catalog of the skills found elsewhere (the app's workspace), from their folders. */
export function catalogOfDirs(dirs: string[]): Catalog {
  const entries: CatalogEntry[] = [];
  for (const dir of [...new Set(dirs.map((d) => path.resolve(d)))]) {
    const location = skillMdOf(dir);
    if (location) entries.push(entryOf(readSkillMdFile(location), dir, location));
  }
  return { variant: 'workspace', label: 'the workspace', entries };
}

function entryOf(read: ReturnType<typeof readSkillMd>, dir: string, location: string, countsAs?: string): CatalogEntry {
  const fm = read.frontmatter;
  const name = (typeof fm?.name === 'string' && fm.name.trim()) || path.basename(dir);
  const description = typeof fm?.description === 'string' ? fm.description.trim() : '';
  const hidden = fm?.['disable-model-invocation'] === true ? 'disable-model-invocation: true (agents do not offer it to the model)' : undefined;
  return { name, description, location, skill: countsAs ?? name, dir, body: read.body, ...(hidden ? { hidden } : {}) };
}

/** What the model is shown: the entries not hidden. */
export const shown = (c: Catalog): CatalogEntry[] => c.entries.filter((e) => !e.hidden);

/** The names the figures count in, once each, in the catalog's order. */
export const skillNames = (c: Catalog): string[] => [...new Set(shown(c).map((e) => e.skill))];

/** The catalog to compare the workspace's with: without `skill`, or with its old version in its place. */
export function comparedCatalog(base: Catalog, skill: string, against: CompareAgainst): Catalog {
  const mine = base.entries.filter((e) => e.skill === skill);
  if (!mine.length) throw new EvalSuiteError(`compare names the skill "${skill}", which is not in the catalog (${base.entries.map((e) => e.name).join(', ') || 'no skills'}).`);
  if (against.kind === 'without') return { variant: 'without', label: `without ${skill}`, entries: base.entries.filter((e) => e.skill !== skill) };
  const at = mine[0];
  let old: CatalogEntry;
  if (against.kind === 'folder') {
    const location = skillMdOf(against.dir);
    if (!location) throw new EvalSuiteError(`compare.against: ${against.dir} has no SKILL.md, so it is no version of ${skill}.`);
    old = entryOf(readSkillMdFile(location), against.dir, location, skill);
  } else {
    old = entryOf(readSkillMd(gitShow(at.location, against.ref), at.location), at.dir, at.location, skill);
  }
  const label = against.kind === 'folder' ? `${skill} from ${against.dir}` : `${skill} at ${against.ref}`;
  return { variant: 'old', label, entries: base.entries.map((e) => (e === at ? old : e)).filter((e) => e === old || e.skill !== skill) };
}

/** A file's text at a git ref (`git show <ref>:./SKILL.md`, run in its folder). */
function gitShow(file: string, ref: string): string {
  try {
    return execFileSync('git', ['-C', path.dirname(file), 'show', `${ref}:./${path.basename(file)}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 8 * 1024 * 1024, timeout: 15_000 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new EvalSuiteError('compare.against names a git ref, but git is not installed here.');
    const said = String(e.stderr ?? e.message).trim().split('\n')[0];
    throw new EvalSuiteError(`compare.against: git cannot show ${path.basename(file)} of ${path.dirname(file)} at ${ref} (${said}).`);
  }
}

export function variantOf(c: Catalog): TriggerVariant {
  return { id: c.variant, label: c.label, skills: c.entries.map((e) => ({ name: e.name, description: e.description, location: e.location, ...(e.hidden ? { hidden: e.hidden } : {}) })) };
}
