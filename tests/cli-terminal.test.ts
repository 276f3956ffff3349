/**
 * The command line on a terminal: a skill's name (here with OSC 52, a clipboard write, a window title and hidden
 * text) are printed with their control characters made visible, so they act on nothing. Run under a real
 * pseudo-terminal (Python's pty module); into a pipe, the text stays as the skill wrote it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { FIXTURES, ROOT } from './helpers';
import { visibleControls } from '../src-main/cli/terminal-text';

const HOSTILE = 'prices\u001b]52;c;ZXZpbA==\u0007\u001b]0;owned\u0007\u001b[8mhidden\u001b[0m';

/** Runs the bin with its stdout and stderr on a pseudo-terminal; answers all it printed there. */
function onTerminal(args: string[], env: Record<string, string>): string {
  const py = `
import os, pty, subprocess, sys, json
argv = json.loads(sys.argv[1])
master, slave = pty.openpty()
p = subprocess.Popen(argv, stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, close_fds=True)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
p.wait()
sys.stdout.write(out.decode("utf-8", "replace"))
`;
  const r = spawnSync('python3', ['-c', py, JSON.stringify([process.execPath, path.join(ROOT, 'bin', 'skillbench.cjs'), ...args])], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return r.stdout;
}

describe('the command line on a terminal', () => {
  it("prints a skill's controls as visible text on a terminal, and as they are into a pipe", ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'hostile');
    fs.cpSync(path.join(FIXTURES, 'rpc'), dir, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, name: HOSTILE }));
    const shown = onTerminal(['list', dir], { SKILLBENCH_HOME: cleanup.tempDir() });
    expect(shown).toContain('prices\\x1b]52;c;ZXZpbA==\\x07');
    expect(shown).not.toContain('\u001b');
    expect(shown).not.toContain('\u0007');
    const piped = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'list', dir], { env: { ...process.env, SKILLBENCH_HOME: cleanup.tempDir() }, encoding: 'utf8' });
    expect(piped.stdout).toContain(HOSTILE);
  });

  it('makes C0 and C1 controls visible and leaves tabs, newlines and other text alone', () => {
    expect(visibleControls('a\tb\nc\u001b[2Jd\u009be\u0000é')).toBe('a\tb\nc\\x1b[2Jd\\x9be\\x00é');
  });
});
