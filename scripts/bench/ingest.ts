/** stderr ingest: a skill flooding its log, read raw (bytes counted and dropped) against the engine's LogSink. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SkillChild } from '../../src-main/engine/child';
import { LogSink } from '../../src-main/engine/log-sink';
import { systemPython } from '../../src-main/host/paths';
import { skillEnvironment } from '../../src-main/protocols/skill-env';

export function floodRaw(benchDir: string, mib: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const c = spawn(systemPython(), [path.join(benchDir, 'stderr_flood.py'), String(mib)], { env: skillEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] });
    c.stderr.on('data', (d: Buffer) => (bytes += d.length));
    c.on('error', reject);
    c.on('close', () => resolve(bytes));
  });
}

/** The same bytes read raw and piped straight into a file: what the disk allows, with no log structure. */
export function floodRawToFile(benchDir: string, mib: number, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn(systemPython(), [path.join(benchDir, 'stderr_flood.py'), String(mib)], { env: skillEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] });
    const out = fs.createWriteStream(file);
    c.stderr.pipe(out);
    c.on('error', reject);
    out.on('finish', () => resolve());
  });
}

export async function floodEngine(benchDir: string, mib: number, logFile: string): Promise<number> {
  const logs = new LogSink({ file: logFile });
  const child = new SkillChild(
    { command: systemPython(), args: [path.join(benchDir, 'stderr_flood.py'), String(mib)], cwd: benchDir, env: skillEnvironment() },
    { logs },
  );
  const closed = new Promise<void>((resolve) => child.proc.stderr!.once('close', () => resolve()));
  await child.exited;
  await closed;
  await logs.close();
  return mib * 1024 * 1024;
}
