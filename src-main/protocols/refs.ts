/** Building SkillRefs: ids that stay stable across runs (relative paths), and shared file probes. */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol, SkillRef } from '../contract';

/** The id of a skill: its folder relative to the workspace folder, plus `#name` where a folder holds several. */
export function skillId(root: string, dir: string, name?: string): string {
  let rel = path.relative(root, dir).split(path.sep).join('/');
  if (!rel || rel.startsWith('..')) rel = path.basename(dir);
  else rel = `${path.basename(root)}/${rel}`;
  return name ? `${rel}#${name}` : rel;
}

export function makeRef(fields: Omit<SkillRef, 'id'> & { id?: string; several?: boolean }): SkillRef {
  const { several, ...rest } = fields;
  return { ...rest, id: fields.id ?? skillId(fields.root, fields.dir, several ? fields.name : undefined) };
}

export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

export function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export type { Protocol };
