/**
 * One process per call (action skills, namel3ss tools): write the request to stdin, collect stdout up to
 * a limit, stream stderr into the skill's log, kill the whole group on timeout, overflow or cancel.
 */
import { StringDecoder } from 'node:string_decoder';
import { SkillChild, type SpawnSpec } from './child';
import type { LogSink } from './log-sink';

export interface OneShotOptions {
  spec: SpawnSpec;
  input: string;
  /** Where stderr goes besides `stderr` (a skill's log); none for a run that keeps only its own. */
  logs?: LogSink;
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
  /** This call's own stderr (its last 64 KiB), whatever other calls of the skill printed meanwhile. */
  stderr: string;
  spawnError?: Error;
}

const STDERR_KEEP = 64 * 1024;

export async function runOneShot(opts: OneShotOptions): Promise<OneShotResult> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  let bytes = 0;
  let overflowed = false;
  let timedOut = false;
  let cancelled = false;
  let stderr = '';
  const decoder = new StringDecoder('utf8');
  const child: SkillChild = new SkillChild(opts.spec, {
    logs: opts.logs,
    onStderr: (chunk) => {
      stderr += decoder.write(chunk);
      if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    },
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
  const closed = (s: NodeJS.ReadableStream | null) =>
    new Promise<void>((resolve) => {
      if (!s) return resolve();
      s.once('close', resolve);
      s.once('error', () => resolve());
    });
  const pipesDone = Promise.all([closed(child.proc.stdout), closed(child.proc.stderr)]);
  const info = await child.exited;
  // The group is killed when the leader exits, so the pipes close promptly even if a grandchild held them.
  if (!info.spawnError) await Promise.race([pipesDone, new Promise((r) => setTimeout(r, 2000))]);
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
    stderr: (stderr + decoder.end()).slice(-STDERR_KEEP),
    spawnError: info.spawnError,
  };
}

/** The lines of a captured stderr, without the empty one after its last newline. */
export function stderrLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
