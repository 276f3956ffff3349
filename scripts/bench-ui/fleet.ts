/** The UI benchmark's world: a folder of identical flood skills, `skillbench serve` over it, and bare starts. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'bench-ui', 'flood_skill.py');
const python = process.env.SKILLBENCH_PYTHON ?? 'python3';

/** `count` skills named flood-01… in a fresh folder. */
export function makeFleet(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-ui-'));
  for (let i = 1; i <= count; i++) {
    const name = `flood-${String(i).padStart(2, '0')}`;
    fs.mkdirSync(path.join(dir, name));
    fs.copyFileSync(SCRIPT, path.join(dir, name, 'flood_skill.py'));
    fs.writeFileSync(path.join(dir, name, 'manifest.json'), JSON.stringify({ name, version: '1.0.0', runtime: { type: 'subprocess', command: python, args: ['flood_skill.py'] } }));
  }
  return dir;
}

export async function serve(folder: string, home: string): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'serve', folder, '--port', '0'], {
    env: { ...process.env, SKILLBENCH_HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Skill Workbench: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.on('exit', (code) => reject(new Error(`skillbench serve exited with ${code}`)));
  });
  return { url, proc };
}

/** The baseline for start-up: the same skills started bare, all at once, each until it answers initialize. */
export async function bareStarts(folder: string): Promise<number> {
  const dirs = fs.readdirSync(folder).map((d) => path.join(folder, d));
  const t0 = performance.now();
  await Promise.all(
    dirs.map(
      (cwd) =>
        new Promise<void>((resolve, reject) => {
          const c = spawn(python, ['flood_skill.py'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
          c.on('error', reject);
          c.stdout.once('data', () => {
            c.stdin.end('{"jsonrpc":"2.0","id":2,"method":"shutdown"}\n');
            resolve();
          });
          c.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n');
        }),
    ),
  );
  return performance.now() - t0;
}

/** Bytes of the skills' complete log files (the logs folder of each skill under the home): how the benchmark knows a flood is in whole. */
export function logBytes(home: string): number {
  let total = 0;
  const walk = (d: string, inLogs: boolean) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p, inLogs || e.name === 'logs');
      else if (inLogs) total += fs.statSync(p).size;
    }
  };
  walk(path.join(home, 'skills'), false);
  return total;
}
