/**
 * What one unit (units.ts) came to, in one shape for every kind: what a shard writes to its blob, what a
 * merge reads back, and what the JUnit file and the HTML report are made from. Small on purpose (cases as
 * JUnit wants them, no recorded answers): a shard keeps only these, so its memory does not grow with what the
 * skills answered.
 */
import type { RequestResult, RunReport } from '../contract';
import type { JUnitCase, JUnitSuite } from './junit';
import { describeDifference, replayDiffered, type ReplayReport } from './replay';
import type { Unit, UnitKind } from './units';

export type UnitStatus = 'pass' | 'fail' | 'error';

export interface UnitResult {
  id: string;
  kind: UnitKind;
  /** The JUnit suite it belongs to: its recording, or its collection (`split` when each request is a unit). */
  suite: { key: string; name: string; split: boolean };
  status: UnitStatus;
  /** The unit's wall time, the skill's start included (what shard balancing weighs). */
  durationMs: number;
  cases: JUnitCase[];
  /** Why it could not run (a skill that does not start, a recording that is not one). */
  error?: string;
  skill?: { name: string; dir: string };
  /** The shard that ran it (`i/n`), where the run was sharded. */
  shard?: string;
  /** The recording's own notes (its skill folder changed, say). */
  notes?: string[];
}

/** JUnit property names a later `--shard-by-timing` reads back (junit-timings.ts). */
export const PROP = { suite: 'skillbench.suite', split: 'skillbench.split', shard: 'skillbench.shard' } as const;

function suiteOfUnit(u: Unit): UnitResult['suite'] {
  if (u.kind === 'recording') return { key: u.id, name: u.id, split: false };
  const split = u.kind === 'request' || u.kind === 'eval';
  const key = split ? u.id.slice(0, u.id.lastIndexOf('#')) : u.id;
  return { key, name: key, split };
}

export function replayResult(u: Unit, r: ReplayReport, durationMs: number): UnitResult {
  // Numbered as the app numbers them (call 1, 2, …), not by their records' places in the file.
  const cases = r.cases.map((c, i) => {
    const jc: JUnitCase = { name: `#${i + 1} ${c.tool}`, classname: r.skill.name, seconds: c.durationMs / 1000 };
    if (!c.match) {
      const lines = c.differences.map(describeDifference);
      jc.failure = { message: lines[0] ?? 'the answer differs', details: lines.join('\n') };
    }
    return jc;
  });
  for (const [i, t] of (r.turns ?? []).entries()) {
    const jc: JUnitCase = { name: `chat turn ${i + 1}: ${t.message}`, classname: r.skill.name, seconds: t.durationMs / 1000 };
    if (!t.match) {
      const lines = [...t.differences.map(describeDifference), ...t.requests.flatMap((q) => q.differences.map((d) => `model request ${q.exchange}: ${describeDifference(d)}`))];
      jc.failure = { message: lines[0] ?? 'the turn went otherwise', details: lines.join('\n') };
    }
    cases.push(jc);
  }
  const notes = [...r.warnings];
  if (r.folderChanged) notes.push(`The skill's folder changed since the recording (${r.folderHash.recorded} -> ${r.folderHash.now}).`);
  const out: UnitResult = { id: u.id, kind: u.kind, suite: suiteOfUnit(u), status: replayDiffered(r) ? 'fail' : 'pass', durationMs, cases, skill: { name: r.skill.name, dir: r.skill.dir } };
  if (notes.length) out.notes = notes;
  return out;
}

export function requestCase(res: RequestResult, skillName: string): JUnitCase {
  const c: JUnitCase = { name: res.name, classname: skillName, seconds: res.durationMs / 1000 };
  const failed = res.assertions.filter((a) => !a.pass).map((a) => a.message);
  if (failed.length) c.failure = { message: failed[0], details: failed.join('\n') };
  return c;
}

/** The results of one collection's run: one per request, or one for the whole where it is one unit. */
export function collectionResults(units: Unit[], r: RunReport, durationMs: number): UnitResult[] {
  const skill = { name: r.skill.name, dir: r.skill.dir };
  const name = r.env ? `${r.collection.name} (${r.env})` : r.collection.name;
  const cases = r.results.map((res) => requestCase(res, r.skill.name));
  if (units.length === 1 && units[0].kind === 'collection') {
    const u = units[0];
    return [{ id: u.id, kind: u.kind, suite: { ...suiteOfUnit(u), name }, status: r.failed ? 'fail' : 'pass', durationMs, cases, skill }];
  }
  // The skill's start is shared: each request carries its own time plus an even part of the rest.
  const own = r.results.reduce((a, res) => a + res.durationMs, 0);
  const share = r.results.length ? Math.max(0, durationMs - own) / r.results.length : 0;
  const byName = new Map(r.results.map((res, i) => [res.name, { res, c: cases[i] }]));
  return units.map((u) => {
    const got = u.kind === 'request' ? byName.get(u.request) : undefined;
    if (!got) return errorResult(u, 'the collection ran without this request (it was renamed or removed while the run started)');
    return { id: u.id, kind: u.kind, suite: { ...suiteOfUnit(u), name }, status: got.res.pass ? 'pass' : 'fail', durationMs: Math.round(got.res.durationMs + share), cases: [got.c], skill };
  });
}

export function errorResult(u: Unit, message: string, durationMs = 0, suiteName?: string): UnitResult {
  const suite = suiteOfUnit(u);
  const name = u.kind === 'request' ? u.request : u.kind === 'eval' ? u.case : u.kind === 'recording' ? 'replay' : 'run';
  return { id: u.id, kind: u.kind, suite: { ...suite, name: suiteName ?? suite.name }, status: 'error', durationMs, error: message, cases: [{ name, seconds: durationMs / 1000, error: { message } }] };
}

/** JUnit suites from results: one per recording or collection, in the order first seen. */
export function suitesOf(results: Iterable<UnitResult>): JUnitSuite[] {
  const suites = new Map<string, JUnitSuite & { shards: Set<string>; ms: number }>();
  for (const r of results) {
    let s = suites.get(r.suite.key);
    if (!s) {
      s = { name: r.suite.name, cases: [], shards: new Set(), ms: 0, properties: { [PROP.suite]: r.suite.key } };
      if (r.suite.split) s.properties![PROP.split] = 'request';
      suites.set(r.suite.key, s);
    }
    s.cases.push(...r.cases);
    s.ms += r.durationMs;
    if (r.shard) s.shards.add(r.shard);
  }
  return [...suites.values()].map(({ shards, ms, ...s }) => {
    if (shards.size) s.properties![PROP.shard] = [...shards].join(', ');
    return { ...s, seconds: ms / 1000 };
  });
}

export interface Tally {
  units: number;
  passed: number;
  failed: number;
  errors: number;
  cases: number;
  failedCases: number;
}

export function tally(results: Iterable<UnitResult>): Tally {
  const t: Tally = { units: 0, passed: 0, failed: 0, errors: 0, cases: 0, failedCases: 0 };
  for (const r of results) addTo(t, r);
  return t;
}

export function addTo(t: Tally, r: UnitResult): void {
  t.units++;
  if (r.status === 'pass') t.passed++;
  else if (r.status === 'fail') t.failed++;
  else t.errors++;
  t.cases += r.cases.length;
  t.failedCases += r.cases.filter((c) => c.failure || c.error).length;
}
