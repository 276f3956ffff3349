/**
 * One file of an Agent Skill read on demand, as an agent reads a reference when the body leads to it: only a file
 * the skill's own listing holds (no path of the caller's making, no symbolic link: files.ts does not follow them),
 * text only, and no larger than what the disclosure counts. Nothing is run.
 */
import fs from 'node:fs';
import type { AgentSkillFileRead } from '../../contract';
import { MAX_COUNTED_BYTES } from './disclosure';
import { isTextFile, skillFiles } from './files';
import { skillMdOf } from './skill-md';
import { countTokens } from './tokens';

export async function readAgentSkillFile(dir: string, rel: string): Promise<AgentSkillFileRead> {
  const wanted = rel.replace(/\\/g, '/').replace(/^\.\//, '');
  const file = skillFiles(dir, skillMdOf(dir)).files.find((f) => f.rel === wanted);
  if (!file) throw new Error(`${wanted} is not a file of this skill.`);
  const base = { path: file.rel, kind: file.kind, bytes: file.bytes };
  if (!isTextFile(file.abs)) return { ...base, tokens: null, note: 'not text: an agent uses it as a file, not as words in its context' };
  if (file.bytes > MAX_COUNTED_BYTES) return { ...base, tokens: null, note: `over ${MAX_COUNTED_BYTES / 1024} KB: not shown` };
  const text = fs.readFileSync(file.abs, 'utf8');
  return { ...base, text, tokens: await countTokens(text) };
}
