/**
 * Processes do not outlive their skill, by what the launcher asks of the kernel: PR_SET_CHILD_SUBREAPER (a
 * double-forked daemon is re-parented to the skill, where the stop's walk of its processes finds it, however
 * soon after the fork it stops) and PR_SET_PDEATHSIG (a skill that ignores EOF dies with the workbench, even a
 * SIGKILLed one). Every protocol's process starts through a launcher that sets both: SkillDefinition's own, and
 * for the rest skillbench_reap.py, on the skill's Python or, for any other program, the system's. Linux only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { pythonResources, systemPython } from '../src-main/host/paths';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES, isAlive, waitFor } from './helpers';
import { scaled } from './machine-factor';

const DIR = path.join(FIXTURES, 'skilldef-daemon');
const RPC_DIR = path.join(FIXTURES, 'rpc');

/** A JSON-RPC skill in Node whose tool leaves a daemon behind through a shell: setsid, then `&` and the shell gone. */
const NODE_SKILL = `const { spawn } = require('node:child_process');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  const answer = (result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: req.id, result }) + '\\n');
  if (req.method === 'initialize') return answer({ name: 'node-daemon', version: '0.1.0', tools: [{ name: 'daemon', description: 'Leaves a daemon behind', parameters: { type: 'object', properties: {} } }] });
  if (req.method === 'tools/call') {
    const sh = spawn('setsid', ['sh', '-c', 'sleep 300 & echo $! > "$PID_FILE"'], { stdio: 'ignore', env: { ...process.env, PID_FILE: req.params.arguments.pid_file } });
    return sh.on('exit', () => answer({ content: 'started' }));
  }
  answer({ ok: true });
  if (req.method === 'shutdown') process.exit(0);
});
`;

/** Calls the skill's `daemon` tool, then stops the skill: the daemon (its pid read from the file) is gone soon after. */
async function stopsItsDaemon(cleanup: Cleanup, rt: SkillRuntime, pidOf: (text: string) => number = Number): Promise<void> {
  const file = path.join(cleanup.tempDir(), 'daemon.pid');
  await rt.start();
  await rt.call('daemon', { pid_file: file });
  const daemon = await waitFor(() => fs.existsSync(file) && pidOf(fs.readFileSync(file, 'utf8')), 5000, 'the daemon pid');
  cleanup.add({ close: () => Promise.resolve(void (isAlive(daemon) && process.kill(daemon, 'SIGKILL'))) });
  expect(isAlive(daemon)).toBe(true);
  await rt.stop();
  await waitFor(() => !isAlive(daemon), 3000, 'the daemon to be gone');
}

describe.skipIf(process.platform !== 'linux')('what a skill leaves behind (Linux)', () => {
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

  it('stops the double-forked daemon of an unconfined JSON-RPC skill in Python', async ({ cleanup }) => {
    const rt = cleanup.add(SkillRuntime.withSettings(resolveSkill(RPC_DIR), cleanup.tempDir(), { restart: { enabled: false } }));
    await stopsItsDaemon(cleanup, rt, (text) => (JSON.parse(text) as { grandchild: number }).grandchild);
  });

  it('stops the setsid daemon of a JSON-RPC skill in Node (the launcher on the system Python)', async ({ cleanup }) => {
    const dir = cleanup.tempDir('node-daemon-');
    fs.writeFileSync(path.join(dir, 'skill.js'), NODE_SKILL);
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ name: 'node-daemon', description: 'A JSON-RPC skill in Node that leaves a daemon', version: '0.1.0', runtime: { type: 'subprocess', command: process.execPath, args: ['skill.js'] } }));
    await stopsItsDaemon(cleanup, cleanup.add(SkillRuntime.withSettings(resolveSkill(dir), cleanup.tempDir(), { restart: { enabled: false } })));
  });

  it('dies with its host, even a SIGKILLed one, though it ignores EOF', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const pidFile = path.join(dir, 'skill.pid');
    // A host in miniature: starts the launcher as the workbench does (stdin a pipe it holds), says its pid.
    const script = `const c=require('node:child_process').spawn(${JSON.stringify(systemPython())},[${JSON.stringify(path.join(pythonResources(), 'skillbench_launch.py'))},'--skill-dir',${JSON.stringify(DIR)}],{stdio:['pipe','ignore','ignore'],env:{...process.env,DAEMON_HOLD:'1'}});require('node:fs').writeFileSync(${JSON.stringify(pidFile)},String(c.pid));setInterval(()=>{},1000);`;
    const host = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    const skill = await waitFor(() => fs.existsSync(pidFile) && Number(fs.readFileSync(pidFile, 'utf8')), 10_000, 'the skill pid');
    cleanup.add({ close: () => Promise.resolve(void (isAlive(skill) && process.kill(skill, 'SIGKILL'))) });
    // Loaded and serving, its death signal armed: a Python start, which a busy machine stretches.
    await new Promise((r) => setTimeout(r, scaled(1500)));
    expect(isAlive(skill)).toBe(true);
    host.kill('SIGKILL');
    await waitFor(() => !isAlive(skill), 5000, 'the skill to die with its host');
  });
});
