/**
 * The files of an Agent Skill, as an agent can reach them: every file below the skill's folder (SKILL.md
 * included), sorted, with what each is to an agent (a reference it reads, an asset, a script it runs).
 * Bounded: a skill holds few files; a folder with more than MAX_FILES stops being walked and says so.
 * Symbolic links are not followed (a link could lead anywhere on the disk).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSkillFileKind } from '../../contract';

export const MAX_FILES = 2000;
const SKIP = new Set(['.git', 'node_modules', '__pycache__', '.venv', 'venv', '.mypy_cache', '.pytest_cache', '.DS_Store']);

export interface SkillFile {
  /** Relative to the skill's folder, `/` separators. */
  rel: string;
  abs: string;
  bytes: number;
  kind: AgentSkillFileKind;
}

export interface SkillFiles {
  files: SkillFile[];
  /** Every folder below the skill's, relative (empty ones too). */
  dirs: string[];
  /** Set when the walk stopped at MAX_FILES. */
  capped?: string;
}

export function skillFiles(dir: string, skillMd: string | null): SkillFiles {
  const files: SkillFile[] = [];
  const dirs: string[] = [];
  const todo = [''];
  let capped: string | undefined;
  while (todo.length) {
    const rel = todo.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (SKIP.has(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      const abs = path.join(dir, r);
      if (e.isDirectory()) {
        dirs.push(r);
        todo.push(r);
      } else if (e.isFile()) {
        if (files.length >= MAX_FILES) {
          capped = `Only the first ${MAX_FILES} files of ${dir} were looked at.`;
          return { files, dirs, capped };
        }
        let bytes: number;
        try {
          bytes = fs.statSync(abs).size;
        } catch {
          continue;
        }
        files.push({ rel: r, abs, bytes, kind: kindOf(r, !!skillMd && path.resolve(abs) === path.resolve(skillMd)) });
      }
    }
  }
  files.sort((a, b) => (a.kind === 'skill-md' ? -1 : b.kind === 'skill-md' ? 1 : a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, dirs, ...(capped ? { capped } : {}) };
}

/** What a file is to an agent, by where it lies (the specification's `scripts/`, `references/`, `assets/`) and what it is. */
export function kindOf(rel: string, isSkillMd: boolean | null = false): AgentSkillFileKind {
  if (isSkillMd) return 'skill-md';
  const top = rel.split('/')[0];
  if (top === 'scripts') return 'script';
  if (top === 'references' || top === 'reference') return 'reference';
  if (top === 'assets' || top === 'templates') return 'asset';
  if (/(^|\/)(LICEN[CS]E|COPYING|NOTICE)[^/]*$/i.test(rel)) return 'other';
  if (/\.(md|mdx|txt|rst)$/i.test(rel)) return 'reference';
  return 'other';
}

const TEXT_EXT = /\.(md|mdx|txt|rst|py|sh|bash|zsh|js|mjs|cjs|ts|tsx|jsx|json|jsonc|ya?ml|toml|ini|cfg|csv|tsv|xml|xsd|html?|css|scss|sql|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|lua|r|pl|ps1|bat|env|gitignore|svg)$/i;

/** Whether a file is text an agent would read into its context (by its name, then by its first bytes). */
export function isTextFile(abs: string): boolean {
  if (TEXT_EXT.test(abs) || /(^|\/)(LICENSE|README|Makefile|Dockerfile)[^/]*$/i.test(abs)) return true;
  try {
    const fd = fs.openSync(abs, 'r');
    try {
      const buf = Buffer.alloc(1024);
      const n = fs.readSync(fd, buf, 0, 1024, 0);
      const head = buf.subarray(0, n);
      if (head.includes(0)) return false;
      // Valid UTF-8 so far (a character cut at the end of the sample is not an error in stream mode).
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
      return true;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Unreadable, or not UTF-8.
    return false;
  }
}
