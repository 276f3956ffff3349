/**
 * The end-to-end fixture: a fresh workbench per test, in a temporary home, over a copy of the bundled
 * examples (so tests may change skills). In the `browser` project it is `skillbench serve` in Chromium;
 * in the `electron` project it is the desktop app, skipped with the reason where no Electron binary exists.
 */
import { test as base, _electron, chromium, type ElectronApplication, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
export const SHOTS = path.join(ROOT, 'test-results', 'screenshots');

export interface Workbench {
  page: Page;
  /** The folder of skills the workbench opened (a copy of resources/examples). */
  skills: string;
  home: string;
  /** Browser mode only: the server's URL (with token) and the process, to test the gate or kill it. */
  url?: string;
  server?: ChildProcess;
  /** Takes a screenshot of the whole window into test-results/screenshots. */
  shot(name: string): Promise<void>;
}

export function electronBinary(): string | null {
  try {
    const p = require('electron') as unknown as string;
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

/** Starts `skillbench serve` on a free port; `skills` null opens no folder (what a first start shows). */
export async function startServe(skills: string | null, home: string): Promise<{ url: string; proc: ChildProcess }> {
  const folders = skills === null ? [] : [skills];
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', ...folders, '--port', '0'], {
    env: { ...process.env, SKILLBENCH_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`skillbench serve did not start: ${err}`)), 15_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /Skill Workbench: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.stderr!.on('data', (d) => (err += d));
    proc.on('exit', (code) => reject(new Error(`skillbench serve exited with ${code}: ${err}`)));
  });
  return { url, proc };
}

/**
 * Stops a server as Ctrl+C or a service manager would. One that is still alive 10 s after SIGTERM is killed
 * and the test fails: a workbench that ignores the signal is a bug (it would outlive its terminal).
 */
export async function stopServe(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<boolean>((r) => proc.once('exit', () => r(true)));
  proc.kill('SIGTERM');
  if (await Promise.race([exited, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))])) return;
  proc.kill('SIGKILL');
  throw new Error(`skillbench serve (pid ${proc.pid}) was still running 10 s after SIGTERM`);
}

export const test = base.extend<{ wb: Workbench }>({
  // eslint-disable-next-line no-empty-pattern
  wb: async ({}, use, testInfo) => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
    const skills = copyExamples();
    fs.mkdirSync(SHOTS, { recursive: true });
    const project = testInfo.project.name;
    let app: ElectronApplication | null = null;
    let server: ChildProcess | undefined;
    let page: Page;
    let url: string | undefined;
    if (project === 'electron') {
      const bin = electronBinary();
      testInfo.skip(!bin, 'No Electron binary on this machine (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1): the Electron run needs a normal "npm install".');
      app = await _electron.launch({ executablePath: bin!, args: [ROOT, '--', skills], env: { ...process.env, SKILLBENCH_HOME: home } });
      page = await app.firstWindow();
    } else {
      const started = await startServe(skills, home);
      server = started.proc;
      url = started.url;
      const browser = await chromium.launch(testInfo.project.use.launchOptions);
      page = await browser.newPage({ viewport: testInfo.project.use.viewport ?? { width: 1400, height: 880 } });
      await page.goto(url);
    }
    const wb: Workbench = {
      page,
      skills,
      home,
      url,
      server,
      shot: async (name) => {
        await page.screenshot({ path: path.join(SHOTS, `${project}-${name}.png`) });
      },
    };
    try {
      await use(wb);
    } finally {
      if (app) await app.close().catch(() => undefined);
      else await page.context().browser()?.close().catch(() => undefined);
      try {
        if (server) await stopServe(server);
      } finally {
        fs.rmSync(skills, { recursive: true, force: true });
        fs.rmSync(home, { recursive: true, force: true });
      }
    }
  },
});

export { expect } from '@playwright/test';
