/**
 * Replaying a recording: start the skill afresh, make every recorded call again (same tool, same
 * arguments, in order), and compare each answer with the recorded one (compare.ts). Setup steps, sessions
 * and ticks are not replayed: the skill's saved state under the home is what it starts from.
 */
import fs from 'node:fs';
import type { Protocol, ReplayCase, ReplayReport, SkillRef } from '../contract';
import { REDACTED } from '../contract';
import { SkillError } from '../common/errors';
import type { Redactor } from '../engine/redactor';
import { resolveSkill } from '../protocols/discover';
import { refsOf } from '../protocols/mcp';
import { readMcpConfigFile } from '../protocols/mcp';
import { startForCalls } from '../protocols/registry';
import { SkillRuntime } from '../runtime/skill-runtime';
import type { HomeStores } from '../runtime/stores';
import { compareOutcome, type Difference } from './compare';
import { folderHash } from '../runtime/folder-hash';
import { asText } from '../common/values';
import { callsOf, readRecording } from './recording-reader';

export type { ReplayCase, ReplayReport };

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
  /** Hands the replay's own runtime to whoever must close it if they close first (the app); returns the release. */
  adopt?: (rt: SkillRuntime) => () => void;
}

export async function replayRecording(file: string, opts: ReplayOptions): Promise<ReplayReport> {
  const rec = readRecording(file);
  const h = rec.header;
  const ref = opts.skill ?? replayTarget(h.skill, opts.skillPath);
  const warnings = [...rec.warnings];
  const now = folderHash(ref.dir);
  const rt = new SkillRuntime(ref, { home: opts.home, stores: opts.stores, restart: { enabled: false }, timeoutMs: opts.timeoutMs, env: opts.env, redactor: opts.redactor });
  const cases: ReplayCase[] = [];
  let release: (() => void) | undefined;
  try {
    release = opts.adopt?.(rt);
    await startForCalls(rt, (err) => new SkillError('LAUNCH', `${ref.name} cannot start, so nothing was replayed: ${err.message}`));
    for (const call of callsOf(rec)) {
      if (JSON.stringify(call.args ?? null).includes(REDACTED)) {
        warnings.push(`Call ${call.seq} (${call.tool}) had a secret in its arguments; it was replayed with the placeholder ${REDACTED}.`);
      }
      const replayed = rt.redactor.value(await rt.call(call.tool, call.args, { timeoutMs: opts.timeoutMs }));
      const { match, differences } = compareOutcome(call.outcome, replayed, call.tolerance);
      const c: ReplayCase = { seq: call.seq, tool: call.tool, args: call.args, recorded: call.outcome, replayed, match, differences, durationMs: replayed.durationMs };
      if (call.tolerance) c.tolerance = call.tolerance;
      cases.push(c);
      opts.onCase?.(c);
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
    warnings,
  };
}

/** The skill to replay against: the one at `skillPath`, else the recorded folder; where a folder holds several, the recorded name picks. */
export function replayTarget(skill: { name: string; protocol: Protocol; dir: string; entry?: string }, skillPath?: string): SkillRef {
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
