/**
 * What a namel3ss tool's sandbox enforces, and how, said before it runs (the inspector's label) and
 * done to its environment: under `no_env_read` the tool gets no variable of the skill's (settings,
 * secrets, binding env) and none of the user's; under `secrets_allowed = [...]` only the listed names
 * of the skill's settings and secrets (all of which may be secrets) reach it. The rest of the
 * enforcement is the runner's (namel3ss_isolate.py): Landlock and seccomp where the kernel has them,
 * else namel3ss's Python-level guard alone ("guarded, not isolated").
 */
import { confineSupport, type ConfineSupport } from '../../host/confine';
import type { Guarantees } from './capabilities';

export const GUARDED = 'guarded, not isolated';

/** The variables a tool may see, and whether it gets the bare minimum (no safe defaults such as HOME). */
export function toolEnv(g: Guarantees, skillEnv: Record<string, string>, bindingEnv: Record<string, string> = {}): { env: Record<string, string>; bare: boolean } {
  if (g.values.no_env_read) return { env: {}, bare: true };
  if (g.secretsAllowed === undefined) return { env: { ...skillEnv, ...bindingEnv }, bare: false };
  const allowed = new Set(g.secretsAllowed);
  const env: Record<string, string> = { ...bindingEnv };
  for (const [k, v] of Object.entries(skillEnv)) if (allowed.has(k)) env[k] = v;
  return { env, bare: false };
}

/** The inspector's words for a sandboxed tool: each guarantee with what enforces it here. */
export function sandboxLabel(g: Guarantees, support: ConfineSupport = confineSupport()): string {
  const v = g.values;
  const secrets = v.no_env_read ? 'no environment variables (withheld)' : g.secretsAllowed ? `secrets only ${JSON.stringify(g.secretsAllowed)} (withheld)` : '';
  if (support.landlockAbi <= 0) {
    const wanted = [v.no_network && 'no network', v.no_filesystem_write && 'no file writes', v.no_filesystem_read && 'no file reads', v.no_subprocess && 'no subprocesses', secrets]
      .filter(Boolean)
      .join(', ');
    return `sandbox: ${GUARDED}${wanted ? ` (${wanted}: refused by a Python-level guard)` : ' (no guarantees)'}`;
  }
  const net = support.seccomp ? 'Landlock+seccomp' : support.landlockAbi >= 4 ? 'Landlock, TCP only' : 'Python guard only';
  const parts = [
    v.no_network && `no network (${net})`,
    v.no_filesystem_write ? 'no file writes (Landlock)' : 'no writes outside its workspace and a private temporary folder (Landlock)',
    v.no_filesystem_read ? 'reads only the interpreter, system libraries and the app\'s code (Landlock)' : 'reads only the app, the interpreter and the system (Landlock)',
    v.no_subprocess && `no subprocesses (${support.seccomp ? 'Landlock+seccomp' : 'Landlock'})`,
    secrets,
    v.no_env_write && 'no environment writes (Python guard)',
  ].filter(Boolean);
  return `sandbox: ${parts.join(', ')}`;
}

/** The node runner's words: its guard is JavaScript's, as namel3ss's node runner's is; nothing is isolated. */
export function nodeGuardLabel(g: Guarantees): string {
  const v = g.values;
  const wanted = [v.no_network && 'no network', v.no_filesystem_write && 'no file writes', v.no_filesystem_read && 'no file reads', v.no_subprocess && 'no subprocesses', v.no_env_read && 'no environment reads', v.no_env_write && 'no environment writes', g.secretsAllowed && `secrets only ${JSON.stringify(g.secretsAllowed)}`]
    .filter(Boolean)
    .join(', ');
  return `guard: ${GUARDED}${wanted ? ` (${wanted}: refused in JavaScript)` : ' (no guarantees)'}`;
}
