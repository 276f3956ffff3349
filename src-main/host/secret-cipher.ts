/**
 * How each secret value is encrypted: with the operating system's keychain (Electron's safeStorage, in the
 * desktop app), or AES-256-GCM with a key in a file only its owner can read (the CLI, and the app where
 * there is no keychain).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from './atomic-write';
import { PRIVATE_DIR } from './workbench-home';

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
      if (!create) throw new Error(`the key file ${this.keyFile} is missing`, { cause: err });
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
