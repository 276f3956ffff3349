/**
 * A shard's results on disk (`--blob DIR`), for `merge-reports` to join: one JSON Lines file per shard,
 * `<command>-shard-<i>-of-<n>.blob.jsonl`, written as the units end and put in place only when the shard is
 * done (a shard that dies leaves no blob, and the merge names the units it lacks). Lines:
 *
 *   {"type":"meta", ...BlobMeta}          what ran, where: the whole unit list (ids, count, hash), this shard's part
 *   {"type":"unit", ...UnitResult}        one per unit, in the order they ended
 *   {"type":"end", ...BlobEnd}            the exit code, timings, the skills' folder hashes, peak memory
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtomicLineWriter } from '../host/atomic-write';
import { folderHash } from '../runtime/folder-hash';
import type { UnitResult } from './unit-results';
import { BLOB_SUFFIX, type UnitSource } from './units';

export const BLOB_FORMAT = 1;

export interface BlobMeta {
  format: number;
  command: UnitSource | 'eval';
  /** The whole run's units (every shard lists the same), so a merge can name any that is missing. */
  run: { count: number; hash: string; ids: string[] };
  shard: { index: number; total: number; by: 'round-robin' | 'timing'; ids: string[] };
  workbench: { version: string };
  machine: { hostname: string; platform: string; arch: string; cpus: number; node: string };
  startedAt: string;
}

export interface BlobEnd {
  endedAt: string;
  wallMs: number;
  exitCode: number;
  /** Peak resident memory of the shard's process, in bytes. */
  maxRssBytes: number;
  /** Each skill the shard ran, with the hash of its folder (folder-hash.ts) as it was when the shard ended. */
  skills: { name: string; dir: string; hash: string }[];
}

export type BlobLine = ({ type: 'meta' } & BlobMeta) | ({ type: 'unit' } & UnitResult) | ({ type: 'end' } & BlobEnd);

export function machine(): BlobMeta['machine'] {
  return { hostname: os.hostname(), platform: process.platform, arch: process.arch, cpus: os.cpus().length, node: process.version };
}

export function blobName(command: BlobMeta['command'], index: number, total: number): string {
  return `${command}-shard-${index}-of-${total}${BLOB_SUFFIX}`;
}

export class BlobWriter {
  private readonly out: AtomicLineWriter;
  private readonly skills = new Map<string, string>();
  private readonly started = Date.now();

  constructor(
    dir: string,
    readonly meta: BlobMeta,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.out = new AtomicLineWriter(path.join(dir, blobName(meta.command, meta.shard.index, meta.shard.total)));
    this.out.line(JSON.stringify({ type: 'meta', ...meta }));
  }

  get file(): string {
    return this.out.file;
  }

  unit(r: UnitResult): void {
    if (r.skill) this.skills.set(r.skill.dir, r.skill.name);
    this.out.line(JSON.stringify({ type: 'unit', ...r }));
  }

  close(exitCode: number): BlobEnd {
    const end: BlobEnd = {
      endedAt: new Date().toISOString(),
      wallMs: Date.now() - this.started,
      exitCode,
      maxRssBytes: maxRssBytes(),
      skills: [...this.skills].map(([dir, name]) => ({ name, dir, hash: folderHash(dir) })),
    };
    this.out.line(JSON.stringify({ type: 'end', ...end }));
    this.out.commit();
    return end;
  }

  abandon(): void {
    this.out.abandon();
  }
}

/** This process's peak resident memory so far (Node reports kilobytes). */
export function maxRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

export class BlobError extends Error {}

export interface Blob {
  file: string;
  meta: BlobMeta;
  units: UnitResult[];
  end: BlobEnd;
}

export function readBlob(file: string): Blob {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  let meta: BlobMeta | undefined;
  let end: BlobEnd | undefined;
  const units: UnitResult[] = [];
  for (const [i, l] of lines.entries()) {
    let rec: BlobLine;
    try {
      rec = JSON.parse(l) as BlobLine;
    } catch {
      throw new BlobError(`${file}: line ${i + 1} is not JSON; the blob is damaged.`);
    }
    const { type, ...rest } = rec;
    if (type === 'meta') meta = rest as BlobMeta;
    else if (type === 'unit') units.push(rest as UnitResult);
    else if (type === 'end') end = rest as BlobEnd;
  }
  if (!meta || meta.format !== BLOB_FORMAT) throw new BlobError(`${file} is not a skillbench blob (format ${BLOB_FORMAT}): its first line has no run metadata.`);
  if (!end) throw new BlobError(`${file} has no end line: its shard did not finish writing it.`);
  return { file, meta, units, end };
}

/** The blobs in the folders (or files) given, searched below each folder. */
export function findBlobs(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string, depth: number) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      throw new BlobError(`There is no blob folder or file at ${p}.`);
    }
    if (stat.isFile()) {
      out.push(p);
      return;
    }
    if (depth > 6) return;
    for (const n of fs.readdirSync(p).sort()) {
      const f = path.join(p, n);
      if (n.endsWith(BLOB_SUFFIX) && !n.startsWith('.')) out.push(f);
      else if (fs.statSync(f).isDirectory()) walk(f, depth + 1);
    }
  };
  for (const p of paths) walk(p, 0);
  return [...new Set(out.map((f) => path.resolve(f)))];
}
