/**
 * Hot reload, the engine half: watch a skill's folder, turn a burst of saves into one change, and say
 * whether the changed Python still compiles. The host decides what a change means (restart the skill,
 * keep its state, log "Reloaded after changes to skill.py"); nothing here starts or stops a skill.
 *
 * Why not `fs.watch(dir, {recursive: true})` on Linux: Node 20 implements it there in JavaScript by
 * walking the whole tree and watching every file, `.venv` and `node_modules` included, which can mean
 * thousands of inotify watches for one skill. Here each folder the skill owns gets one watcher, ignored
 * folders get none, and new folders are picked up as they appear. macOS and Windows have a native
 * recursive watch, which is used as is. If watching fails (inotify limits, a network drive), the folder
 * is polled instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inSkippedDir, relPath, skillFiles } from './skill-files';

export { checkPythonSyntax, describeSyntaxError, pythonSyntaxErrors, type SyntaxProblem } from './python-syntax';

export type IgnoreRule = (string | RegExp)[] | ((rel: string) => boolean);

export interface WatchOptions {
  /** Absolute paths of the files that changed (created, written or removed), sorted; called once per burst. */
  onChange: (files: string[]) => void;
  /** Quiet time that ends a burst (ms). */
  debounceMs?: number;
  /**
   * More paths to ignore, besides the built-in ones. Strings: a folder or file name at any depth, a
   * relative path (`tools/generated`), or a `*` pattern on the file name (`*.log`). RegExps are tested on
   * the relative path (`/` separators). Or one function of the relative path.
   */
  ignore?: IgnoreRule;
  /** Poll every N ms instead of using file-system events (true: every 500 ms). */
  poll?: boolean | number;
  onError?: (err: Error) => void;
}

export type WatchMode = 'idle' | 'events' | 'polling' | 'closed';

/** Editor and interpreter droppings: swap and backup files, lock files, bytecode. */
const TEMP_NAMES = [/\.py[co]$/, /\.sw[a-p]$/, /~$/, /^\.#/, /^#.*#$/, /^4913$/, /^\.DS_Store$/, /___jb_(tmp|old)___$/, /\.crswap$/];
const DEFAULT_POLL_MS = 500;

/** True for a file path (relative, `/` separators) whose changes never matter to a running skill. */
export function isIgnoredPath(rel: string): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return inSkippedDir(rel) || TEMP_NAMES.some((re) => re.test(name));
}

function extraRule(rule: IgnoreRule | undefined): (rel: string) => boolean {
  if (!rule) return () => false;
  if (typeof rule === 'function') return rule;
  const tests = rule.map((r): ((rel: string) => boolean) => {
    if (r instanceof RegExp) return (rel) => r.test(rel);
    if (r.includes('*')) {
      const re = new RegExp(`^${r.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      return (rel) => re.test(rel.slice(rel.lastIndexOf('/') + 1));
    }
    const p = r.replace(/^\/+|\/+$/g, '');
    if (p.includes('/')) return (rel) => rel === p || rel.startsWith(`${p}/`);
    return (rel) => rel.split('/').includes(p);
  });
  return (rel) => tests.some((t) => t(rel));
}

export class SkillWatcher {
  private root = '';
  private opts!: WatchOptions;
  private extra: (rel: string) => boolean = () => false;
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private pollTimer: NodeJS.Timeout | null = null;
  private snapshot = new Map<string, string>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private burstStarted: number | null = null;
  private _mode: WatchMode = 'idle';

  /** How the folder is being watched. */
  get mode(): WatchMode {
    return this._mode;
  }

  /** Starts watching `dir`. One folder per watcher; close() ends it. */
  watch(dir: string, opts: WatchOptions): this {
    if (this._mode !== 'idle') throw new Error('This watcher is already in use: create one SkillWatcher per skill folder.');
    this.root = path.resolve(dir);
    if (!fs.statSync(this.root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`Cannot watch ${dir}: it is not a folder.`);
    this.opts = opts;
    this.extra = extraRule(opts.ignore);
    if (opts.poll) {
      this.startPolling(typeof opts.poll === 'number' ? opts.poll : DEFAULT_POLL_MS);
      return this;
    }
    try {
      this._mode = 'events';
      if (process.platform === 'darwin' || process.platform === 'win32') this.watchRecursive();
      else this.watchTree(this.root, '');
    } catch (err) {
      this.fallBack(err as Error);
    }
    return this;
  }

  close(): void {
    this._mode = 'closed';
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.timer) clearTimeout(this.timer);
    this.pollTimer = this.timer = null;
    this.pending.clear();
  }

  private ignoredFile(rel: string): boolean {
    return isIgnoredPath(rel) || this.extra(rel);
  }

  private ignoredDir(rel: string): boolean {
    // A folder is skipped when a file directly inside it would be.
    return inSkippedDir(`${rel}/x`) || this.extra(rel);
  }

  // ---- events ---------------------------------------------------------------------------------------

  private watchRecursive(): void {
    const w = fs.watch(this.root, { recursive: true }, (_event, name) => {
      if (!name) return;
      const rel = String(name).split(path.sep).join('/');
      if (!this.ignoredFile(rel)) this.record(path.join(this.root, rel));
    });
    w.on('error', (err) => this.fallBack(err));
    this.watchers.set(this.root, w);
  }

  /** One watcher per folder the skill owns; throws when the system refuses one (caller falls back). */
  private watchTree(abs: string, rel: string): void {
    if (this._mode !== 'events' || this.watchers.has(abs) || (rel && this.ignoredDir(rel))) return;
    const w = fs.watch(abs, (_event, name) => this.dirEvent(abs, rel, name ? String(name) : null));
    w.on('error', (err) => {
      // A removed folder's watcher ends this way; losing the root means the skill folder is gone.
      w.close();
      this.watchers.delete(abs);
      if (abs === this.root) this.opts.onError?.(err);
    });
    this.watchers.set(abs, w);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory()) this.watchTree(path.join(abs, e.name), rel ? `${rel}/${e.name}` : e.name);
  }

  private dirEvent(dirAbs: string, dirRel: string, name: string | null): void {
    if (this._mode !== 'events' || !name) return;
    const abs = path.join(dirAbs, name);
    const rel = dirRel ? `${dirRel}/${name}` : name;
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (this.ignoredDir(rel) || this.watchers.has(abs)) return;
      // A folder that appeared (a move, a checkout): watch it, and count what it brought.
      try {
        this.watchTree(abs, rel);
      } catch (err) {
        this.fallBack(err as Error);
        return;
      }
      for (const f of skillFiles(abs, { skip: (r) => this.ignoredFile(`${rel}/${r}`) })) this.record(f.abs);
      return;
    }
    if (!stat) {
      for (const [p, w] of this.watchers) {
        if (p === abs || p.startsWith(abs + path.sep)) {
          w.close();
          this.watchers.delete(p);
        }
      }
    }
    if (!this.ignoredFile(rel)) this.record(abs);
  }

  private fallBack(err: Error): void {
    if (this._mode === 'closed' || this._mode === 'polling') return;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.opts.onError?.(new Error(`Watching ${this.root} with file-system events failed (${err.message}); polling it instead.`));
    this.startPolling(DEFAULT_POLL_MS);
  }

  // ---- polling --------------------------------------------------------------------------------------

  private startPolling(intervalMs: number): void {
    this._mode = 'polling';
    this.snapshot = this.scan();
    this.pollTimer = setInterval(() => this.poll(), intervalMs);
    this.pollTimer.unref?.();
  }

  private scan(): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of skillFiles(this.root, { skip: (rel, isDir) => (isDir ? this.ignoredDir(rel) : this.ignoredFile(rel)) })) {
      const s = fs.statSync(f.abs, { throwIfNoEntry: false });
      if (s) out.set(f.abs, `${s.mtimeMs}:${s.size}`);
    }
    return out;
  }

  private poll(): void {
    if (this._mode !== 'polling') return;
    const next = this.scan();
    for (const [file, sig] of next) if (this.snapshot.get(file) !== sig) this.record(file);
    for (const file of this.snapshot.keys()) if (!next.has(file)) this.record(file);
    this.snapshot = next;
  }

  // ---- debounce -------------------------------------------------------------------------------------

  /** Trailing debounce, with a ceiling so a file rewritten without pause still reloads now and then. */
  private record(abs: string): void {
    if (this._mode === 'closed') return;
    this.pending.add(abs);
    const now = Date.now();
    this.burstStarted ??= now;
    const debounce = this.opts.debounceMs ?? 300;
    const ceiling = this.burstStarted + Math.max(2000, debounce * 10);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), Math.max(0, Math.min(debounce, ceiling - now)));
  }

  private flush(): void {
    this.timer = null;
    this.burstStarted = null;
    const files = [...this.pending].sort();
    this.pending.clear();
    if (!files.length || this._mode === 'closed') return;
    try {
      this.opts.onChange(files);
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }
}

export interface ReloadPlan {
  /** The changed files relative to the skill folder (`/` separators). */
  names: string[];
  /** The changed .py files that still exist: what to syntax-check before restarting. */
  python: string[];
  /** False when only documentation or tests changed: the running skill does not read those. */
  restart: boolean;
  /** For the log line "Reloaded after changes to …": "skill.py", "skill.py and setup.py", "skill.py and 3 other files". */
  summary: string;
}

const DOC_EXT = /\.(md|markdown|txt|rst)$/i;
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|conftest\.py)$|(^|\/)tests?\//;

/** What a batch of changes asks of the host. `dir` makes the names relative (else they are kept as given). */
export function reloadPlan(changedFiles: string[], dir?: string): ReloadPlan {
  const names = changedFiles.map((f) => (dir ? relPath(dir, f) : f.split(path.sep).join('/')));
  const python = changedFiles.filter((f) => f.endsWith('.py') && fs.existsSync(f));
  // SKILL.md names and describes a subprocess skill, so it counts as code.
  const inert = (n: string) => (DOC_EXT.test(n) && !/(^|\/)SKILL\.md$/.test(n)) || TEST_FILE.test(n);
  const restart = names.some((n) => !inert(n));
  const code = names.filter((n) => !inert(n));
  const shown = code.length ? code : names;
  let summary = shown[0] ?? 'nothing';
  if (shown.length === 2) summary = `${shown[0]} and ${shown[1]}`;
  else if (shown.length > 2) summary = `${shown[0]} and ${shown.length - 1} other files`;
  return { names, python, restart, summary };
}
