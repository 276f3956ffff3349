/** The usage, as a user asks for it: through npx from the project folder, and for every command. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { ROOT } from './helpers';

const run = promisify(execFile);
const COMMANDS = ['list', 'inspect', 'call', 'setup', 'state', 'tick', 'message', 'options', 'triggers', 'serve', 'replay', 'report', 'run', 'merge-reports', 'ci', 'new', 'doctor', 'env', 'schedule', 'n3-service'];

describe('skillbench --help', () => {
  it('npx skillbench --help and npx skillbench call --help print our usage, not npm\'s, at once and without building', async ({ cleanup }) => {
    // A first `npx skillbench` (an empty npx cache) installs the clone into that cache, which runs its `prepare`: it
    // must not build there (a minute in silence, and a Ctrl+C during it broke every later npx skillbench).
    const stamp = path.join(ROOT, 'out', '.build-stamp.json');
    const built = fs.statSync(stamp).mtimeMs;
    const env = { ...process.env, npm_config_cache: cleanup.tempDir('skillbench-npm-cache-') };
    const all = await run('npx', ['skillbench', '--help'], { cwd: ROOT, env });
    expect(fs.statSync(stamp).mtimeMs).toBe(built);
    expect(all.stdout).toMatch(/^Skill Workbench command line\n\nUsage: skillbench <command>/);
    for (const c of COMMANDS) expect(all.stdout).toContain(`\n  ${c} `);
    const call = await run('npx', ['skillbench', 'call', '--help'], { cwd: ROOT, env });
    expect(call.stdout).toMatch(/^Usage: skillbench call <path> <tool>/);
  });

  it('every command answers --help with its usage and exit 0', async () => {
    for (const c of COMMANDS) {
      const r = await cli([c, '--help']);
      expect(r.code, c).toBe(0);
      expect(r.stdout, c).toMatch(new RegExp(`^Usage: skillbench ${c}\\b`));
    }
  });
});
