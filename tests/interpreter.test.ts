/**
 * A Python version manager's shim is asked once which interpreter it picks, and that one is started: the shim's
 * cost is paid once, not on every one-shot call. Real shims (shell scripts that log each run, then exec the real
 * Python, as pyenv's do), real processes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { directInterpreter } from '../src-main/engine/interpreter';
import { runOneShot } from '../src-main/engine/one-shot';
import { LogSink } from '../src-main/engine/log-sink';

const realPython = spawnSync('python3', ['-I', '-S', '-c', 'import sys; sys.stdout.write(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
const tmp: string[] = [];

afterEach(() => {
  for (const d of tmp.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A folder holding a `shims/python3` that logs each run to `runs.log` and then runs `target`. */
function shimFolder(target = realPython): { dir: string; shims: string; log: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-shim-'));
  tmp.push(dir);
  const shims = path.join(dir, 'shims');
  fs.mkdirSync(shims);
  const log = path.join(dir, 'runs.log');
  fs.writeFileSync(path.join(shims, 'python3'), `#!/bin/sh\necho run >> '${log}'\nexec '${target}' "$@"\n`, { mode: 0o755 });
  return { dir, shims, log };
}

const runs = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
const envWith = (shims: string, extra: NodeJS.ProcessEnv = {}) => ({ ...process.env, PATH: `${shims}${path.delimiter}${process.env.PATH}`, ...extra });

describe('the interpreter behind a shim', () => {
  it('is asked of the shim once, and started directly from then on', () => {
    const { dir, shims, log } = shimFolder();
    const env = envWith(shims);
    expect(directInterpreter('python3', dir, env)).toBe(realPython);
    expect(directInterpreter('python3', dir, env)).toBe(realPython);
    expect(directInterpreter(path.join(shims, 'python3'), dir, env)).toBe(realPython);
    expect(runs(log)).toBe(1);
  });

  it('is asked again where a version file pins the folder, or a variable picks another version', () => {
    const { dir, shims, log } = shimFolder();
    const pinned = path.join(dir, 'pinned', 'deeper');
    fs.mkdirSync(pinned, { recursive: true });
    fs.writeFileSync(path.join(dir, 'pinned', '.python-version'), '3.11\n');
    const env = envWith(shims);
    directInterpreter('python3', dir, env);
    directInterpreter('python3', pinned, env);
    directInterpreter('python3', pinned, env);
    directInterpreter('python3', dir, { ...env, PYENV_VERSION: 'system' });
    expect(runs(log)).toBe(3);
  });

  it('leaves a plain interpreter, a link to one (a venv), a wrapper script and other programs as named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-venv-'));
    tmp.push(dir);
    const bin = path.join(dir, '.venv', 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(realPython, path.join(bin, 'python'));
    expect(directInterpreter(path.join(bin, 'python'), dir, process.env)).toBe(path.join(bin, 'python'));
    expect(directInterpreter(realPython, dir, process.env)).toBe(realPython);
    // A script of the author's that sets up Python's path before it runs Python: not a version manager's shim.
    const wrapper = path.join(dir, 'wrapped', 'python3');
    fs.mkdirSync(path.dirname(wrapper));
    fs.writeFileSync(wrapper, `#!/bin/sh\nPYTHONPATH=/somewhere exec '${realPython}' "$@"\n`, { mode: 0o755 });
    expect(directInterpreter(wrapper, dir, process.env)).toBe(wrapper);
    expect(directInterpreter('python3', dir, { ...process.env, PATH: path.dirname(wrapper) })).toBe('python3');
    expect(directInterpreter('node', dir, process.env)).toBe('node');
  });

  it('starts the shim as before where it cannot say which Python it picks', () => {
    const { dir, shims } = shimFolder('/nonexistent/python3');
    expect(directInterpreter('python3', dir, envWith(shims))).toBe('python3');
  });

  it('spares every one-shot call the shim after the first', async () => {
    const { dir, shims, log } = shimFolder();
    const script = path.join(dir, 'echo.py');
    fs.writeFileSync(script, 'import sys\nprint(sys.stdin.read().upper())\n');
    const logs = new LogSink();
    for (let i = 0; i < 3; i++) {
      const out = await runOneShot({ spec: { command: 'python3', args: [script], cwd: dir, env: envWith(shims) }, input: `call ${i}`, logs, timeoutMs: 60_000, maxStdoutBytes: 1 << 20 });
      expect(out.stdout.trim()).toBe(`CALL ${i}`);
    }
    expect(runs(log)).toBe(1);
  });
});
