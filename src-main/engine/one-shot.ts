/**
 * One process per call (action skills, namel3ss tools): write the request to stdin, collect stdout up to
 * a limit, stream stderr into the skill's log, kill the whole group on timeout, overflow or cancel.
 */
import { SkillChild, type SpawnSpec } from './child';
import type { LogSink } from './log-sink';

export interface OneShotOptions {
  spec: SpawnSpec;
  input: string;
  logs: LogSink;
  timeoutMs: number;
  maxStdoutBytes: number;
  signal?: AbortSignal;
}

export interface OneShotResult {
  stdout: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
  /** Stdout went over `maxStdoutBytes`; the process was killed. */
  overflowed: boolean;
  durationMs: number;
  spawnError?: Error;
}

export async function runOneShot(opts: OneShotOptions): Promise<OneShotResult> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflowed = false;
  let timedOut = false;
  let cancelled = false;
  const child: SkillChild = new SkillChild(opts.spec, {
    logs: opts.logs,
    onStdout: (chunk) => {
      if (overflowed) return;
      bytes += chunk.length;
      if (bytes > opts.maxStdoutBytes) {
        overflowed = true;
        chunks.length = 0;
        void child.kill();
        return;
      }
      chunks.push(chunk);
    },
  });
  const timer = setTimeout(() => {
    timedOut = true;
    void child.kill();
  }, opts.timeoutMs);
  const onAbort = () => {
    cancelled = true;
    void child.kill();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  child.proc.stdin?.end(opts.input);
  const stdoutDone = new Promise<void>((resolve) => {
    if (!child.proc.stdout) return resolve();
    child.proc.stdout.once('close', resolve);
    child.proc.stdout.once('error', () => resolve());
  });
  const info = await child.exited;
  // The group is killed when the leader exits, so stdout closes promptly even if a grandchild held it.
  if (!info.spawnError) await Promise.race([stdoutDone, new Promise((r) => setTimeout(r, 2000))]);
  clearTimeout(timer);
  opts.signal?.removeEventListener('abort', onAbort);
  return {
    stdout: Buffer.concat(chunks).toString('utf8'),
    code: info.code,
    signal: info.signal,
    timedOut,
    cancelled,
    overflowed,
    durationMs: performance.now() - started,
    spawnError: info.spawnError,
  };
}
