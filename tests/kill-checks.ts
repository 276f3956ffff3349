/**
 * What tests/hostile-kills.test.ts checks after each kill, one function per file kind. Each check compares
 * what is on disk with what the writer said it began and acknowledged in the run just killed, and with
 * what the same home held after the previous kill (its floor), then makes what it found the next floor:
 * a version once found on disk must never be lost later, acknowledged or not.
 * A check throws a plain-words Error at the first thing that did not hold; it returns how many files it read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tempWriterPid } from '../src-main/host/atomic-write';
import { EntityStore } from '../src-main/host/entity-store';
import { SecretStore } from '../src-main/host/secret-store';
import { homeLayout, skillFolder, skillPaths } from '../src-main/host/workbench-home';
import { readRecording } from '../src-main/qa/recording-reader';
import { callVersion, entityKey, entityVersion, noteText, RECORDING, secretKey, secretValue, SKILL_ID, stateVersion, timelineText } from './fixtures/kill-writer/versions';

export const KINDS = ['state', 'entity', 'secret', 'recording', 'history', 'timeline'] as const;
export type Kind = (typeof KINDS)[number];

/** What one writer said before it died: per kind, every version it began, and the highest it acknowledged. */
export class RunLog {
  readonly begun: Record<Kind, number[]> = { state: [], entity: [], secret: [], recording: [], history: [], timeline: [] };
  readonly acked: Record<Kind, number | undefined> = { state: undefined, entity: undefined, secret: undefined, recording: undefined, history: undefined, timeline: undefined };
  readonly logs: string[] = [];
  ready = false;

  /** Takes one stdout line of the writer; returns the kind when it is a "begin". */
  take(line: string): Kind | null {
    if (line === 'ready') this.ready = true;
    else if (line.startsWith('log ')) this.logs.push(line.slice(4));
    const [word, kind, a, b] = line.split(' ') as [string, Kind, string, string | undefined];
    if (word === 'begin') {
      for (let n = Number(a); n <= Number(b ?? a); n++) this.begun[kind].push(n);
      return kind;
    }
    if (word === 'ack') this.acked[kind] = Number(a);
    return null;
  }

  lastBegun(kind: Kind): number | undefined {
    return this.begun[kind].at(-1);
  }

  /** A write of `kind` was under way when the writer died. */
  inFlight(kind: Kind): boolean {
    const b = this.lastBegun(kind);
    return b !== undefined && b !== this.acked[kind];
  }
}

/** What a home held after the previous kill. */
export class Floors {
  /** The state's version (null: no state.json yet). */
  state: number | null = null;
  /** Per key, the version found (absent: none yet). */
  entities = new Map<string, number>();
  secrets = new Map<string, number>();
  /** Records in the recording, and the line numbers of lines torn by earlier kills. */
  records = 0;
  tornLines = new Set<number>();
  /** Kills after which the entity journal's last line was torn. */
  tornJournal = 0;
  /** Calls in the call history, notes in the timeline. */
  history = 0;
  timeline = 0;
  /** Kills after which the call history's or the timeline's last line was torn. */
  tornAppends = 0;
}

function problem(file: string, what: string): Error {
  return new Error(`${path.basename(file)}: ${what}`);
}

/**
 * state.json held whole: it parses, and is exactly version n of the writer's state for an n that could be
 * there: the acknowledged version (or, with none acknowledged in this run, the floor) or the one in flight.
 */
export function checkState(home: string, run: RunLog, floors: Floors): number {
  const file = skillPaths(home, SKILL_ID).stateFile;
  const settled = run.acked.state ?? floors.state;
  const allowed = new Set([settled, run.lastBegun('state') ?? settled]);
  if (!fs.existsSync(file)) {
    if (!allowed.has(null)) throw problem(file, `missing, though version ${settled} was acknowledged`);
    return 0;
  }
  const text = fs.readFileSync(file, 'utf8');
  let value: { v?: unknown };
  try {
    value = JSON.parse(text) as { v?: unknown };
  } catch (err) {
    throw problem(file, `torn: ${(err as Error).message} (${text.length} characters: ${JSON.stringify(text.slice(0, 60))}...)`);
  }
  const n = Number(value?.v);
  if (!allowed.has(n)) throw problem(file, `holds version ${String(value?.v)}, expected one of ${[...allowed].join(', ')}`);
  if (JSON.stringify(value) !== JSON.stringify(stateVersion(n))) throw problem(file, `version ${n} is not as written`);
  floors.state = n;
  return 1;
}

/**
 * Keyed stores (entities, secrets): for each key, the version found must be one the key could hold (its
 * floor, or one begun in this run), no older than the newest acknowledged; a key is absent only if it was
 * never found nor acknowledged; no key the writer never wrote.
 */
function checkKeyed(what: string, found: Map<string, number>, run: RunLog, kind: Kind, keyOf: (n: number) => string, floor: Map<string, number>): void {
  const candidates = new Map<string, Set<number>>();
  const ackedMax = new Map<string, number>();
  for (const [key, n] of floor) candidates.set(key, new Set([n]));
  for (const n of run.begun[kind]) {
    const key = keyOf(n);
    if (!candidates.has(key)) candidates.set(key, new Set());
    candidates.get(key)!.add(n);
    if (run.acked[kind] !== undefined && n <= run.acked[kind]) ackedMax.set(key, n);
  }
  for (const [key, n] of found) {
    const ok = candidates.get(key);
    if (!ok) throw new Error(`${what}: "${key}" (version ${n}) was never written`);
    if (!ok.has(n)) throw new Error(`${what}: "${key}" holds version ${n}, which it never held (expected one of ${[...ok].join(', ')})`);
    const min = Math.max(ackedMax.get(key) ?? -1, floor.get(key) ?? -1);
    if (n < min) throw new Error(`${what}: "${key}" went back to version ${n}; version ${min} was acknowledged or found before`);
  }
  for (const [key] of candidates) {
    const min = Math.max(ackedMax.get(key) ?? -1, floor.get(key) ?? -1);
    if (min >= 0 && !found.has(key)) throw new Error(`${what}: "${key}" is missing; version ${min} was acknowledged or found before`);
  }
}

/** The journal is whole but for its last line, which a kill may cut short (never acknowledged, skipped). */
function journalTornLast(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const last = lines.pop()!; // '' when the file ends with a newline
  for (const [i, line] of lines.entries()) {
    try {
      JSON.parse(line);
    } catch {
      throw problem(file, `line ${i + 1} of ${lines.length + (last ? 1 : 0)} is torn, and it is not the last`);
    }
  }
  return last !== '';
}

/**
 * Entities: entities.json (replaced by rename only) parses; the journal is whole but for a torn last line;
 * EntityStore.open reports nothing but that one skipped line; and every entity is exactly a version written.
 */
export function checkEntities(home: string, run: RunLog, floors: Floors): number {
  const { entitiesFile } = homeLayout(home);
  const journal = entitiesFile.replace(/\.json$/, '.journal.jsonl');
  let files = 0;
  if (fs.existsSync(entitiesFile)) {
    try {
      JSON.parse(fs.readFileSync(entitiesFile, 'utf8'));
    } catch (err) {
      throw problem(entitiesFile, `torn: ${(err as Error).message}`);
    }
    files++;
  }
  const torn = journalTornLast(journal);
  if (torn) floors.tornJournal++;
  if (fs.existsSync(journal)) files++;
  const logs: string[] = [];
  const store = EntityStore.open(home, { log: (l) => void logs.push(l) });
  const expectedLogs = torn ? [/^Entities: 1 malformed record\(s\) in .* were ignored\.$/] : [];
  if (logs.length !== expectedLogs.length || !logs.every((l, i) => expectedLogs[i].test(l))) {
    throw new Error(`EntityStore.open reported: ${JSON.stringify(logs)} (journal's last line torn: ${torn})`);
  }
  const found = new Map<string, number>();
  for (const e of store.list()) {
    const n = Number((e.metadata as { n?: unknown } | undefined)?.n);
    const { id: _id, updatedAt: _at, ...written } = e;
    if (JSON.stringify(written) !== JSON.stringify(entityVersion(n))) throw new Error(`entity ${e.sourceId} is not as written: ${JSON.stringify(written).slice(0, 120)}`);
    if (found.has(e.sourceId!)) throw new Error(`entity ${e.sourceId} is there twice`);
    found.set(e.sourceId!, n);
  }
  checkKeyed('entities', found, run, 'entity', entityKey, floors.entities);
  floors.entities = found;
  return files;
}

/** Secrets: secrets.json parses, SecretStore.open reads it without a complaint, and every value is a version written. */
export function checkSecrets(home: string, run: RunLog, floors: Floors): number {
  const { secretsFile } = homeLayout(home);
  let files = 0;
  if (fs.existsSync(secretsFile)) {
    try {
      JSON.parse(fs.readFileSync(secretsFile, 'utf8'));
    } catch (err) {
      throw problem(secretsFile, `torn: ${(err as Error).message}`);
    }
    files++;
  }
  const logs: string[] = [];
  const store = SecretStore.open(home, { log: (l) => void logs.push(l) });
  const found = new Map<string, number>();
  for (const key of store.keys(SKILL_ID)) {
    const value = store.get(SKILL_ID, key);
    const n = Number(/^secret-(\d+)-/.exec(value ?? '')?.[1]);
    if (value === undefined || value !== secretValue(n)) throw new Error(`secret ${key} is not as written (${value === undefined ? 'unreadable' : 'another value'})`);
    found.set(key, n);
  }
  if (logs.length) throw new Error(`SecretStore.open reported: ${JSON.stringify(logs)}`);
  checkKeyed('secrets', found, run, 'secret', secretKey, floors.secrets);
  floors.secrets = found;
  return files;
}

/**
 * The recording (append-only JSON lines): readRecording reads it; its only warnings are its last line, torn,
 * and lines torn by earlier kills (the next session appends after them); its records are exactly seq 1..M in
 * order, each as written, with every acknowledged record there (M at least the acknowledged seq and the floor).
 */
export function checkRecording(home: string, run: RunLog, floors: Floors): number {
  const file = path.join(home, RECORDING);
  const rec = readRecording(file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const lastLine = lines.length - [...lines].reverse().findIndex((l) => l.trim() !== '');
  for (const w of rec.warnings) {
    const m = /^(?:The last line \((\d+)\)|Line (\d+)) is incomplete/.exec(w);
    const line = Number(m?.[1] ?? m?.[2]);
    if (!m || !(line === lastLine || floors.tornLines.has(line))) throw problem(file, `unexpected warning: ${w}`);
    floors.tornLines.add(line);
  }
  for (const [i, r] of rec.records.entries()) {
    if (r.type !== 'note' || r.seq !== i + 1 || r.text !== noteText(r.seq)) {
      throw problem(file, `record ${i + 1} is not as written (seq ${r.seq}, type ${r.type})`);
    }
  }
  const m = rec.records.length;
  const lower = Math.max(floors.records, run.acked.recording ?? 0);
  const upper = Math.max(floors.records, run.lastBegun('recording') ?? 0);
  if (m < lower) throw problem(file, `has ${m} records; record ${lower} was acknowledged or found before`);
  if (m > upper) throw problem(file, `has ${m} records, more than the ${upper} begun`);
  floors.records = m;
  return 1;
}

/**
 * An appended file of records numbered 1..M (the call history, the timeline) held: every line but a last one
 * a kill cut short is exactly record i, M is at least every record acknowledged or found before (nothing a
 * window was told of is lost) and at most what was begun.
 */
function checkNumbered(file: string, kind: 'history' | 'timeline', isVersion: (record: unknown, n: number) => boolean, run: RunLog, floors: Floors): number {
  if (!fs.existsSync(file)) {
    if ((run.acked[kind] ?? floors[kind]) > 0) throw problem(file, `missing, though record ${run.acked[kind] ?? floors[kind]} was acknowledged`);
    return 0;
  }
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const last = lines.pop()!;
  if (last !== '') floors.tornAppends++; // cut short by the kill: never acknowledged, cut off at the next open
  for (const [i, line] of lines.entries()) {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      throw problem(file, `line ${i + 1} of ${lines.length} is not whole JSON (${line.slice(0, 60)}…)`);
    }
    if (!isVersion(record, i + 1)) throw problem(file, `line ${i + 1} is not record ${i + 1} as written`);
  }
  const m = lines.length;
  const lower = Math.max(floors[kind], run.acked[kind] ?? 0);
  const upper = Math.max(floors[kind], run.lastBegun(kind) ?? 0);
  if (m < lower) throw problem(file, `has ${m} records; record ${lower} was acknowledged (a window was told of it) or found before`);
  if (m > upper) throw problem(file, `has ${m} records, more than the ${upper} begun`);
  floors[kind] = m;
  return 1;
}

export function checkHistory(home: string, run: RunLog, floors: Floors): number {
  const file = path.join(skillFolder(home, SKILL_ID), 'history.jsonl');
  return checkNumbered(file, 'history', (r, n) => JSON.stringify(r) === JSON.stringify(callVersion(n)), run, floors);
}

export function checkTimeline(home: string, run: RunLog, floors: Floors): number {
  const file = path.join(skillFolder(home, SKILL_ID), 'timeline.jsonl');
  return checkNumbered(file, 'timeline', (r, n) => (r as { kind?: string; label?: string }).kind === 'note' && (r as { label?: string }).label === timelineText(n), run, floors);
}

/** Files below `dir` whose names are our temp files (see atomic-write.ts) or corrupt files kept aside. */
export function leftovers(dir: string): { temps: string[]; corrupt: string[] } {
  const temps: string[] = [];
  const corrupt: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (tempWriterPid(e.name) !== null) temps.push(p);
      else if (e.name.includes('.corrupt-')) corrupt.push(p);
    }
  };
  walk(dir);
  return { temps, corrupt };
}
