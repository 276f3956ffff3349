/** The usage, as a user asks for it: through npx from the project folder, and for every command. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from './cli-run';
import { ROOT } from './helpers';

const run = promisify(execFile);
const COMMANDS = ['list', 'inspect', 'call', 'setup', 'state', 'tick', 'message', 'options', 'triggers', 'serve', 'replay', 'report', 'run', 'merge-reports', 'ci', 'new', 'doctor', 'env', 'schedule', 'n3-service'];

describe('skillbench --help', () => {
  it('npx skillbench --help and npx skillbench call --help print our usage, not npm\'s', async () => {
    const all = await run('npx', ['skillbench', '--help'], { cwd: ROOT });
    expect(all.stdout).toMatch(/^Skill Workbench command line\n\nUsage: skillbench <command>/);
    for (const c of COMMANDS) expect(all.stdout).toContain(`\n  ${c} `);
    const call = await run('npx', ['skillbench', 'call', '--help'], { cwd: ROOT });
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
