/**
 * One `skillbench serve` per Playwright worker, reset to a fresh home and workspace for every test (the reset
 * hook, src-main/server/reset-route.ts). Started on first use, so a worker that only runs specs with servers of
 * their own never starts it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { childProcesses, resetServe, startServe, stopServe, type ServeProcess } from './serve-process';
import { scaled } from './machine';

export class SharedServe {
  private served: ServeProcess | null = null;
  private idle: { home: string; folders: string[] } | null = null;
  /** The title of the test that used the workbench last, for the message when it left something running. */
  private last = '(none yet)';
  /** The last test's folders, removed once nothing its workbench started runs. */
  private readonly leftFolders: string[] = [];

  /** The running server; started again if a test stopped it (that test is failed by `release`). */
  async get(): Promise<ServeProcess> {
    if (this.served && this.served.proc.exitCode === null && this.served.proc.signalCode === null) return this.served;
    // Between tests the server holds an empty workspace in a home of its own.
    if (this.idle) fs.rmSync(path.dirname(this.idle.home), { recursive: true, force: true });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-idle-'));
    const idle = { home: path.join(root, 'home'), folders: [path.join(root, 'empty')] };
    for (const dir of [idle.home, ...idle.folders]) fs.mkdirSync(dir);
    this.idle = idle;
    this.served = await startServe(idle.folders[0], idle.home, { resettable: true });
    return this.served;
  }

  /** A fresh workbench over `home` and `folders` in the running server. */
  async acquire(to: { home: string; folders: string[] }): Promise<ServeProcess> {
    const served = await this.get();
    await this.noneLeft(served);
    this.removeLeftFolders();
    await resetServe(served.url, to);
    return served;
  }

  /**
   * Back to the idle workbench after a test, so that its skills stop and its files are closed; fails the test when
   * it killed the shared server. Its folders (`remove`) go once nothing it started runs (see noneLeft).
   */
  async release(title: string, remove: string[]): Promise<void> {
    this.last = title;
    this.leftFolders.push(...remove);
    const served = this.served;
    if (!served || served.proc.exitCode !== null || served.proc.signalCode !== null) {
      throw new Error('The test stopped the shared skillbench serve: a test that stops or restarts the server needs test.use({ ownServer: true }).');
    }
    await resetServe(served.url, this.idle!);
  }

  /** What finishes after a workbench closed (a Doctor's live start) may still write into its home: removed after. */
  private removeLeftFolders(): void {
    for (const dir of this.leftFolders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }

  /**
   * Nothing the last test's workbench started may still run when the next one starts. Its close stopped its
   * skills; what it does not wait for (a Python syntax check or action scan, the Doctor's live start of a skill)
   * ends by itself within its own timeout: wait for that, not a set time. A skill left running never ends.
   */
  private async noneLeft(served: ServeProcess): Promise<void> {
    await expect
      .poll(() => childProcesses(served.proc.pid!), { message: `processes the workbench of "${this.last}" started are still running`, timeout: scaled(30_000) })
      .toEqual([]);
  }

  async stop(): Promise<void> {
    try {
      if (this.served && this.served.proc.exitCode === null && this.served.proc.signalCode === null) {
        await this.noneLeft(this.served);
        await stopServe(this.served.proc);
      }
    } finally {
      this.removeLeftFolders();
    }
    if (this.idle) fs.rmSync(path.dirname(this.idle.home), { recursive: true, force: true });
  }
}
