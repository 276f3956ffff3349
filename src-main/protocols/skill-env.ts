/**
 * The environment a skill's processes get: an explicit one, not the user's whole environment (tokens
 * included). As the MCP SDK's `getDefaultEnvironment()` does, a short list of harmless variables the
 * platform needs (where the home is, the PATH, the user, the language, the terminal, the temporary
 * folder) is passed on; then the names the skill's manifest lists; then the skill's own settings and
 * secrets. A skill whose settings say "inherit everything" gets the whole environment instead, which its
 * settings pass in as its own values (see runtime/skill-settings.ts `settingsEnv`), so replays and
 * collection runs follow the same setting without knowing of it.
 *
 * Beyond the SDK's list: LANG, LANGUAGE and LC_* (Python decodes text by them), TMPDIR / TMP (Python's
 * tempfile looks there) and TZ (times shown in the user's zone). VIRTUAL_ENV is not passed on: the
 * launch runs a skill's own `.venv` interpreter by its path, which needs no activation, and the user's
 * shell may have some other environment active.
 *
 * The way out to the network is passed on too: the proxy variables and the CA bundles a company network adds.
 * Without them `npx some-server` behind such a network cannot fetch its package and waits for minutes, and a
 * skill cannot reach the API its key is for. A proxy address may hold the user's proxy login; it is passed on
 * as curl, pip and npm themselves take it from the environment.
 */

import { hostEnv } from '../host/host-env';

const POSIX = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'LANGUAGE', 'TMPDIR', 'TZ'];
const WINDOWS = [
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PROCESSOR_ARCHITECTURE',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
  'PROGRAMFILES',
];
/** How this machine reaches the network: proxies and extra certificate authorities, on every platform. */
const NETWORK = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
];
/** Locale categories (LC_ALL, LC_CTYPE, …), passed on where the platform has them. */
const LOCALE = /^LC_[A-Z_]+$/;

/** What the workbench sets itself for every Python skill: output unbuffered and in UTF-8. */
export const PYTHON_IO: Record<string, string> = { PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' };

/** The safe variables' names on a platform (the locale categories aside). */
export function safeNames(platform: NodeJS.Platform = process.platform): readonly string[] {
  return [...(platform === 'win32' ? WINDOWS : POSIX), ...NETWORK];
}

/** True when a variable of this name reaches every skill on some platform (the doctor asks about any platform). */
export function isSafeName(name: string): boolean {
  return POSIX.includes(name) || WINDOWS.includes(name) || NETWORK.includes(name) || LOCALE.test(name);
}

/** The safe variables as this process has them. Values that start with "()" are shell functions: never passed. */
export function defaultEnvironment(source: NodeJS.ProcessEnv = hostEnv(), platform: NodeJS.Platform = process.platform): Record<string, string> {
  const env: Record<string, string> = {};
  const take = (name: string) => {
    const v = source[name];
    if (v !== undefined && !v.startsWith('()')) env[name] = v;
  };
  for (const name of safeNames(platform)) take(name);
  if (platform !== 'win32') for (const name of Object.keys(source)) if (LOCALE.test(name)) take(name);
  return env;
}

export interface SkillEnvOptions {
  /** Names the skill's manifest lists: passed on from the workbench's environment where set there. */
  listed?: readonly string[];
  /** The skill's own values (its settings and secrets, and what its manifest sets): over everything else. */
  own?: Record<string, string>;
  /** Where the listed and safe variables come from (this process's environment). */
  source?: NodeJS.ProcessEnv;
}

/** The whole environment of a skill's process (Python's I/O variables included). */
export function skillEnvironment(opts: SkillEnvOptions = {}): NodeJS.ProcessEnv {
  const source = opts.source ?? hostEnv();
  const env: NodeJS.ProcessEnv = defaultEnvironment(source);
  for (const name of opts.listed ?? []) {
    const v = source[name];
    if (v !== undefined) env[name] = v;
  }
  return { ...env, ...(opts.own ?? {}), ...PYTHON_IO };
}

/** The defaults alone, for our own short Python programs that read a skill's files without running them. */
export function toolEnvironment(): NodeJS.ProcessEnv {
  return { ...defaultEnvironment(), ...PYTHON_IO };
}
