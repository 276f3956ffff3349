/**
 * Browser mode's address, kept per workspace: the port and the token `skillbench serve` used last for the same folders
 * (and interface), so that a restart comes back at the same address and an open page reconnects by itself (its theme
 * and place kept). One small file per workspace under `<home>/serve/`, written atomically with mode 0600, in a folder
 * of mode 0700: the token is as private as the home's other secrets, never on a command line or in an environment.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../host/atomic-write';
import { usableGivenToken } from './auth';

export interface ServeAddress {
  port: number;
  token: string;
}

/** The file for a workspace: the folders served (none: the default workspace) and the interface listened on. */
export function addressFile(home: string, folders: string[], host: string): string {
  const key = JSON.stringify({ host, folders: folders.map((f) => path.resolve(f)).sort() });
  return path.join(home, 'serve', `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`);
}

/** The address kept for the workspace, or null when there is none (or the file is not one we wrote). */
export function loadAddress(file: string): ServeAddress | null {
  let v: unknown;
  try {
    v = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const { port, token } = (v ?? {}) as Partial<ServeAddress>;
  if (!Number.isInteger(port) || port! < 1 || port! > 65535 || typeof token !== 'string' || !usableGivenToken(token)) return null;
  return { port: port!, token };
}

export function saveAddress(file: string, address: ServeAddress): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomicSync(file, JSON.stringify({ port: address.port, token: address.token }, null, 2) + '\n', { mode: 0o600 });
}
