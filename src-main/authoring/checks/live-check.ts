/**
 * The doctor's one live step: start the skill the way the workbench does (a SkillRuntime with the skill's
 * settings, so its environment is the one it will have; no restarts),
 * read the tools it lists, look at its first setup step, and stop it. A skill that does not start, or
 * not in time, is a finding, never a crash of the doctor.
 */
import path from 'node:path';
import type { SkillInfo, SkillRef } from '../../contract';
import { sdkRootOf } from '../../protocols/skilldef';
import { SkillRuntime } from '../../runtime/skill-runtime';
import { Findings } from './findings';
import { checkSetupStep } from './setup-checks';
import { cliCommand } from '../../host/cli-command';

export interface LiveOptions {
  home: string;
  timeoutMs: number;
}

export interface LiveResult {
  info: SkillInfo | null;
  /** The skill's stderr while it started (redacted), for SDK warnings. */
  stderr: string[];
}

export async function liveCheck(ref: SkillRef, f: Findings, opts: LiveOptions): Promise<LiveResult> {
  let rt: SkillRuntime;
  try {
    rt = SkillRuntime.withSettings(ref, opts.home, { restart: { enabled: false }, timeoutMs: opts.timeoutMs });
  } catch (err) {
    f.error('LIVE_START_FAILED', `The workbench could not prepare the skill: ${(err as Error).message}`, 'Fix the problem named above, then run the doctor again.');
    return { info: null, stderr: [] };
  }
  const started = performance.now();
  try {
    const info = await within(rt.start(), opts.timeoutMs, `did not finish starting within ${secs(opts.timeoutMs)}`);
    const ms = Math.round(performance.now() - started);
    // The tools its SDK puts on every skill are counted apart: a skill with none of its own still has those.
    const own = info.tools.filter((t) => t.origin !== 'sdk');
    const sdk = info.tools.length - own.length;
    const fromSdk = sdk ? `, and the ${sdk} its SDK lists on every skill` : '';
    f.info('LIVE_STARTED', `Started it: ${own.length} tool${own.length === 1 ? '' : 's'}${sdk ? ' of its own' : ''} listed in ${ms} ms${own.length ? ` (${own.map((t) => t.name).join(', ')})` : ''}${fromSdk}.`);
    if (!own.length) f.warning('NO_TOOLS', `The skill started but lists no tools${sdk ? ' of its own' : ''}.`, 'Declare at least one tool, or check that the tool list is built before the host asks for it.');
    const setup = rt.adapter.setup;
    if (info.capabilities.setup && setup) {
      try {
        const step = await within(setup.start(), opts.timeoutMs, `did not answer setup/start within ${secs(opts.timeoutMs)}`);
        checkSetupStep(step, f);
        f.info('SETUP_CHECKED', `Setup wizard: its first step, "${step?.title ?? step?.id}", has ${step?.fields?.length ?? 0} field${step?.fields?.length === 1 ? '' : 's'}; later steps need answers and were not seen.`);
        await setup.cancel().catch(() => undefined);
      } catch (err) {
        f.error('SETUP_START_FAILED', `The skill has a setup wizard, but setup/start failed: ${(err as Error).message}`, 'Give the skill on_setup_start/on_setup_submit/on_setup_cancel hooks (has_setup=True), or set "setup": {"required": false} in manifest.json.');
      }
    }
    await settle();
    return { info, stderr: rt.logs.tail('stderr', 200) };
  } catch (err) {
    await settle();
    const tail = rt.logs.tail('stderr', 6).filter((l) => l.trim());
    const said = tail.length ? ` Its last lines on stderr:\n${tail.map((l) => `    ${l}`).join('\n')}` : '';
    const timedOut = err instanceof LiveTimeout;
    if (!timedOut && repoSdkBehind(ref, (err as Error).message, f)) return { info: null, stderr: rt.logs.tail('stderr', 200) };
    const why = (err as Error).message;
    // A start failure already says "<name> did not start: …" (engine/last-words.ts): not said twice.
    const sentence = timedOut ? `It ${why}` : / did not start: /.test(why) ? why : `It did not start: ${why}`;
    f.error(timedOut ? 'LIVE_TIMEOUT' : 'LIVE_START_FAILED', `${sentence.replace(/\.*$/, '.')}${said}`, timedOut
      ? 'Answer the first request promptly: do slow work (network, large files) later, in a tool or a tick. --timeout gives it longer.'
      : `Run it with "${cliCommand('inspect', ref.dir)}" or by hand to see the whole error, fix it, and run the doctor again.`);
    return { info: null, stderr: rt.logs.tail('stderr', 200) };
  } finally {
    await rt.close().catch(() => undefined);
  }
}

/**
 * A skill in a repository that imports from `dev` a name its repository's own SDK lacks: the SDK is older
 * than the skill (alphahumanxyz/skills at 1c3082a: `run_skill_server`). The SDK's validator imports only
 * skill.py and lets it pass, and the real host now provides the SDK: a warning, with the way out.
 */
function repoSdkBehind(ref: SkillRef, message: string, f: Findings): boolean {
  const m = /cannot import name '(\w+)' from '(dev(?:\.\w+)*)'/.exec(message);
  const root = sdkRootOf(ref.dir);
  if (!m || !root) return false;
  f.warning(
    'REPO_SDK_BEHIND',
    `The skill imports ${m[1]} from ${m[2]}, which its repository's own SDK (${path.join(root, 'dev')}) does not have: that SDK is older than the skill, so it did not start there.`,
    `Update the repository's dev/ folder, or run a copy of the skill outside the repository: the workbench's bundled SDK has ${m[1]}.`,
  );
  return true;
}

class LiveTimeout extends Error {}

/** `p`, or a LiveTimeout after `ms`; a late rejection of `p` is swallowed (the runtime is closed anyway). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  p.catch(() => undefined);
  let timer: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LiveTimeout(what)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** stderr and stdout are separate pipes: give the last stderr bytes a moment to arrive in the log. */
function settle(): Promise<void> {
  return new Promise((r) => setTimeout(r, 60));
}

function secs(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
