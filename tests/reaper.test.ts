/**
 * Processes do not outlive their skill (issue item 8), by what the launcher asks of the kernel:
 * PR_SET_CHILD_SUBREAPER (a double-forked daemon is re-parented to the skill, where the stop's walk of
 * its processes finds it, however soon after the fork it stops) and PR_SET_PDEATHSIG (a skill that
 * ignores EOF dies with the workbench, even a SIGKILLed one). Linux only. What remains is in the README.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { pythonResources, systemPython } from '../src-main/host/paths';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES, isAlive, waitFor } from './helpers';

const DIR = path.join(FIXTURES, 'skilldef-daemon');

describe.skipIf(process.platform !== 'linux')('what a SkillDefinition skill leaves behind (Linux)', () => {
  it('stops a double-forked daemon in a new session, started just before the stop', async ({ cleanup }) => {
    const file = path.join(cleanup.tempDir(), 'daemon.pid');
    const rt = cleanup.add(SkillRuntime.withSettings(resolveSkill(DIR, { protocol: 'skilldef' }), cleanup.tempDir(), { restart: { enabled: false } }));
    await rt.start();
    await rt.call('daemon', { pid_file: file });
    const daemon = await waitFor(() => fs.existsSync(file) && Number(fs.readFileSync(file, 'utf8')), 5000, 'the daemon pid');
    cleanup.add({ close: () => Promise.resolve(void (isAlive(daemon) && process.kill(daemon, 'SIGKILL'))) });
    expect(isAlive(daemon)).toBe(true);
    await rt.stop();
    await waitFor(() => !isAlive(daemon), 3000, 'the daemon to be gone');
  });

  it('dies with its host, even a SIGKILLed one, though it ignores EOF', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const pidFile = path.join(dir, 'skill.pid');
    // A host in miniature: starts the launcher as the workbench does (stdin a pipe it holds), says its pid.
    const script = `const c=require('node:child_process').spawn(${JSON.stringify(systemPython())},[${JSON.stringify(path.join(pythonResources(), 'skillbench_launch.py'))},'--skill-dir',${JSON.stringify(DIR)}],{stdio:['pipe','ignore','ignore'],env:{...process.env,DAEMON_HOLD:'1'}});require('node:fs').writeFileSync(${JSON.stringify(pidFile)},String(c.pid));setInterval(()=>{},1000);`;
    const host = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    const skill = await waitFor(() => fs.existsSync(pidFile) && Number(fs.readFileSync(pidFile, 'utf8')), 10_000, 'the skill pid');
    cleanup.add({ close: () => Promise.resolve(void (isAlive(skill) && process.kill(skill, 'SIGKILL'))) });
    await new Promise((r) => setTimeout(r, 1500)); // loaded, serving
    expect(isAlive(skill)).toBe(true);
    host.kill('SIGKILL');
    await waitFor(() => !isAlive(skill), 5000, 'the skill to die with its host');
  });
});
