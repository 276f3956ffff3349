/**
 * The stderr a skill wrote while it was being recorded, read back from its log files in the workbench's
 * home (the recording itself keeps stderr only with failed calls). A log file is written by LogSink:
 * chunks of whole lines under a header `--- <ISO time> <stream>`; files are named after the moment their
 * runtime was made. Best effort: logs that were deleted, or another home, simply give nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StderrLine } from '../contract';
import { skillFolder } from '../host/workbench-home';

/** More than this of a log file is not read: the newest part is what a recording usually covers. */
const MAX_READ = 16 * 1024 * 1024;
const HEADER = /^--- (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) (stdout|stderr|system)$/;
const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/;

export function stderrDuring(home: string, skillId: string, from: number, to: number, max: number): StderrLine[] {
  const dir = path.join(skillFolder(home, skillId), 'logs');
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.log')).sort();
  } catch {
    return [];
  }
  const out: StderrLine[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const m = STAMP.exec(name);
    const created = m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : 0;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    // A log made after the recording ended, or last written before it began, has nothing for it.
    if (created > to || stat.mtimeMs < from) continue;
    collect(readTail(file, stat.size), from, to, out);
  }
  return out.length > max ? out.slice(-max) : out;
}

function readTail(file: string, size: number): string {
  const start = Math.max(0, size - MAX_READ);
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(size - start);
    const n = fs.readSync(fd, buf, 0, buf.length, start);
    const text = buf.toString('utf8', 0, n);
    // Cut mid-file: start at the first header, so every line has its time.
    return start === 0 ? text : text.slice(Math.max(0, text.indexOf('\n--- ') + 1));
  } finally {
    fs.closeSync(fd);
  }
}

function collect(text: string, from: number, to: number, out: StderrLine[]): void {
  let time = 0;
  let stderr = false;
  for (const line of text.split('\n')) {
    const h = line.startsWith('--- ') ? HEADER.exec(line) : null;
    if (h) {
      time = Date.parse(h[1]);
      stderr = h[2] === 'stderr';
      continue;
    }
    if (stderr && line !== '' && time >= from && time <= to) out.push({ time, text: line.replace(/\r$/, ''), source: 'log' });
  }
}
