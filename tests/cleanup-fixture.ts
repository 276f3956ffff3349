/**
 * The `cleanup` fixture: what a test opens is closed after it, and the temporary folders it made are removed.
 *
 *   import { it } from './cleanup-fixture';
 *   it('...', async ({ cleanup }) => {
 *     const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), ... }));
 *   });
 */
import fs from 'node:fs';
import { it as base } from 'vitest';
import { tempDir } from './helpers';

/** A workbench, a runtime, an adapter, a server or a folder watcher: something with a close or a stop (awaited if it answers a promise). */
export type Closable = { close(): unknown } | { stop(): unknown };

export interface Cleanup {
  /** Closes (or stops) `thing` when the test ends; returns it. */
  add<T extends Closable>(thing: T): T;
  /** A new temporary folder, removed when the test ends, after everything added is closed. */
  tempDir(prefix?: string): string;
}

export const it = base.extend<{ cleanup: Cleanup }>({
  // eslint-disable-next-line no-empty-pattern
  cleanup: async ({}, use) => {
    const things: Closable[] = [];
    const folders: string[] = [];
    await use({
      add: (thing) => {
        things.push(thing);
        return thing;
      },
      tempDir: (prefix) => {
        const dir = tempDir(prefix);
        folders.push(dir);
        return dir;
      },
    });
    await Promise.all(things.map((t) => ('close' in t ? t.close() : t.stop())));
    // Best effort: a folder a test already removed, or one a stray child still writes into, is left.
    for (const dir of folders) {
      try {
        fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        /* left for the OS's temporary-file cleaning */
      }
    }
  },
});

export const test = it;
