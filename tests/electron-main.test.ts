/**
 * The desktop build is runnable code: the built Electron main bundle runs under plain Node with a stand-in
 * `electron` module that records what the main process asks of it (tests/fixtures/electron-stub). The real
 * Electron run is in the end-to-end suite, wherever an Electron binary exists.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { EXAMPLES, ROOT } from './helpers';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processesUnder } = require('./fixtures/electron-stub/procs.cjs') as { processesUnder: (dir: string) => number[] };

const MAIN = path.join(ROOT, 'out', 'main', 'index.js');
const DRIVER = path.join(ROOT, 'tests', 'fixtures', 'electron-stub', 'drive.cjs');

function ensureBuilt(): void {
  if (fs.existsSync(MAIN) && fs.existsSync(path.join(ROOT, 'out', 'renderer', 'index.html'))) return;
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
}

describe('the Electron main bundle', () => {
  it('opens one secured window, registers every contract channel, answers only its window, and quits after stopping its skills', async ({ cleanup }) => {
    ensureBuilt();
    const home = cleanup.tempDir();
    const skills = cleanup.tempDir('skillbench-electron-skills-');
    fs.cpSync(EXAMPLES, skills, { recursive: true });
    const reportFile = path.join(home, 'report.json');
    const child = spawn(process.execPath, ['-r', DRIVER, MAIN, '--', skills], {
      env: { ...process.env, SKILLBENCH_HOME: home, STUB_REPORT: reportFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    expect(report.error, stderr).toBeUndefined();
    expect(code).toBe(0);

    expect(report.appName).toBe('Skill Workbench');
    expect(report.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    // One window, with Electron's security checklist in its preferences and a preload that exists.
    expect(report.window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(report.preloadExists).toBe(true);
    expect(report.window.loaded).toEqual(['app://skillbench/index.html']);
    expect(report.window.shown).toBe(true);
    expect(report.indexExists).toBe(true);
    expect(report.escapeStatus).toBe(404);
    expect(report.navigationPrevented).toBe(true);
    expect(report.windowOpen).toEqual({ action: 'deny' });
    expect(report.permissionGranted).toBe(false);
    expect(report.permissionCheck).toBe(false);
    expect(report.csp[0]).toContain("default-src 'self'");
    expect(report.appCsp).toEqual(["sandbox allow-scripts; default-src 'none'"]);

    // The window link is one channel (JSON-RPC, both ways), and nothing else is registered.
    expect(report.channels).toEqual(['skillbench:rpc']);
    expect(report.listSkills).toEqual(expect.arrayContaining(['gas-estimator', 'greeter-app', 'Price alerts']));
    expect(report.foreign.message).toMatch(/did not come from the workbench window/);
    // The door checks a command's arguments over IPC as over the WebSocket.
    expect(report.badParams).toMatchObject({ code: -32602, message: 'startSkill: params.skillId: expected string, got number' });
    expect(report.startSkill).toEqual({ result: null });
    expect(report.skillProcessesRunning).toBeGreaterThan(0);

    // The quit was held until the workbench closed, then went ahead; no skill process outlives the app.
    expect(report.quitHeld).toBe(true);
    expect(report.quitCalls).toBe(1);
    expect(processesUnder(skills)).toEqual([]);
  });
});
