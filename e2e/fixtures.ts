/**
 * The end-to-end fixture: a fresh workbench per test, in a temporary home, over a copy of the bundled
 * examples (so tests may change skills). In the `browser` project it is `skillbench serve` in Chromium: one
 * server and one browser per worker, the server reset to the test's home and folders and a new browser context
 * (fresh storage) per test; `test.use({ ownServer: true })` gives a test a server of its own, to stop or restart.
 * In the `electron` project it is the desktop app, skipped with the reason where no Electron binary exists.
 */
import { test as base, _electron, chromium, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServe, stopServe } from './serve-process';
import { SharedServe } from './shared-serve';
import { chooseRunOnOpen } from './run-on-open';
import { SHOTS_DIR, takeShot } from './shots';

export { ROOT, startServe, stopServe };
export const SHOTS = SHOTS_DIR;

export interface Workbench {
  page: Page;
  /** The folder of skills the workbench opened (a copy of resources/examples). */
  skills: string;
  home: string;
  /**
   * Browser mode only: the server's URL (with token) and its process, to test the gate. The process is the worker's
   * shared one unless the test asked for `ownServer`: only then may it be killed.
   */
  url?: string;
  server?: ChildProcess;
  /** Takes a screenshot of the whole window into test-results/screenshots. */
  shot(name: string): Promise<void>;
}

export function electronBinary(): string | null {
  try {
    // The electron package's main export is the binary's path; it throws where the download never happened.
    const p = createRequire(__filename)('electron') as unknown;
    return typeof p === 'string' && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function copyExamples(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-skills-'));
  fs.cpSync(path.join(ROOT, 'resources', 'examples'), dir, { recursive: true });
  return dir;
}

/** A browser-mode workbench opened for a test: its page (in a context of its own), address and server. */
export interface Served {
  page: Page;
  url: string;
  server: ChildProcess;
}

/**
 * Opens a browser-mode workbench over `folders` with `home`; `remove` are folders to delete once it is closed.
 * One per test.
 */
export type OpenServed = (opts: { folders: string[]; home: string; remove?: string[] }) => Promise<Served>;

export interface WorkerFixtures {
  sharedServe: SharedServe;
  /** The worker's Chromium, launched on first use. */
  workerBrowser: () => Promise<Browser>;
}

export interface TestFixtures {
  /** A `skillbench serve` of the test's own rather than the worker's shared one: for tests that stop or restart it. */
  ownServer: boolean;
  /** Variables for a server of the test's own (where agents keep their files, so the test writes none of the machine's). */
  serveEnv: Record<string, string>;
  /** The home holds the choice to start the opened folder's skills when they are opened (run-on-open.ts); on by default. */
  runOnOpen: boolean;
  openServed: OpenServed;
  wb: Workbench;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sharedServe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shared = new SharedServe();
      try {
        await use(shared);
      } finally {
        await shared.stop();
      }
    },
    { scope: 'worker' },
  ],
  workerBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      let launched = null as Promise<Browser> | null;
      try {
        await use(() => (launched ??= chromium.launch(workerInfo.project.use.launchOptions)));
      } finally {
        if (launched) await (await launched).close().catch(() => undefined);
      }
    },
    { scope: 'worker' },
  ],
  ownServer: [false, { option: true }],
  serveEnv: [{}, { option: true }],
  runOnOpen: [true, { option: true }],
  openServed: async ({ ownServer, serveEnv, runOnOpen, sharedServe, workerBrowser }, use, testInfo) => {
    let opened = null as { own: ChildProcess | null; remove: string[] } | null;
    let browser = null as Browser | null;
    try {
      await use(async ({ folders, home, remove = [] }) => {
        if (opened) throw new Error('One workbench per test.');
        opened = { own: null, remove };
        if (runOnOpen && folders.length) chooseRunOnOpen(home, folders);
        let served;
        if (ownServer) {
          if (folders.length > 1) throw new Error('A server of its own opens one folder.');
          served = await startServe(folders[0] ?? null, home, { runOnOpen, env: serveEnv });
          opened.own = served.proc;
        } else {
          served = await sharedServe.acquire({ home, folders });
        }
        browser = await workerBrowser();
        // Reduced motion: a spinner or a pulsing dot would have the browser draw frames without end, for nothing a test
        // checks, on machines where the browser's drawing is most of the suite's CPU time.
        const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? { width: 1400, height: 880 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await page.goto(served.url);
        return { page, url: served.url, server: served.proc };
      });
    } finally {
      // Every context the test made (a second window too) goes, with its storage and sockets.
      for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
      if (opened) {
        const { own, remove } = opened;
        if (!own) await sharedServe.release(testInfo.titlePath.join(' › '), remove);
        else {
          try {
            await stopServe(own);
          } finally {
            for (const dir of remove) fs.rmSync(dir, { recursive: true, force: true });
          }
        }
      }
    }
  },
  wb: async ({ openServed, runOnOpen }, use, testInfo) => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    const skills = copyExamples();
    fs.mkdirSync(SHOTS, { recursive: true });
    const project = testInfo.project.name;
    let app: ElectronApplication | null = null;
    let served: Served | undefined;
    let page: Page;
    if (project === 'electron') {
      const bin = electronBinary();
      testInfo.skip(!bin, 'No Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1): the Electron run needs a normal "npm install".');
      if (runOnOpen) chooseRunOnOpen(home, [skills]);
      app = await _electron.launch({ executablePath: bin!, args: [ROOT, '--', skills], env: { ...process.env, SKILLBENCH_HOME: home } });
      page = await app.firstWindow();
      await page.emulateMedia({ reducedMotion: 'reduce' }); // as the browser contexts have it (openServed)
    } else {
      served = await openServed({ folders: [skills], home, remove: [skills, home] });
      page = served.page;
    }
    const wb: Workbench = {
      page,
      skills,
      home,
      url: served?.url,
      server: served?.server,
      shot: async (name) => {
        await takeShot(page, `${project}-${name}`);
      },
    };
    try {
      await use(wb);
    } finally {
      if (app) {
        await app.close().catch(() => undefined);
        fs.rmSync(skills, { recursive: true, force: true });
        fs.rmSync(home, { recursive: true, force: true });
      }
    }
  },
});

export { expect } from '@playwright/test';
