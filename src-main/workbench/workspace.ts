/**
 * The open folders and the last selection, kept per workspace. A workspace opened on folders the user named
 * (`skillbench serve A B`, `npm start -- A`) is that set's own, in `<home>/workspaces/<hash>.json`, so two servers on
 * different folders never overwrite each other's folders or selection. Opened on none, it is the default workspace in
 * `<home>/workspace.json`, which starts on the bundled examples. Which folders' skills start when opened is chosen per
 * folder for the whole home (run-on-open.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../contract';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE, PRIVATE_DIR } from '../host/workbench-home';
import { RunOnOpenStore } from './run-on-open';

type Kept = Omit<Workspace, 'runOnOpen' | 'notes'>;

/** Where the workspace of these named folders is kept; none named: the default workspace. */
export function workspaceFile(home: string, named: string[]): string {
  if (!named.length) return path.join(home, 'workspace.json');
  const key = JSON.stringify(dedupe(named.map((f) => path.resolve(f))).sort());
  return path.join(home, 'workspaces', `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`);
}

export class WorkspaceStore {
  private readonly file: string;
  private readonly runOnOpen: RunOnOpenStore;
  private ws: Kept;

  /**
   * `initial` folders open a workspace that has none kept yet (the bundled examples, folders on the command line).
   * With `named`, they name the workspace: it is theirs, and always shows them beside any the user added since.
   */
  constructor(home: string, initial: string[] = [], opts: { named?: boolean } = {}) {
    const given = dedupe(initial.map((f) => path.resolve(f)));
    const named = opts.named ? given : [];
    this.file = workspaceFile(home, named);
    this.runOnOpen = new RunOnOpenStore(home);
    const saved = this.load();
    if (named.length) {
      this.ws = { folders: dedupe([...named, ...(saved?.folders ?? [])]), selectedSkill: saved?.selectedSkill };
    } else {
      // Every remembered folder gone (an old clone deleted, a drive unplugged): a blank sidebar helps nobody, so the
      // initial folders open instead. One folder still there keeps the workspace as it was left.
      const alive = saved && (saved.folders.length === 0 || saved.folders.some((f) => fs.existsSync(f))) ? saved : undefined;
      this.ws = alive ?? { folders: given };
    }
    this.save();
  }

  get(): Workspace {
    return { ...this.ws, folders: [...this.ws.folders], runOnOpen: this.runOnOpen.list() };
  }

  /** Whether the user chose to start this folder's skills when they are opened. */
  runsOnOpen(folder: string): boolean {
    return this.runOnOpen.has(folder);
  }

  setRunOnOpen(folder: string, on: boolean): Workspace {
    const abs = path.resolve(folder);
    if (!this.ws.folders.includes(abs)) throw new Error(`${folder} is not an open folder.`);
    this.runOnOpen.set(abs, on);
    return this.get();
  }

  addFolder(folder: string): Workspace {
    const abs = path.resolve(folder);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      throw new Error(`There is no folder at ${folder}.`);
    }
    if (!stat.isDirectory()) throw new Error(`${folder} is a file, not a folder. Open the folder that holds it.`);
    if (!this.ws.folders.includes(abs)) this.ws.folders.push(abs);
    this.save();
    return this.get();
  }

  removeFolder(folder: string): Workspace {
    const abs = path.resolve(folder);
    this.ws.folders = this.ws.folders.filter((f) => f !== abs);
    this.save();
    return this.get();
  }

  select(skillId: string | null): void {
    this.ws.selectedSkill = skillId ?? undefined;
    this.save();
  }

  private load(): Kept | null {
    try {
      const raw = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Kept;
      if (!Array.isArray(raw.folders)) return null;
      return { folders: raw.folders.filter((f) => typeof f === 'string'), selectedSkill: raw.selectedSkill };
    } catch {
      return null;
    }
  }

  private save(): void {
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
      writeFileAtomicSync(this.file, JSON.stringify(this.ws, null, 2) + '\n', PRIVATE);
    } catch {
      // A read-only home loses the remembered workspace, nothing else.
    }
  }
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}
