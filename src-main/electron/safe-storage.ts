/**
 * In the desktop app, secrets are encrypted with the OS keychain through Electron's safeStorage; secrets
 * stored earlier by the command line (local key file) stay readable. Where no keychain is available
 * (Linux without a secret service), the local key file is used, as in the CLI.
 */
import { safeStorage } from 'electron';
import { LocalKeyCipher, safeStorageCipher } from '../host/secret-cipher';
import { homeLayout } from '../host/workbench-home';
import type { SecretStoreOptions } from '../host/secret-store';

export function safeStorageSecrets(home: string): Partial<SecretStoreOptions> {
  const local = new LocalKeyCipher(homeLayout(home).secretKeyFile);
  const keychain = safeStorageCipher(safeStorage);
  return keychain ? { cipher: keychain, readers: [local] } : { cipher: local };
}
