/**
 * Replaying a recording: start the skill afresh, make every recorded call again (same tool, same
 * arguments, in order), and compare each answer with the recorded one (compare.ts). A recorded chat turn runs
 * again whole in its place, its model answered from the recording (cassette-replay.ts). Setup steps, sessions
 * and ticks are not replayed: the skill's saved state under the home is what it starts from.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Protocol, ReplayCase, ReplayReport, ReplayTurn, SkillRef } from '../contract';
import { REDACTED } from '../contract';
import { SkillError } from '../common/errors';
import type { Redactor } from '../engine/redactor';
import { resolveSkill } from '../protocols/discover';
import { isInside } from '../host/confined-open';
import { refsOf } from '../protocols/mcp';
import { readMcpConfigFile } from '../protocols/mcp';
import { startForCalls } from '../protocols/registry';
import { SkillRuntime } from '../runtime/skill-runtime';
import type { HomeStores } from '../runtime/stores';
import { compareOutcome, type Difference } from './compare';
import { folderHash } from '../runtime/folder-hash';
import { asText } from '../common/values';
import { replayTurn, tapedTurns, unreplayable, type TapedTurn, type TurnReplayOptions } from './cassette-replay';
import { callsOf, readRecording, type CallEntry } from './recording-reader';

export type { ReplayCase, ReplayReport, ReplayTurn };

export interface ReplayOptions {
  /** Replay against this skill (a folder or script) instead of the one the recording names. */
  skillPath?: string;
  /** Or against this skill, already found (the app passes the open skill the recording names). */
  skill?: SkillRef;
  home: string;
  /** The home's shared stores, where the caller has them open (the app). */
  stores?: HomeStores;
  /** The skill's configured environment and a redactor that knows its secrets (the app has both). */
  env?: Record<string, string>;
  redactor?: Redactor;
  timeoutMs?: number;
  /** Told of each case as it completes (the CLI prints as it goes). */
  onCase?: (c: ReplayCase) => void;
  /** Told of each chat turn as it completes. */
  onTurn?: (t: ReplayTurn) => void;
  /** Chat turns ask the model again rather than take its answers from the recording. */
  live?: TurnReplayOptions['live'];
  /** Hands the replay's own runtime to whoever must close it if they close first (the app); returns the release. */
  adopt?: (rt: SkillRuntime) => () => void;
  /**
   * The folders a recording may name its skill in, where no skill is given (the command line's: the folder it runs
   * in). A recording is data anyone can hand over: its header does not choose what runs from elsewhere.
   */
  workspace?: string[];
  /** Told which skill will run, and whether the recording or the caller named it, before it starts. */
  onSkill?: (ref: SkillRef, namedBy: 'recording' | 'caller') => void;
}

export async function replayRecording(file: string, opts: ReplayOptions): Promise<ReplayReport> {
  const rec = readRecording(file);
  const h = rec.header;
  const ref = opts.skill ?? replayTarget(h.skill, opts.skillPath, opts.workspace);
  opts.onSkill?.(ref, opts.skill || opts.skillPath ? 'caller' : 'recording');
  const warnings = [...rec.warnings];
  const now = folderHash(ref.dir);
  const rt = new SkillRuntime(ref, { home: opts.home, stores: opts.stores, restart: { enabled: false }, timeoutMs: opts.timeoutMs, env: opts.env, redactor: opts.redactor });
  const cases: ReplayCase[] = [];
  const turns: ReplayTurn[] = [];
  const onCase = (c: ReplayCase) => {
    cases.push(c);
    opts.onCase?.(c);
  };
  let release: (() => void) | undefined;
  try {
    release = opts.adopt?.(rt);
    await startForCalls(rt, (err) => new SkillError('LAUNCH', `${ref.name} cannot start, so nothing was replayed: ${err.message}`));
    for (const step of stepsOf(callsOf(rec), tapedTurns(rec), warnings)) {
      if ('start' in step) {
        const t = await replayTurn(step, rt, { timeoutMs: opts.timeoutMs, live: opts.live && { secrets: rt.homeStores.secrets, ...opts.live } }, onCase);
        turns.push(t);
        opts.onTurn?.(t);
        continue;
      }
      const call = step;
      if (JSON.stringify(call.args ?? null).includes(REDACTED)) {
        warnings.push(`Call ${call.seq} (${call.tool}) had a secret in its arguments; it was replayed with the placeholder ${REDACTED}.`);
      }
      const replayed = rt.redactor.value(await rt.call(call.tool, call.args, { timeoutMs: opts.timeoutMs }));
      const { match, differences } = compareOutcome(call.outcome, replayed, call.tolerance);
      const c: ReplayCase = { seq: call.seq, tool: call.tool, args: call.args, recorded: call.outcome, replayed, match, differences, durationMs: replayed.durationMs };
      if (call.tolerance) c.tolerance = call.tolerance;
      onCase(c);
    }
  } finally {
    release?.();
    await rt.close();
  }
  const matched = cases.filter((c) => c.match).length;
  return {
    recording: { file: rec.file, name: h.name, startedAt: h.startedAt },
    skill: { id: ref.id, name: ref.name, protocol: ref.protocol, dir: ref.dir, version: rt.info()?.version },
    folderChanged: now !== h.folderHash,
    folderHash: { recorded: h.folderHash, now },
    cases,
    matched,
    mismatched: cases.length - matched,
    ...(turns.length ? { turns } : {}),
    warnings,
  };
}

/** True when a replay found a difference: a call that answered otherwise, or a chat turn that went otherwise. */
export function replayDiffered(r: ReplayReport): boolean {
  return r.mismatched > 0 || (r.turns ?? []).some((t) => !t.match);
}

/**
 * What to replay, in the recorded order: each call, and each chat turn in the place of the calls it made (they
 * are made again as the turn runs). A turn that cannot run again leaves its calls to be replayed one by one.
 */
function stepsOf(calls: CallEntry[], turns: TapedTurn[], warnings: string[]): (CallEntry | TapedTurn)[] {
  const whole: TapedTurn[] = [];
  for (const t of turns) {
    const why = unreplayable(t);
    if (why) warnings.push(why);
    else whole.push(t);
  }
  const inTurns = new Set(whole.flatMap((t) => t.toolCalls.map((c) => c.callId).filter((id): id is string => !!id)));
  const steps: (CallEntry | TapedTurn)[] = [...calls.filter((c) => !inTurns.has(c.callId)), ...whole];
  const seqOf = (s: CallEntry | TapedTurn) => ('start' in s ? s.start.seq : s.seq);
  return steps.sort((a, b) => seqOf(a) - seqOf(b));
}

/**
 * The skill to replay against: the one at `skillPath`, else the recorded folder (which must be inside one of the
 * `workspace` folders, where they are given); where a folder holds several, the recorded name picks.
 */
export function replayTarget(skill: { name: string; protocol: Protocol; dir: string; entry?: string }, skillPath?: string, workspace?: string[]): SkillRef {
  if (!skillPath && workspace) {
    // An MCP server's configuration file names the command that runs: it must be inside too.
    const named = [skill.dir, ...(skill.protocol === 'mcp' && skill.entry ? [skill.entry] : [])];
    if (!named.every((p) => workspace.some((w) => realOrSelf(w) === realOrSelf(p) || isInside(realOrSelf(w), realOrSelf(p))))) {
      throw new SkillError(
        'VALIDATION',
        `The recording names ${skill.name} in ${skill.dir}, outside this folder (${workspace.join(', ')}): replay runs a skill a recording names only from within the folder it is run in. Name the skill to replay against with --skill PATH.`,
      );
    }
  }
  // An MCP server from a configuration file of its own (Claude Desktop's, VS Code's...): that file names it.
  if (!skillPath && skill.protocol === 'mcp' && skill.entry && fs.existsSync(skill.entry)) {
    const found = refsOf(readMcpConfigFile(skill.entry).servers, skill.entry, skill.dir, skill.dir).find((r) => r.name === skill.name);
    if (found) return found;
  }
  if (!skillPath && !fs.existsSync(skill.dir)) {
    throw new SkillError('NOT_FOUND', `The recorded skill's folder ${skill.dir} is gone; name the skill to replay against with --skill PATH.`);
  }
  const target = skillPath ?? skill.dir;
  const protocol = skillPath ? undefined : skill.protocol;
  try {
    return resolveSkill(target, { protocol });
  } catch (err) {
    if (!(err instanceof SkillError) || !/holds \d+ skills/.test(err.message)) throw err;
    return resolveSkill(target, { protocol, skill: skill.name });
  }
}

/** The one-line description of a difference people read: `path: recorded -> replayed (why)`. */
export function describeDifference(d: Difference): string {
  return `${d.path}: ${show(d.recorded)} -> ${show(d.replayed)} (${d.why})`;
}

function show(v: unknown): string {
  if (v === undefined) return '(nothing)';
  const s = JSON.stringify(v) ?? asText(v);
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
