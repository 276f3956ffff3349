/**
 * Secrets of every skill, in one file (<home>/secrets.json, mode 0600), each value encrypted on its own
 * so key names stay listable when a value cannot be decrypted (another machine, the app's keychain seen
 * from the CLI). Each ciphertext carries its skill id and key inside, so a value moved to another slot
 * by hand is refused rather than handed to the wrong skill.
 *
 * Also the codec that keeps secrets out of the other files under the home: exact values become
 * {"$secret": key} in JSON state, and occurrences inside text become {{skillbench:secret:key}}.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../engine/redactor';
import { readJsonFile, writeFileAtomicSync } from './atomic-write';
import { homeLayout, PRIVATE_DIR } from './workbench-home';

export interface SecretCipher {
  kind: 'os-keychain' | 'local-key';
  /** One sentence for the user: how their secrets are protected. */
  description: string;
  encrypt(plain: string): string /* base64 */;
  decrypt(b64: string): string;
}

/** The part of Electron's `safeStorage` used here, typed locally: the engine never imports electron. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/**
 * A cipher over Electron's safeStorage, or null where it protects nothing: unavailable, or Linux's
 * "basic_text" backend (a password built into Chromium), where the owner-only key file is better.
 */
export function safeStorageCipher(ss: SafeStorageLike): SecretCipher | null {
  if (!ss.isEncryptionAvailable()) return null;
  if (ss.getSelectedStorageBackend?.() === 'basic_text') return null;
  return {
    kind: 'os-keychain',
    description: "Secrets are encrypted with a key kept in the operating system's keychain.",
    encrypt: (plain) => ss.encryptString(plain).toString('base64'),
    decrypt: (b64) => ss.decryptString(Buffer.from(b64, 'base64')),
  };
}

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with a random key in a file only its owner can read (the CLI, and the app without a keychain). */
export class LocalKeyCipher implements SecretCipher {
  readonly kind = 'local-key' as const;
  private key: Buffer | null = null;

  constructor(
    readonly keyFile: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  get description(): string {
    const who = process.platform === 'win32' ? 'protected by your Windows user profile' : 'readable by its owner only';
    return `Secrets are encrypted (AES-256-GCM) with a key kept in ${this.keyFile}, a file ${who}.`;
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const c = crypto.createCipheriv('aes-256-gcm', this.loadKey(true), iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return Buffer.concat([Buffer.from([FORMAT]), iv, c.getAuthTag(), body]).toString('base64');
  }

  decrypt(b64: string): string {
    const buf = Buffer.from(b64, 'base64');
    if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== FORMAT) throw new Error('the stored value is not in the expected format');
    const d = crypto.createDecipheriv('aes-256-gcm', this.loadKey(false), buf.subarray(1, 1 + IV_BYTES));
    d.setAuthTag(buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([d.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), d.final()]).toString('utf8');
    } catch {
      throw new Error(`it was changed, or encrypted with another key than ${this.keyFile}`);
    }
  }

  // Decrypting never creates a key: a fresh key could not read the old values, it would only hide the loss.
  private loadKey(create: boolean): Buffer {
    if (this.key) return this.key;
    let text: string;
    try {
      text = fs.readFileSync(this.keyFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      if (!create) throw new Error(`the key file ${this.keyFile} is missing`);
      return (this.key = this.createKey());
    }
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length !== 32) {
      throw new Error(
        `${this.keyFile} does not hold a 32-byte key (was it edited?), so stored secrets cannot be read. ` +
          'Move it aside to start afresh; the secrets stored with it are then lost.',
      );
    }
    this.tighten();
    return (this.key = key);
  }

  private tighten(): void {
    const mode = fs.statSync(this.keyFile).mode & 0o777;
    if (process.platform === 'win32' || (mode & 0o077) === 0) return;
    fs.chmodSync(this.keyFile, 0o600);
    this.log(`${this.keyFile} could be read by other users (mode ${mode.toString(8)}); it is now owner-only (600).`);
  }

  /** Link, not rename, into place: if another process made a key first, keep theirs and use it. */
  private createKey(): Buffer {
    fs.mkdirSync(path.dirname(this.keyFile), { recursive: true, mode: PRIVATE_DIR });
    const key = crypto.randomBytes(32);
    const tmp = `${this.keyFile}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    writeFileAtomicSync(tmp, key.toString('base64') + '\n', { mode: 0o600 });
    try {
      fs.linkSync(tmp, this.keyFile);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        fs.rmSync(tmp, { force: true });
        return this.loadKey(false);
      }
      // File systems without hard links (FAT, some network shares): rename, accepting a tiny race.
      if (fs.existsSync(this.keyFile)) throw err;
      fs.renameSync(tmp, this.keyFile);
    }
    fs.rmSync(tmp, { force: true });
    return key;
  }
}

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
  private readonly ciphers = new Map<string, SecretCipher>();
  private readonly log: (line: string) => void;

  constructor(
    readonly file: string,
    private readonly opts: SecretStoreOptions,
  ) {
    this.log = opts.log ?? (() => undefined);
    for (const c of [...(opts.readers ?? []), opts.cipher]) this.ciphers.set(c.kind, c);
    this.skillsMap = this.load() ?? new Map();
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
      p = JSON.parse(cipher.decrypt(entry.data));
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

function checkSecretsDoc(v: unknown): string | null {
  const skills = (v as { skills?: unknown })?.skills;
  if (!isPlainObject(v) || !isPlainObject(skills)) return 'it does not have the shape {"version":1,"skills":{...}}';
  for (const entries of Object.values(skills)) {
    if (!isPlainObject(entries)) return 'a skill entry is not an object';
    for (const e of Object.values(entries)) {
      if (!isPlainObject(e) || typeof e.cipher !== 'string' || typeof e.data !== 'string') return 'a stored secret lacks "cipher" or "data"';
    }
  }
  return null;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- Keeping secrets out of files: text placeholders and JSON references ----

/** Shorter values are concealed only where they stand alone, as the Redactor does. */
export const MIN_SECRET_IN_TEXT = 4;
export const PLACEHOLDER = /\{\{skillbench:secret:([^:{}]+)(?::(json|ascii))?\}\}/g;

type Form = 'raw' | 'json' | 'ascii';

/** How a value appears raw, inside a JSON string, and inside an ASCII-only JSON string (Python's default). */
function forms(value: string): [Form, string][] {
  const json = JSON.stringify(value).slice(1, -1);
  const ascii = json.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  const out: [Form, string][] = [['raw', value]];
  if (json !== value) out.push(['json', json]);
  if (ascii !== json) out.push(['ascii', ascii]);
  return out;
}

const formOf = (value: string, form: Form): string => (forms(value).find(([f]) => f === form) ?? forms(value)[0])[1];

/** Replaces every occurrence of a secret (in any of its forms) with a placeholder naming its key. */
export function concealText(text: string, secrets: Record<string, string>): string {
  const tokens = new Map<string, string>();
  for (const key of Object.keys(secrets).sort()) {
    const value = secrets[key];
    if (typeof value !== 'string' || value.length === 0) continue;
    for (const [form, needle] of forms(value)) {
      if (!tokens.has(needle)) tokens.set(needle, `{{skillbench:secret:${encodeURIComponent(key)}${form === 'raw' ? '' : ':' + form}}}`);
    }
  }
  if (tokens.size === 0) return text;
  // One pass, longest first: a placeholder already written is never matched again.
  // A short secret is concealed only where it stands alone (see Redactor): "ab" must not eat every "about".
  // Concealing is reversible, so a look-alike that is not the secret reads back unchanged anyway.
  const needles = [...tokens.keys()].sort((a, b) => b.length - a.length);
  const pattern = (n: string) => {
    const p = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return n.length < MIN_SECRET_IN_TEXT ? `(?<![A-Za-z0-9_])${p}(?![A-Za-z0-9_])` : p;
  };
  const re = new RegExp(needles.map(pattern).join('|'), 'g');
  return text.replace(re, (m) => tokens.get(m)!);
}

/** Puts secrets back where `concealText` left placeholders; unknown keys are left as they are. */
export function revealText(text: string, secrets: Record<string, string>): string {
  if (!text.includes('{{skillbench:secret:')) return text;
  return text.replace(PLACEHOLDER, (m, enc: string, form?: Form) => {
    let key: string;
    try {
      key = decodeURIComponent(enc);
    } catch {
      return m; // not one of ours
    }
    const v = Object.prototype.hasOwnProperty.call(secrets, key) ? secrets[key] : undefined;
    return v === undefined ? m : formOf(v, form ?? 'raw');
  });
}

/** A deep copy where strings equal to a secret become {"$secret": key} and secrets inside strings become placeholders. */
export function concealValue(v: unknown, secrets: Record<string, string>): unknown {
  const byValue = new Map<string, string>();
  for (const key of Object.keys(secrets).sort()) if (secrets[key] !== '' && !byValue.has(secrets[key])) byValue.set(secrets[key], key);
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return byValue.has(x) ? { $secret: byValue.get(x) } : concealText(x, secrets);
    if (Array.isArray(x)) return x.map(walk);
    if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    return x;
  };
  return walk(v);
}

/** The inverse of `concealValue`; references to unknown keys stay as they are, so nothing is lost. */
export function revealValue(v: unknown, secrets: Record<string, string>): unknown {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return revealText(x, secrets);
    if (Array.isArray(x)) return x.map(walk);
    if (isPlainObject(x)) {
      const keys = Object.keys(x);
      if (keys.length === 1 && keys[0] === '$secret' && typeof x.$secret === 'string' && Object.prototype.hasOwnProperty.call(secrets, x.$secret)) {
        return secrets[x.$secret];
      }
      return Object.fromEntries(keys.map((k) => [k, walk(x[k])]));
    }
    return x;
  };
  return walk(v);
}
