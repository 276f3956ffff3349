/** A fingerprint of a skill folder (file names and contents), so a recording can tell whether the skill changed. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', '.venv', 'venv', '.git', '__pycache__', 'data', 'reports', '.skillbench']);
const MAX_FILES = 5000;

export function folderHash(dir: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (files.length >= MAX_FILES) return;
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(p);
      } else if (e.isFile() && !e.name.endsWith('.pyc') && !e.name.endsWith('.jsonl')) files.push(p);
    }
  };
  walk(dir);
  const h = createHash('sha256');
  for (const f of files) {
    h.update(path.relative(dir, f).split(path.sep).join('/'));
    h.update('\0');
    try {
      h.update(fs.readFileSync(f));
    } catch {
      // unreadable: its name still counts
    }
    h.update('\0');
  }
  return `sha256:${h.digest('hex')}`;
}
