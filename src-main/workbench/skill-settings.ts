/** Per-skill settings, kept in the skill's folder under the workbench's home (never in the skill's own folder). */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillSettings, SkillSettingsUpdate } from '../contract';
import { writeFileAtomicSync } from '../host/atomic-write';
import type { SecretStore } from '../host/secret-store';
import { PRIVATE, PRIVATE_DIR } from '../host/workbench-home';

export const DEFAULT_SETTINGS: SkillSettings = { env: {}, secretEnv: [], hotReload: true, debug: false };
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readSettings(skillDir: string): SkillSettings {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(skillDir, 'settings.json'), 'utf8')) as Partial<SkillSettings>;
    return { ...DEFAULT_SETTINGS, ...raw, env: { ...(raw.env ?? {}) }, secretEnv: [...(raw.secretEnv ?? [])] };
  } catch {
    return { ...DEFAULT_SETTINGS, env: {}, secretEnv: [] };
  }
}

export function writeSettings(skillDir: string, skillId: string, update: SkillSettingsUpdate, secrets: SecretStore): SkillSettings {
  const { secretValues, ...rest } = update;
  const next: SkillSettings = { ...readSettings(skillDir), ...rest };
  if (next.timeoutMs !== undefined && !(Number.isFinite(next.timeoutMs) && next.timeoutMs > 0)) throw new Error('The timeout must be a positive number of milliseconds.');
  if (next.maxLineBytes !== undefined && !(Number.isInteger(next.maxLineBytes) && next.maxLineBytes >= 1024)) throw new Error('The line limit must be at least 1024 bytes.');
  for (const name of [...Object.keys(next.env), ...next.secretEnv]) {
    if (!ENV_NAME.test(name)) throw new Error(`"${name}" is not a valid environment variable name: use letters, digits and _, not starting with a digit.`);
  }
  for (const [name, value] of Object.entries(secretValues ?? {})) {
    if (!next.secretEnv.includes(name)) next.secretEnv.push(name);
    secrets.set(skillId, `env.${name}`, value);
  }
  // A variable is either plain or secret, never both: the secret wins.
  for (const name of next.secretEnv) delete next.env[name];
  fs.mkdirSync(skillDir, { recursive: true, mode: PRIVATE_DIR });
  writeFileAtomicSync(path.join(skillDir, 'settings.json'), JSON.stringify(next, null, 2) + '\n', PRIVATE);
  return next;
}

/** The environment a skill's processes get from its settings: plain values plus decrypted secrets. */
export function settingsEnv(settings: SkillSettings, skillId: string, secrets: SecretStore): Record<string, string> {
  const env = { ...settings.env };
  for (const name of settings.secretEnv) {
    const v = secrets.get(skillId, `env.${name}`);
    if (v !== undefined) env[name] = v;
  }
  if (settings.debug) env.SKILL_DEBUG = '1';
  return env;
}
