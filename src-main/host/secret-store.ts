/**
 * Secrets of every skill, in one file (<home>/secrets.json, mode 0600), each value encrypted on its own
 * (secret-cipher.ts) so key names stay listable when a value cannot be decrypted (another machine, the
 * app's keychain seen from the CLI). Each ciphertext carries its skill id and key inside, so a value moved
 * to another slot by hand is refused rather than handed to the wrong skill. How secrets are kept out of
 * the other files under the home is in secret-placeholders.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../engine/redactor';
import { check, says, z } from '../common/shape';
import { readJsonFile, writeFileAtomicSync } from './atomic-write';
import { LocalKeyCipher, type SecretCipher } from './secret-cipher';
import { homeLayout, PRIVATE_DIR } from './workbench-home';

/** A skill's secrets as the state and data stores see them. */
export interface SkillSecrets {
  all(): Record<string, string>;
}

interface Stored {
  cipher: SecretCipher['kind'];
  data: string;
}

export interface SecretStoreOptions {
  cipher: SecretCipher; // encrypts new values, decrypts those of its kind
  /** Other ciphers that may read older values, e.g. the local key in the app after the CLI stored secrets. */
  readers?: SecretCipher[];
  log?: (line: string) => void;
}

const KEY_MAX = 200;
export class SecretStore {
  private skillsMap = new Map<string, Map<string, Stored>>();
  private readonly plain = new Map<string, string>(); // ciphertext -> value, so a changed file invalidates itself
  private readonly reported = new Set<string>();
  private readonly redactors = new Map<string, Set<Redactor>>();
  /** Redactors that learn every secret of every scope (the workbench's, for what leaves it). */
  private readonly everyone = new Set<Redactor>();
  private readonly ciphers = new Map<string, SecretCipher>();
  private readonly log: (line: string) => void;

  constructor(
    readonly file: string,
    private readonly opts: SecretStoreOptions,
  ) {
    this.log = opts.log ?? (() => undefined);
    for (const c of [...(opts.readers ?? []), opts.cipher]) this.ciphers.set(c.kind, c);
    this.skillsMap = this.load() ?? new Map<string, Map<string, Stored>>();
  }

  /** The store at <home>/secrets.json, with the local key cipher unless another is given. */
  static open(home: string, opts: Partial<SecretStoreOptions> = {}): SecretStore {
    const layout = homeLayout(home);
    const cipher = opts.cipher ?? new LocalKeyCipher(layout.secretKeyFile, opts.log);
    return new SecretStore(layout.secretsFile, { ...opts, cipher });
  }

  get cipher(): SecretCipher {
    return this.opts.cipher;
  }

  skills(): string[] {
    return [...this.skillsMap.keys()].filter((id) => this.skillsMap.get(id)!.size > 0).sort();
  }

  keys(skillId: string): string[] {
    return [...(this.skillsMap.get(skillId)?.keys() ?? [])].sort();
  }

  /** The value, or undefined when absent or unreadable (see `unreadable`). */
  get(skillId: string, key: string): string | undefined {
    const entry = this.skillsMap.get(skillId)?.get(key);
    if (!entry) return undefined;
    const r = this.open(skillId, key, entry);
    if ('value' in r) return r.value;
    const id = `${skillId}\0${key}\0${entry.data}`;
    if (!this.reported.has(id)) this.log(`Secret "${key}" of ${skillId} cannot be read: ${r.reason}.`);
    this.reported.add(id);
    return undefined;
  }

  all(skillId: string): Record<string, string> {
    const pairs = this.keys(skillId).map((k) => [k, this.get(skillId, k)] as const);
    return Object.fromEntries(pairs.filter((p): p is readonly [string, string] => p[1] !== undefined));
  }

  /** Keys whose values exist but cannot be decrypted here, with the reason in plain words. */
  unreadable(skillId: string): { key: string; reason: string }[] {
    return [...(this.skillsMap.get(skillId) ?? [])].flatMap(([key, entry]) => {
      const r = this.open(skillId, key, entry);
      return 'reason' in r ? [{ key, reason: r.reason }] : [];
    });
  }

  set(skillId: string, key: string, value: string): void {
    if (!skillId || !key || key.length > KEY_MAX) throw new Error(`A secret needs a skill id and a name of 1 to ${KEY_MAX} characters.`);
    if (typeof value !== 'string') throw new Error(`The secret "${key}" must be text.`);
    const data = this.opts.cipher.encrypt(JSON.stringify({ s: skillId, k: key, v: value }));
    this.mutate((m) => {
      if (!m.has(skillId)) m.set(skillId, new Map());
      m.get(skillId)!.set(key, { cipher: this.opts.cipher.kind, data });
    });
    this.plain.set(data, value);
    for (const r of this.redactors.get(skillId) ?? []) r.add(value);
    for (const r of this.everyone) r.add(value);
  }

  delete(skillId: string, key: string): boolean {
    if (!this.skillsMap.get(skillId)?.has(key)) return false;
    this.mutate((m) => void m.get(skillId)?.delete(key));
    return true;
  }

  /** Teaches `redactor` every readable secret of the skill, and those set later; returns the way to stop. */
  registerWith(skillId: string, redactor: Redactor): () => void {
    for (const v of Object.values(this.all(skillId))) redactor.add(v);
    if (!this.redactors.has(skillId)) this.redactors.set(skillId, new Set());
    this.redactors.get(skillId)!.add(redactor);
    return () => void this.redactors.get(skillId)?.delete(redactor);
  }

  /** Teaches `redactor` every readable secret of every skill and collection, and those set later. */
  registerAll(redactor: Redactor): () => void {
    for (const scope of this.skills()) for (const v of Object.values(this.all(scope))) redactor.add(v);
    this.everyone.add(redactor);
    return () => void this.everyone.delete(redactor);
  }

  forSkill(skillId: string): SkillSecrets {
    return { all: () => this.all(skillId) };
  }

  private open(skillId: string, key: string, entry: Stored): { value: string } | { reason: string } {
    const cached = this.plain.get(entry.data);
    if (cached !== undefined) return { value: cached };
    const cipher = this.ciphers.get(entry.cipher);
    if (!cipher && entry.cipher === 'os-keychain') {
      return { reason: "it was stored by the desktop app with the operating system's keychain; use the app, or enter it again here" };
    }
    if (!cipher) return { reason: `it was stored with the "${entry.cipher}" protection, which is not available here` };
    let p: { s?: unknown; k?: unknown; v?: unknown };
    try {
      p = JSON.parse(cipher.decrypt(entry.data)) as typeof p;
    } catch (err) {
      return { reason: `decryption failed: ${(err as Error).message}` };
    }
    if (p?.s !== skillId || p.k !== key || typeof p.v !== 'string') {
      return { reason: 'the stored value belongs to another skill or key (was secrets.json edited?)' };
    }
    this.plain.set(entry.data, p.v);
    return { value: p.v };
  }

  // Re-read before each change so two workbench processes (app and CLI) do not drop each other's secrets.
  private mutate(change: (m: Map<string, Map<string, Stored>>) => void): void {
    try {
      this.skillsMap = this.load() ?? this.skillsMap;
    } catch {
      /* unreadable right now: keep what is in memory */
    }
    change(this.skillsMap);
    const doc = {
      version: 1,
      note: 'Values are encrypted; see the workbench documentation. Do not edit by hand.',
      skills: Object.fromEntries(
        [...this.skillsMap].filter(([, m]) => m.size > 0).map(([id, m]) => [id, Object.fromEntries(m)]),
      ),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
    writeFileAtomicSync(this.file, JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 });
  }

  /** The file's content, or null when it was corrupt (kept aside and reported). */
  private load(): Map<string, Map<string, Stored>> | null {
    let corrupt = false;
    const doc = readJsonFile<unknown>(this.file, null, {
      check: checkSecretsDoc,
      onCorrupt: (err) => {
        corrupt = true;
        this.log(`Secrets: ${err.message}`);
      },
    });
    if (corrupt) return null;
    const out = new Map<string, Map<string, Stored>>();
    const skills = (doc as { skills?: Record<string, Record<string, Stored>> } | null)?.skills ?? {};
    for (const [id, entries] of Object.entries(skills)) out.set(id, new Map(Object.entries(entries)));
    return out;
  }
}

/** The file's shape; each refusal is a sentence that follows "secrets.json is unreadable: ...". */
const lacks = says('a stored secret lacks "cipher" or "data"');
const SecretsDoc = z.object(
  {
    skills: z.record(
      z.string(),
      z.record(z.string(), z.object({ cipher: z.string(lacks), data: z.string(lacks) }, lacks), says('a skill entry is not an object')),
      says('it does not have the shape {"version":1,"skills":{...}}'),
    ),
  },
  says('it does not have the shape {"version":1,"skills":{...}}'),
);

function checkSecretsDoc(v: unknown): string | null {
  const r = check(SecretsDoc, v);
  return r.ok ? null : r.problem;
}
