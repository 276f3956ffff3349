/**
 * Where recordings live (`<home>/recordings/`), how they are listed without parsing them whole, and the
 * one check every path from the renderer goes through before a recording is read or written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RecordingHeader, RecordingInfo } from '../contract';
import type { Recorder } from './recorder';

export function recordingsDir(home: string): string {
  return path.join(home, 'recordings');
}

export function newRecordingFile(home: string, skillName: string, name?: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  const slug = (name ?? skillName).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'session';
  return path.join(recordingsDir(home), `${stamp}_${slug}.jsonl`);
}

export function infoOf(r: Recorder, active: boolean): RecordingInfo {
  const h = r.header;
  return { file: r.file, name: h.name, skillId: h.skill.id, skillName: h.skill.name, protocol: h.skill.protocol, startedAt: h.startedAt, records: r.records, active };
}

/**
 * The recording `file` names, as a path inside `<home>/recordings/`, or a plain-words error. The browser
 * bridge is reachable by any page holding the token: it must never get a file read or written elsewhere,
 * so the name must be a `.jsonl` file directly in that folder, and stay there once symbolic links are followed.
 */
export function recordingFileIn(home: string, file: unknown): string {
  if (typeof file !== 'string' || !file.trim() || file.includes('\0')) {
    throw new Error('Name a recording: one of the .jsonl files listed under Recordings.');
  }
  const dir = recordingsDir(home);
  const target = path.resolve(dir, file);
  const outside = () => new Error(`Only recordings in ${dir} can be opened from the app, and ${file} is not one.`);
  if (!directlyIn(dir, target) || !target.endsWith('.jsonl')) throw outside();
  let real: string;
  try {
    real = fs.realpathSync(target);
    if (!directlyIn(fs.realpathSync(dir), real)) throw outside();
    if (!fs.statSync(real).isFile()) throw outside();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`There is no recording ${path.basename(target)} in ${dir}; it may have been deleted.`, { cause: err });
    throw err;
  }
  return target;
}

function directlyIn(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.includes(path.sep) && !rel.includes('/');
}

/** Every recording under the home, newest first; `active` files are those being written now. */
export function listRecordingFiles(home: string, active: Set<string>): RecordingInfo[] {
  const dir = recordingsDir(home);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const out: RecordingInfo[] = [];
  for (const n of names) {
    const file = path.join(dir, n);
    try {
      const { header, lines } = headerAndLines(file);
      if (header.type !== 'header' || !header.skill) continue;
      const h = header;
      out.push({ file, name: h.name, skillId: h.skill.id, skillName: h.skill.name, protocol: h.skill.protocol, startedAt: h.startedAt, records: lines - 1, active: active.has(file) });
    } catch {
      // Not a recording we can read: leave it out of the list.
    }
  }
  return out.sort((a, b) => b.startedAt - a.startedAt);
}

const CHUNK = 64 * 1024;
const NL = 10;

/** The header (the first line) and the number of lines, counting newlines in raw chunks. */
function headerAndLines(file: string): { header: RecordingHeader; lines: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(CHUNK);
    const first: Buffer[] = [];
    let headerDone = false;
    let lines = 0;
    let last = NL;
    let pos = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, CHUNK, pos);
      if (n === 0) break;
      pos += n;
      const chunk = buf.subarray(0, n);
      if (!headerDone) {
        const nl = chunk.indexOf(NL);
        first.push(Buffer.from(nl === -1 ? chunk : chunk.subarray(0, nl)));
        headerDone = nl !== -1;
      }
      for (let i = chunk.indexOf(NL); i !== -1; i = chunk.indexOf(NL, i + 1)) lines++;
      last = chunk[n - 1];
    }
    if (last !== NL) lines++; // a torn last line still counts
    const header = JSON.parse(Buffer.concat(first).toString('utf8')) as RecordingHeader;
    return { header, lines };
  } finally {
    fs.closeSync(fd);
  }
}
