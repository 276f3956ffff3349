/** The open folders, the last selection and the folders whose skills start when opened, remembered in `<home>/workspace.json`. */
import fs from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../contract';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE } from '../host/workbench-home';

export class WorkspaceStore {
  private readonly file: string;
  private ws: Workspace;

  /** `initial` folders are used when nothing was remembered yet (the bundled examples, folders on the command line). */
  constructor(home: string, initial: string[] = [], opts: { replace?: boolean } = {}) {
    this.file = path.join(home, 'workspace.json');
    const saved = this.load();
    // Every remembered folder gone (an old clone deleted, a drive unplugged): a blank sidebar helps nobody, so the
    // initial folders open instead. One folder still there keeps the workspace as it was left.
    const alive = saved && (saved.folders.length === 0 || saved.folders.some((f) => fs.existsSync(f))) ? saved : undefined;
    if (opts.replace && initial.length) this.ws = { folders: dedupe(initial.map((f) => path.resolve(f))), selectedSkill: saved?.selectedSkill, runOnOpen: saved?.runOnOpen };
    else this.ws = alive ?? { folders: dedupe(initial.map((f) => path.resolve(f))), runOnOpen: saved?.runOnOpen };
    this.save();
  }

  get(): Workspace {
    return { ...this.ws, folders: [...this.ws.folders], runOnOpen: [...(this.ws.runOnOpen ?? [])] };
  }

  /** Whether the user chose to start this folder's skills when they are opened. */
  runsOnOpen(folder: string): boolean {
    return this.ws.runOnOpen?.includes(path.resolve(folder)) ?? false;
  }

  setRunOnOpen(folder: string, on: boolean): Workspace {
    const abs = path.resolve(folder);
    if (!this.ws.folders.includes(abs)) throw new Error(`${folder} is not an open folder.`);
    const rest = (this.ws.runOnOpen ?? []).filter((f) => f !== abs);
    this.ws.runOnOpen = on ? [...rest, abs] : rest;
    this.save();
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

  private load(): Workspace | null {
    try {
      const raw = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Workspace;
      if (!Array.isArray(raw.folders)) return null;
      const runOnOpen = Array.isArray(raw.runOnOpen) ? raw.runOnOpen.filter((f) => typeof f === 'string') : undefined;
      return { folders: raw.folders.filter((f) => typeof f === 'string'), selectedSkill: raw.selectedSkill, runOnOpen };
    } catch {
      return null;
    }
  }

  private save(): void {
    try {
      writeFileAtomicSync(this.file, JSON.stringify(this.ws, null, 2) + '\n', PRIVATE);
    } catch {
      // A read-only home loses the remembered workspace, nothing else.
    }
  }
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}
