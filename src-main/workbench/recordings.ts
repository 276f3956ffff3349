/** Where recordings live (`<home>/recordings/`) and how they are listed without reading them whole. */
import fs from 'node:fs';
import path from 'node:path';
import type { RecordingHeader, RecordingInfo } from '../contract';
import type { Recorder } from '../qa/recorder';

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
      const text = fs.readFileSync(file, 'utf8');
      const nl = text.indexOf('\n');
      const h = JSON.parse(nl === -1 ? text : text.slice(0, nl)) as RecordingHeader;
      if (h.type !== 'header') continue;
      const records = text.split('\n').filter((l) => l.trim()).length - 1;
      out.push({ file, name: h.name, skillId: h.skill.id, skillName: h.skill.name, protocol: h.skill.protocol, startedAt: h.startedAt, records, active: active.has(file) });
    } catch {
      // Not a recording we can read: leave it out of the list.
    }
  }
  return out.sort((a, b) => b.startedAt - a.startedAt);
}
