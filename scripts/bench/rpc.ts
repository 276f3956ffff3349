/**
 * tools/call round trips through the engine (the real adapter, with its log and message history on disk)
 * against a raw pipe: the same echo skill driven by a minimal loop that writes lines and reads lines.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LineReader } from '../../src-main/engine/framing';
import { resolveSkill } from '../../src-main/protocols/discover';
import { SkillRuntime } from '../../src-main/runtime/skill-runtime';
import { systemPython } from '../../src-main/host/paths';
import { skillEnvironment } from '../../src-main/protocols/skill-env';

export function echoSkillDir(benchDir: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-skill-'));
  fs.copyFileSync(path.join(benchDir, 'echo_skill.py'), path.join(dir, 'echo_skill.py'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ name: 'echo', runtime: { type: 'subprocess', command: 'python3', args: ['echo_skill.py'] } }));
  return dir;
}

/** A raw child: write a line, get lines back. No JSON-RPC layer at all; the same interpreter settings as the engine's. */
export class RawPipe {
  private readonly child;
  private waiters: ((line: string) => void)[] = [];
  private readonly reader = new LineReader({ onLine: (l) => this.waiters.shift()?.(l) });

  constructor(dir: string) {
    this.child = spawn(systemPython(), ['echo_skill.py'], { cwd: dir, env: skillEnvironment(), stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout.on('data', (c: Buffer) => this.reader.push(c));
  }

  call(i: number): Promise<string> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.child.stdin.write(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"i":${i}}}}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}

export async function openEngine(dir: string, home: string): Promise<SkillRuntime> {
  const rt = new SkillRuntime(resolveSkill(dir), { home, restart: { enabled: false } });
  await rt.start();
  return rt;
}

export async function sequential(call: (i: number) => Promise<unknown>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await call(i);
}

/** Keeps `window` calls in flight until `n` are done. */
export async function pipelined(call: (i: number) => Promise<unknown>, n: number, window: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) await call(next++);
  };
  await Promise.all(Array.from({ length: window }, lane));
}
