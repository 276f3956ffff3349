/**
 * The layout of the workbench's home folder, in one place:
 *
 *   <home>/secrets.json               encrypted secrets of every skill (0600)
 *   <home>/secret.key                 the local AES key, when no OS keychain is used (0600)
 *   <home>/entities.json              the shared entity graph (entities and relationships)
 *   <home>/logs/                      log files
 *   <home>/skills/<slug>-<hash>/      one folder per skill (`skillFolder`):
 *       state.json                    its persisted state (secrets as {"$secret": key})
 *       data/                         its data files (secrets as {{skillbench:secret:key}})
 *       logs/, messages/, timeline.jsonl   written by SkillRuntime
 *
 * Only its owner may read the home (it holds logs, message histories, state, entities and secrets): its
 * folders are made 700 and its files 600 (PRIVATE_DIR, PRIVATE_FILE), whatever the umask; see home-folder.ts.
 *
 * Skill ids are paths relative to a workspace and may hold "/", "#", "..", or characters a file system
 * refuses, so a skill's folder is a readable slug plus a hash of the exact id: never a separator, never
 * a leading dot, never a Windows device name, and two ids that slug alike still get two folders.
 */
import crypto from 'node:crypto';
import path from 'node:path';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;
/** For writeFileAtomic and friends: a file of the home. */
export const PRIVATE = { mode: PRIVATE_FILE } as const;

export interface HomeLayout {
  home: string;
  skillsDir: string;
  logsDir: string;
  entitiesFile: string;
  secretsFile: string;
  secretKeyFile: string;
}

export function homeLayout(home: string): HomeLayout {
  const h = path.resolve(home);
  return {
    home: h,
    skillsDir: path.join(h, 'skills'),
    logsDir: path.join(h, 'logs'),
    entitiesFile: path.join(h, 'entities.json'),
    secretsFile: path.join(h, 'secrets.json'),
    secretKeyFile: path.join(h, 'secret.key'),
  };
}

/** A folder name for a skill id: only [A-Za-z0-9_-], at most 40 + 1 + 12 characters. */
export function safeSkillName(skillId: string): string {
  const slug =
    skillId
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 40)
      .replace(/[-_]+$/, '') || 'skill';
  const hash = crypto.createHash('sha256').update(skillId, 'utf8').digest('hex').slice(0, 12);
  return `${slug}-${hash}`;
}

export function safeSkillDir(home: string, skillId: string): string {
  return path.join(homeLayout(home).skillsDir, safeSkillName(skillId));
}

/** The name SkillRuntime uses for the same folder. */
export const skillFolder = safeSkillDir;

export interface SkillPaths {
  dir: string;
  stateFile: string;
  dataDir: string;
}

export function skillPaths(home: string, skillId: string): SkillPaths {
  const dir = safeSkillDir(home, skillId);
  return { dir, stateFile: path.join(dir, 'state.json'), dataDir: path.join(dir, 'data') };
}
