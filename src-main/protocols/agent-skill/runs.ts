/**
 * The warning before a script of an Agent Skill first runs. A script does whatever it was written to do, with
 * the user's rights (confined only where confinement is on), so the first run of each script, and the first run
 * after it changed, is preceded by a warning. What ran is kept in the skill's folder of the workbench's home:
 * each script's path and the SHA-256 of its content at the time.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SkillRef } from '../../contract';
import { readJsonFile, writeFileAtomicSync } from '../../host/atomic-write';
import { skillFolder } from '../../host/workbench-home';

const FILE = 'agent-skill-runs.json';

function digestOf(file: string): string | null {
  try {
    return `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
  } catch {
    return null;
  }
}

function runsFile(home: string, ref: SkillRef): string {
  return path.join(skillFolder(home, ref.id), FILE);
}

function ran(home: string, ref: SkillRef): Record<string, string> {
  return readJsonFile<Record<string, string>>(runsFile(home, ref), {}, { check: (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'not an object') });
}

/** The warning to give before `script` (relative to the skill) runs, or null when it ran before as it is now. */
export function firstRunWarning(home: string, ref: SkillRef, script: string): string | null {
  const digest = digestOf(path.join(ref.dir, script));
  if (digest && ran(home, ref)[script] === digest) return null;
  const changed = ran(home, ref)[script] !== undefined;
  return `${changed ? `${script} changed since it last ran` : `${script} has not been run from the workbench before`}: it runs with your user's rights, in ${ref.dir}, and does whatever it was written to do. Read it first if you do not know it.`;
}

/** Remembers that `script` ran as it is now. */
export function rememberRun(home: string, ref: SkillRef, script: string): void {
  const digest = digestOf(path.join(ref.dir, script));
  if (!digest) return;
  const all = ran(home, ref);
  all[script] = digest;
  const file = runsFile(home, ref);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomicSync(file, `${JSON.stringify(all, null, 2)}\n`);
}
