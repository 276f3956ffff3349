/**
 * The folders whose skills start when they are opened, as the user chose, kept for the whole home in
 * `<home>/run-on-open.json`: the choice is about a folder, so it holds in every workspace that opens it. Homes from
 * before workspaces were kept per set of folders had it in `workspace.json`, which is read when the file is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE } from '../host/workbench-home';

export class RunOnOpenStore {
  private readonly file: string;
  private folders: string[];

  constructor(private readonly home: string) {
    this.file = path.join(home, 'run-on-open.json');
    this.folders = this.load();
    if (!fs.existsSync(this.file) && this.folders.length) this.save();
  }

  list(): string[] {
    return [...this.folders];
  }

  has(folder: string): boolean {
    return this.folders.includes(path.resolve(folder));
  }

  set(folder: string, on: boolean): void {
    const abs = path.resolve(folder);
    // Read again first: another workbench on this home (a second `serve`) may have chosen since.
    const rest = this.load().filter((f) => f !== abs);
    this.folders = on ? [...rest, abs] : rest;
    this.save();
  }

  private save(): void {
    try {
      writeFileAtomicSync(this.file, JSON.stringify({ folders: this.folders }, null, 2) + '\n', PRIVATE);
    } catch {
      // A read-only home forgets the choice at the next start, nothing else.
    }
  }

  private load(): string[] {
    const kept = readFolders(this.file, 'folders') ?? readFolders(path.join(this.home, 'workspace.json'), 'runOnOpen');
    return kept ?? [];
  }
}

function readFolders(file: string, field: string): string[] | null {
  try {
    const list = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)[field];
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : null;
  } catch {
    return null;
  }
}
