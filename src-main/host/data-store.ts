/**
 * A skill's data folder (<home>/skills/<safe id>/data/ unless another folder is given), served to the
 * skill's `data/read` and `data/write` calls and to the UI.
 *
 * File names must name a file directly inside the folder: no separators, no "..", nothing absolute, no
 * NUL, and no symbolic link leading outside. The original host silently ignored such names; here they
 * are refused with a JSON-RPC "invalid params" error that says why. This keeps well-meaning skills in
 * their folder; it is not a sandbox (a skill is a local process with the user's own rights), but the host
 * never reads or writes outside the folder on a skill's behalf: files are opened without following a
 * final link and the open descriptor is checked (confined-open.ts), so a name flipped between a file and
 * a link meanwhile cannot lead out, and a data folder that is itself a link is refused.
 *
 * Secrets found in written text are stored as {{skillbench:secret:<key>}} and restored on read. Files a
 * skill writes directly into its folder (not through data/write) are beyond the host's reach.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REDACTED } from '../contract';
import { JSONRPC, RpcError } from '../common/errors';
import { isTempFile, writeFileAtomic } from './atomic-write';
import { descriptorInside, isInside as inside, openNoFollow } from './confined-open';
import { concealText, PLACEHOLDER, revealText } from './secret-placeholders';
import type { SkillSecrets } from './secret-store';
import { PRIVATE_DIR, PRIVATE_FILE, skillPaths } from './workbench-home';

export interface DataFileInfo {
  name: string;
  size: number;
  modifiedAt: number;
}

export interface DataStoreOptions {
  secrets?: SkillSecrets;
  /** Files larger than this are shown cut short in the UI (bytes). */
  displayLimit?: number;
}

type Op = 'data/read' | 'data/write';

const STAY_INSIDE = "file names must stay inside the skill's data folder";
const WIN_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function refuse(op: Op, name: unknown, why: string): never {
  const shown = typeof name === 'string' ? JSON.stringify(name) : String(name);
  const verb = op === 'data/write' ? `Refused data/write to ${shown}` : `Refused data/read of ${shown}`;
  throw new RpcError(JSONRPC.INVALID_PARAMS, `${verb}: ${why}`);
}

/** Checks a file name on its own (no disk access); throws an RpcError saying what is wrong. */
export function checkDataFileName(op: Op, name: unknown): string {
  if (typeof name !== 'string') refuse(op, name, 'the file name must be text');
  if (name === '') refuse(op, name, 'a file name is required');
  if (name.includes('\0')) refuse(op, name, `${STAY_INSIDE} (the name contains a NUL character)`);
  if (path.posix.isAbsolute(name) || path.win32.isAbsolute(name)) refuse(op, name, `${STAY_INSIDE} (absolute paths are not allowed)`);
  if (/[\\/]/.test(name)) refuse(op, name, `${STAY_INSIDE} ("/" and "\\" are not allowed; there are no sub-folders)`);
  if (/^\.+$/.test(name)) refuse(op, name, `${STAY_INSIDE} ("." and ".." are not file names)`);
  if (process.platform === 'win32') {
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses in a file name
    if (/[:<>"|?*\u0000-\u001f]/.test(name) || /[. ]$/.test(name) || WIN_RESERVED.test(name)) {
      refuse(op, name, 'Windows does not allow this file name');
    }
  }
  return name;
}

export class DataStore {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    private readonly opts: DataStoreOptions = {},
  ) {}

  static forSkill(home: string, skillId: string, opts: DataStoreOptions = {}): DataStore {
    return new DataStore(skillPaths(home, skillId).dataDir, opts);
  }

  /** The file's text with secrets restored; "" when the file does not exist (as the original host did). */
  async read(filename: unknown): Promise<string> {
    const h = await this.openInside('data/read', filename);
    if (!h) return '';
    try {
      return revealText(await h.readFile('utf8'), this.secrets());
    } finally {
      await h.close();
    }
  }

  /** Writes atomically, secrets replaced by placeholders; writes to one name happen in the order asked. */
  async write(filename: unknown, content: string): Promise<void> {
    const name = checkDataFileName('data/write', filename);
    if (typeof content !== 'string') refuse('data/write', name, 'the content must be text');
    return this.serial(name, async () => {
      const file = (await this.resolve('data/write', name, true))!;
      await writeFileAtomic(file, concealText(content, this.secrets()), { mode: PRIVATE_FILE, verify: (h, tmp) => this.mustBeInside('data/write', name, h, tmp) });
    });
  }

  /** Files directly in the folder (links only when they lead to a file inside it), by name. */
  async list(): Promise<DataFileInfo[]> {
    let root: string | null;
    try {
      root = await this.root(false);
    } catch (err) {
      if (err instanceof RpcError) return []; // a data folder that is a link shows nothing
      throw err;
    }
    if (!root) return [];
    const out: DataFileInfo[] = [];
    for (const e of await fs.promises.readdir(root, { withFileTypes: true })) {
      if (isTempFile(e.name) || !(e.isFile() || e.isSymbolicLink())) continue;
      try {
        const real = await fs.promises.realpath(path.join(root, e.name));
        const st = await fs.promises.stat(real);
        if (st.isFile() && inside(root, real)) out.push({ name: e.name, size: st.size, modifiedAt: st.mtimeMs });
      } catch {
        /* gone meanwhile, or a dangling link: not listed */
      }
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The file as the UI shows it: secrets as the redaction mark, binary files and long files summarised. */
  async readForDisplay(name: string): Promise<string> {
    const h = await this.openInside('data/read', name);
    if (!h) return '';
    const limit = this.opts.displayLimit ?? 1024 * 1024;
    let buf: Buffer;
    let size: number;
    try {
      size = (await h.stat()).size;
      buf = Buffer.alloc(Math.min(size, limit));
      await h.read(buf, 0, buf.length, 0);
    } finally {
      await h.close();
    }
    if (buf.subarray(0, 8192).includes(0)) return `(binary file, ${size} bytes)`;
    // Secrets written by the skill directly (not through data/write) are hidden too.
    const text = concealText(buf.toString('utf8'), this.secrets()).replace(PLACEHOLDER, REDACTED);
    return size > limit ? `${text}\n… (cut short: showing ${limit} of ${size} bytes)` : text;
  }

  /** Rewrites files that hold secrets in clear (after a secret was added); returns their names. */
  async rescrub(): Promise<string[]> {
    const changed: string[] = [];
    for (const { name } of await this.list()) {
      await this.serial(name, async () => {
        const h = await this.openInside('data/read', name);
        if (!h) return;
        let raw: string;
        try {
          raw = await h.readFile('utf8');
        } finally {
          await h.close();
        }
        const text = concealText(raw, this.secrets());
        if (text !== raw) {
          const file = (await this.resolve('data/write', name, true))!;
          await writeFileAtomic(file, text, { mode: PRIVATE_FILE, verify: (w, tmp) => this.mustBeInside('data/write', name, w, tmp) });
          changed.push(name);
        }
      });
    }
    return changed;
  }

  private secrets(): Record<string, string> {
    return this.opts.secrets?.all() ?? {};
  }

  private serial<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.chains.get(name) ?? Promise.resolve()).catch(() => undefined).then(fn);
    const tail = run.catch(() => undefined);
    this.chains.set(name, tail);
    void tail.then(() => this.chains.get(name) === tail && this.chains.delete(name));
    return run;
  }

  /** The folder's real path; null when it does not exist and `create` is false. Refused when it is a link. */
  private async root(create: boolean, op: Op = 'data/read', name: unknown = ''): Promise<string | null> {
    if (create) await fs.promises.mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR });
    try {
      // Followed, a data folder replaced by a link would make everywhere it leads "inside".
      if ((await fs.promises.lstat(this.dir)).isSymbolicLink()) {
        refuse(op, name, `the data folder ${this.dir} is a symbolic link; the workbench uses only a real folder there`);
      }
      return await fs.promises.realpath(this.dir);
    } catch (err) {
      if (!create && (err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /**
   * Opens a file of the folder for reading, or null when there is none. A link is followed only to a
   * file inside the folder, and what was opened is checked to be inside it, whatever changed meanwhile.
   */
  private async openInside(op: Op, filename: unknown): Promise<fs.promises.FileHandle | null> {
    const name = checkDataFileName(op, filename);
    const root = await this.root(false, op, name);
    if (!root) return null;
    let file = path.join(root, name);
    let h = await openNoFollow(file);
    if (h === 'link') {
      try {
        file = await fs.promises.realpath(file);
      } catch {
        refuse(op, name, `${STAY_INSIDE} (it is a symbolic link to something that does not exist)`);
      }
      if (!inside(root, file)) refuse(op, name, `${STAY_INSIDE} (it is a symbolic link to a place outside the folder)`);
      h = await openNoFollow(file);
      if (h === 'link') refuse(op, name, `${STAY_INSIDE} (it changed into another link while being opened)`);
    }
    if (!h) return null;
    try {
      await this.mustBeInside(op, name, h, file, root);
      const st = await h.stat();
      if (st.isDirectory()) refuse(op, name, 'it is a folder, not a file');
      if (!st.isFile()) refuse(op, name, 'it is not a regular file');
      return h;
    } catch (err) {
      await h.close();
      throw err;
    }
  }

  /** Refuses (and so undoes) an open that landed outside the folder. */
  private async mustBeInside(op: Op, name: string, h: fs.promises.FileHandle, file: string, root?: string): Promise<void> {
    const r = root ?? (await this.root(false, op, name));
    if (!r || !(await descriptorInside(h, r, file))) refuse(op, name, `${STAY_INSIDE} (what was opened lies outside it)`);
  }

  /** The real path to read or write; null when reading from a folder that does not exist yet. */
  private async resolve(op: Op, filename: unknown, create: boolean): Promise<string | null> {
    const name = checkDataFileName(op, filename);
    const root = await this.root(create, op, name);
    if (!root) return null;
    const target = path.join(root, name);
    let st: fs.Stats;
    try {
      st = await fs.promises.lstat(target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return target;
      throw err;
    }
    let real = target;
    if (st.isSymbolicLink()) {
      try {
        real = await fs.promises.realpath(target);
      } catch {
        refuse(op, name, `${STAY_INSIDE} (it is a symbolic link to something that does not exist)`);
      }
      if (!inside(root, real)) refuse(op, name, `${STAY_INSIDE} (it is a symbolic link to a place outside the folder)`);
      st = await fs.promises.stat(real);
    }
    if (st.isDirectory()) refuse(op, name, 'it is a folder, not a file');
    return real;
  }
}
