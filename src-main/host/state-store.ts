/**
 * A skill's persisted state: one JSON object in <home>/skills/<safe id>/state.json, written atomically.
 *
 * Secrets never reach the file in clear: a string equal to one of the skill's secrets is written as
 * {"$secret": "<key>"}, a secret inside a longer string as {{skillbench:secret:<key>}}, and `get` puts
 * the real values back. A reference whose secret was deleted stays as it is (nothing is silently lost).
 * A skill that itself stores {"$secret": "<key>"} gets that secret of its own back; it holds it already.
 *
 * `state/set` must not cost the size of the whole state: a merge changes the kept object in place and the
 * file is written behind, a short while later, once for a whole burst of sets (`flush` on stop and close).
 */
import { REDACTED } from '../contract';
import { CoalescingWriter, readJsonFile } from './atomic-write';
import { isObject } from '../common/values';
import { concealValue, revealValue } from './secret-placeholders';
import type { SkillSecrets } from './secret-store';
import { PRIVATE_DIR, PRIVATE_FILE, skillPaths } from './workbench-home';

export type State = Record<string, unknown>;

/** How long a merge waits before the file is written, so a burst of sets costs one write. */
export const WRITE_BEHIND_MS = 200;

export interface StateStoreOptions {
  secrets?: SkillSecrets;
  /** Where problems are told: a corrupt file kept aside, for instance. */
  log?: (line: string) => void;
}

export class StateStore {
  /** As merged: may hold {"$secret"} references read from disk; revealed on every read. */
  private current: State | null = null;
  /** A replacement on its way to disk: written from here, and made current only once the disk took it. */
  private pending: State | null = null;
  private readonly writer: CoalescingWriter;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly file: string,
    private readonly opts: StateStoreOptions = {},
  ) {
    // Rendered when the write starts, with the secrets known then: bursts of state/set cost one write.
    this.writer = new CoalescingWriter(file, () => JSON.stringify(this.stored(this.pending ?? this.load()), null, 2) + '\n', { mode: PRIVATE_FILE, dirMode: PRIVATE_DIR });
  }

  static forSkill(home: string, skillId: string, opts: StateStoreOptions = {}): StateStore {
    return new StateStore(skillPaths(home, skillId).stateFile, opts);
  }

  /** The state as the skill sees it, secrets included; a copy the caller may change. */
  get(): State {
    return revealValue(this.load(), this.secrets()) as State;
  }

  /** The state as stored on disk, with secrets as {"$secret": key}: for showing and editing in the UI. */
  getForDisplay(): State {
    const stored = this.stored();
    return stored === this.current ? clone(stored) : stored;
  }

  /**
   * Shallow merge, as `state/set` does (Python's dict.update): top-level keys replaced whole, in place.
   * Resolves at once; the file follows within WRITE_BEHIND_MS (`flush` waits for it).
   */
  merge(partial: State): Promise<void> {
    if (!isObject(partial)) throw new TypeError('state/set needs an object of keys to change');
    // defineProperty, not assignment: a "__proto__" key is data to keep, never the object's prototype.
    // A replacement still on its way takes the merge too, so whichever ends up current has it.
    for (const target of this.pending ? [this.load(), this.pending] : [this.load()]) {
      for (const [k, v] of Object.entries(clone(partial))) Object.defineProperty(target, k, { value: v, writable: true, enumerable: true, configurable: true });
    }
    this.saveSoon();
    return Promise.resolve();
  }

  /**
   * Replaces the whole state (the UI edits it). A string equal to the redaction mark keeps the value
   * found at the same place before, so a state shown redacted can be saved back without losing secrets.
   */
  async replace(state: State): Promise<void> {
    if (!isObject(state)) throw new TypeError('The state must be a JSON object');
    const next = keepRedacted(clone(state), this.get()) as State;
    // Memory changes only once the file has the new state: a write the disk refused leaves both as they were,
    // rather than a value the skill reads now and loses at the next restart.
    this.pending = next;
    try {
      await this.writer.save();
      if (this.pending === next) this.current = next;
    } finally {
      if (this.pending === next) this.pending = null;
    }
  }

  /** Rewrites the file with the secrets known now (call after a secret was added). */
  rescrub(): Promise<void> {
    this.load();
    return this.writer.save();
  }

  /** Writes what is pending now and waits for every write asked for so far. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      return this.writer.save();
    }
    return this.writer.flush();
  }

  private saveSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writer.save().catch((err: Error) => this.opts.log?.(`State: ${this.file} could not be saved (${err.message}); it is tried again with the next change.`));
    }, WRITE_BEHIND_MS);
  }

  private secrets(): Record<string, string> {
    return this.opts.secrets?.all() ?? {};
  }

  private stored(state: State = this.load()): State {
    const secrets = this.secrets();
    // Without secrets there is nothing to conceal or reveal: no deep copy of a large state on each write.
    if (Object.keys(secrets).length === 0) return state;
    return concealValue(revealValue(state, secrets), secrets) as State;
  }

  private load(): State {
    if (this.current) return this.current;
    this.current = readJsonFile<State>(this.file, {}, {
      check: (v) => (isObject(v) ? null : 'the state must be a JSON object'),
      onCorrupt: (err) => this.opts.log?.(`State: ${err.message}`),
    });
    return this.current;
  }
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function keepRedacted(next: unknown, prev: unknown): unknown {
  if (next === REDACTED && prev !== undefined) return prev;
  if (Array.isArray(next)) return next.map((x, i) => keepRedacted(x, Array.isArray(prev) ? prev[i] : undefined));
  if (isObject(next)) {
    const p = isObject(prev) ? prev : {};
    return Object.fromEntries(Object.entries(next).map(([k, x]) => [k, keepRedacted(x, Object.hasOwn(p, k) ? p[k] : undefined)]));
  }
  return next;
}

/** State for people: each stored secret reference (`{"$secret": key}`) shown as the redaction mark. */
export function redactSecretRefs(v: unknown): Record<string, unknown> {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') {
      if ('$secret' in x && Object.keys(x).length === 1) return REDACTED;
      return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    }
    return x;
  };
  return walk(v) as Record<string, unknown>;
}
