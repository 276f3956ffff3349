/** Per-skill settings, kept in the skill's folder under the workbench's home (never in the skill's own folder). */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_HISTORY, type HistoryRetention, type SkillSettings, type SkillSettingsUpdate } from '../contract';
import { writeFileAtomicSync } from '../host/atomic-write';
import type { SecretStore } from '../host/secret-store';
import { PRIVATE, PRIVATE_DIR } from '../host/workbench-home';
import { hostEnv } from '../host/host-env';
import { parseSettingsUpdate } from './settings-update';

export const DEFAULT_SETTINGS: SkillSettings = { env: {}, secretEnv: [], args: [], hotReload: true, debug: false };
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readSettings(skillDir: string): SkillSettings {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(skillDir, 'settings.json'), 'utf8')) as Partial<SkillSettings>;
    const args = Array.isArray(raw.args) ? raw.args.filter((a): a is string => typeof a === 'string') : [];
    const settings: SkillSettings = { ...DEFAULT_SETTINGS, ...raw, env: { ...(raw.env ?? {}) }, secretEnv: [...(raw.secretEnv ?? [])], args, history: historyOf(raw.history) };
    // Only a saved true inherits: anything else in the file is the default, off.
    if (raw.inheritEnv === true) settings.inheritEnv = true;
    else delete settings.inheritEnv;
    if (raw.hostParity === true) settings.hostParity = true;
    else delete settings.hostParity;
    if (raw.confine === true) settings.confine = true;
    else delete settings.confine;
    if (raw.confineNetwork === true) settings.confineNetwork = true;
    else delete settings.confineNetwork;
    if (typeof raw.hostProfile !== 'string' || !raw.hostProfile) delete settings.hostProfile;
    return settings;
  } catch {
    return { ...DEFAULT_SETTINGS, env: {}, secretEnv: [], args: [], history: { ...DEFAULT_HISTORY } };
  }
}

/** Saved limits, each replaced by its default when missing or not a positive number. */
function historyOf(raw: Partial<HistoryRetention> | undefined): HistoryRetention {
  const pos = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);
  return { maxMb: pos(raw?.maxMb, DEFAULT_HISTORY.maxMb), maxDays: pos(raw?.maxDays, DEFAULT_HISTORY.maxDays) };
}

export function writeSettings(skillDir: string, skillId: string, update: SkillSettingsUpdate, secrets: SecretStore): SkillSettings {
  const { secretValues, ...rest } = parseSettingsUpdate(update);
  const before = readSettings(skillDir);
  const next: SkillSettings = { ...before, ...rest, env: { ...(rest.env ?? before.env) }, secretEnv: [...(rest.secretEnv ?? before.secretEnv)] };
  if (!Array.isArray(next.args) || next.args.some((a) => typeof a !== 'string')) throw new Error('The arguments must be a list of texts.');
  if (next.args.some((a) => a.includes('\0'))) throw new Error('An argument cannot contain a NUL character.');
  for (const [name, value] of Object.entries(next.env)) {
    if (typeof value !== 'string') throw new Error(`The value of ${name} must be text.`);
  }
  if (next.inheritEnv !== undefined && typeof next.inheritEnv !== 'boolean') throw new Error('"Inherit the whole environment" must be on or off (true or false).');
  if (next.hostParity !== undefined && typeof next.hostParity !== 'boolean') throw new Error('"Behave as the real host" must be on or off (true or false).');
  for (const key of ['confine', 'confineNetwork'] as const) {
    if (next[key] !== undefined && typeof next[key] !== 'boolean') throw new Error('"Confine this skill" must be on or off (true or false).');
  }
  if (next.timeoutMs !== undefined && !(Number.isFinite(next.timeoutMs) && next.timeoutMs > 0)) throw new Error('The timeout must be a positive number of milliseconds.');
  if (next.maxLineBytes !== undefined && !(Number.isInteger(next.maxLineBytes) && next.maxLineBytes >= 1024)) throw new Error('The line limit must be at least 1024 bytes.');
  if (rest.history !== undefined) {
    const h = rest.history as Partial<HistoryRetention> | null;
    const ok = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;
    if (!h || !ok(h.maxMb) || !ok(h.maxDays)) throw new Error('The history limits must be a positive number of MB and of days.');
    next.history = { maxMb: h.maxMb!, maxDays: h.maxDays! };
  }
  for (const name of [...Object.keys(next.env), ...next.secretEnv, ...Object.keys(secretValues ?? {})]) {
    if (!ENV_NAME.test(name)) throw new Error(`"${name}" is not a valid environment variable name: use letters, digits and _, not starting with a digit.`);
  }
  for (const [name, value] of Object.entries(secretValues ?? {})) {
    if (typeof value !== 'string' || !value) throw new Error(`Give the secret ${name} a value, or remove it.`);
  }
  for (const [name, value] of Object.entries(secretValues ?? {})) {
    if (!next.secretEnv.includes(name)) next.secretEnv.push(name);
    secrets.set(skillId, `env.${name}`, value);
  }
  next.secretEnv = [...new Set(next.secretEnv)];
  // A variable is either plain or secret, never both: the secret wins.
  for (const name of next.secretEnv) delete next.env[name];
  // A secret variable taken off the list takes its value out of the store with it.
  for (const name of before.secretEnv) if (!next.secretEnv.includes(name)) secrets.delete(skillId, `env.${name}`);
  // "" is "as the workbench": nothing kept.
  if (!next.hostProfile) delete next.hostProfile;
  fs.mkdirSync(skillDir, { recursive: true, mode: PRIVATE_DIR });
  writeFileAtomicSync(path.join(skillDir, 'settings.json'), JSON.stringify(next, null, 2) + '\n', PRIVATE);
  return next;
}

/**
 * The environment a skill's processes get from its settings: plain values plus decrypted secrets, over the
 * workbench's whole environment when the skill inherits it (protocols/skill-env.ts adds the safe defaults
 * and the names its manifest lists). Whoever runs the skill (the runtime, a replay, a collection run) passes
 * this on, so they all follow the setting.
 */
export function settingsEnv(settings: SkillSettings, skillId: string, secrets: SecretStore, source: NodeJS.ProcessEnv = hostEnv()): Record<string, string> {
  const env: Record<string, string> = settings.inheritEnv ? definedOf(source) : {};
  Object.assign(env, settings.env);
  for (const name of settings.secretEnv) {
    const v = secrets.get(skillId, `env.${name}`);
    if (v !== undefined) env[name] = v;
  }
  if (settings.debug) env.SKILL_DEBUG = '1';
  return env;
}

/** The names a skill's settings give its environment, and whether it inherits the rest (for the doctor). */
export function settingsEnvNames(skillDir: string): { own: string[]; inherit: boolean } {
  const s = readSettings(skillDir);
  return { own: [...Object.keys(s.env), ...s.secretEnv, ...(s.debug ? ['SKILL_DEBUG'] : [])], inherit: s.inheritEnv === true };
}

function definedOf(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined) out[name] = value;
  return out;
}

/**
 * True when an update changed only what the runtime reads afresh (environment, arguments: at its next launch)
 * or the hot-reload switch; the rest (timeout, line limit, debug) is fixed when a runtime is made.
 */
export function keepsRuntime(before: SkillSettings, after: SkillSettings): boolean {
  const fixed = (s: SkillSettings) => JSON.stringify([s.timeoutMs, s.maxLineBytes, s.debug]);
  return fixed(before) === fixed(after);
}
