/**
 * One `skillbench serve` per Playwright worker, reset to a fresh home and workspace for every test (the reset
 * hook, src-main/server/reset-route.ts). Started on first use, so a worker that only runs specs with servers of
 * their own never starts it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { childProcesses, resetServe, startServe, stopServe, type Served } from './serve-process';

/** The workbench's own short-lived Python programs (host/run-python.ts): `-c` scripts and the action scan. */
const SHORT_CHECK = /python[\d.]*\s.*(\s-c\s|action_scan\.py)/;

export class SharedServe {
  private served: Served | null = null;
  private idle: { home: string; folders: string[] } | null = null;

  /** The running server; started again if a test stopped it (that test is failed by `release`). */
  async get(): Promise<Served> {
    if (this.served && this.served.proc.exitCode === null && this.served.proc.signalCode === null) return this.served;
    // Between tests the server holds an empty workspace in a home of its own.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-idle-'));
    const idle = { home: path.join(root, 'home'), folders: [path.join(root, 'empty')] };
    for (const dir of [idle.home, ...idle.folders]) fs.mkdirSync(dir);
    this.idle = idle;
    this.served = await startServe(idle.folders[0], idle.home, { resettable: true });
    return this.served;
  }

  /** A fresh workbench over `home` and `folders` in the running server. */
  async acquire(to: { home: string; folders: string[] }): Promise<Served> {
    const served = await this.get();
    // The short Python checks the last workbench started end by themselves: wait for that, not a set time.
    await expect
      .poll(() => childProcesses(served.proc.pid!), { message: 'processes of the previous test still running', timeout: 30_000 })
      .toEqual([]);
    await resetServe(served.url, to);
    return served;
  }

  /**
   * Back to the idle workbench after a test, so that its skills stop and its files are closed before its folders
   * are removed; fails the test when it killed the shared server or left a skill running.
   */
  async release(): Promise<void> {
    const served = this.served;
    if (!served || served.proc.exitCode !== null || served.proc.signalCode !== null) {
      throw new Error('The test stopped the shared skillbench serve: a test that stops or restarts the server needs test.use({ ownServer: true }).');
    }
    await resetServe(served.url, this.idle!);
    // The old workbench's close waited for its skills to exit: none may be left. Its short Python checks (a
    // syntax check, an action script's scan) end by themselves; `acquire` waits for them.
    expect(childProcesses(served.proc.pid!).filter((p) => !SHORT_CHECK.test(p)), 'skills still running after the workbench was reset').toEqual([]);
  }

  async stop(): Promise<void> {
    if (this.served) await stopServe(this.served.proc);
    if (this.idle) fs.rmSync(path.dirname(this.idle.home), { recursive: true, force: true });
  }
}
