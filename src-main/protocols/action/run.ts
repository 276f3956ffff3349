/**
 * How one action call is launched and how its process's end becomes a CallOutcome: the command line for
 * an entry, a per-call stderr tee (so a failure shows its own stderr even when calls overlap), and the
 * mapping of exit, timeout, overflow, cancel and stdout onto the outcome. The adapter strings these together.
 */
import fs from 'node:fs';
import type { CallOutcome } from '../../contract';
import { SkillError, describeExit } from '../../common/errors';
import type { OneShotResult } from '../../engine/one-shot';
import { interpretDoc, parseStdout } from './envelope';

/** `python3 script.py` for .py entries (whatever their shebang says); others run directly or via their shebang. */
export function commandFor(entry: string, python: string): { command: string; args: string[] } {
  if (/\.py$/i.test(entry)) return { command: python, args: [entry] };
  try {
    fs.accessSync(entry, fs.constants.X_OK);
    return { command: entry, args: [] };
  } catch {
    // not executable: fall back to the interpreter its first line names
  }
  const first = firstLine(entry);
  if (first?.startsWith('#!')) {
    const parts = first.slice(2).trim().split(/\s+/);
    if (parts[0]?.endsWith('/env')) parts.shift();
    if (parts[0] === '-S') parts.shift();
    const [cmd, ...rest] = parts;
    if (cmd) return { command: /^python[\d.]*$/.test(cmd) ? python : cmd, args: [...rest, entry] };
  }
  return { command: entry, args: [] };
}

function firstLine(file: string): string | undefined {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(256);
      const n = fs.readSync(fd, buf, 0, 256, 0);
      return buf.subarray(0, n).toString('utf8').split('\n')[0];
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

export interface EndContext {
  label: string;
  timeoutMs: number;
  maxStdoutBytes: number;
  stdinBytes: number;
  /** Why the call's signal fired when it was not the caller: the skill was stopped. */
  stopped: boolean;
  stderrTail: string[];
}

/** `trace.form` is 'documented', 'loose: <how>', 'not JSON' (text or Markdown, shown as text), or 'none' when stdout was empty. */
export interface Ended {
  outcome: CallOutcome;
  /** The parsed document, else the raw stdout (capped): what the message log records. */
  response: unknown;
  notes: string[];
}

const RAW_RECORD_CHARS = 64 * 1024;

export function outcomeOf(r: OneShotResult, c: EndContext): Ended {
  const durationMs = Math.round(r.durationMs);
  const stdoutBytes = r.overflowed ? c.maxStdoutBytes + 1 : Buffer.byteLength(r.stdout);
  const trace: Record<string, unknown> = { exitCode: r.code, signal: r.signal, stdinBytes: c.stdinBytes, stdoutBytes, form: 'none' };
  const raw = r.stdout.length > RAW_RECORD_CHARS ? `${r.stdout.slice(0, RAW_RECORD_CHARS)}… [${stdoutBytes} bytes in all]` : r.stdout;
  const fail = (code: string, message: string, details?: unknown, response: unknown = raw, notes: string[] = []): Ended => ({
    outcome: { ok: false, durationMs, error: { code, message, details }, trace, stderrTail: c.stderrTail },
    response,
    notes: [...notes, `${code}: ${message}`],
  });

  if (r.spawnError) {
    return fail(r.spawnError instanceof SkillError ? r.spawnError.code : 'LAUNCH', r.spawnError.message);
  }
  if (r.cancelled) {
    return fail('CANCELLED', c.stopped ? `${c.label} was stopped because the skill was stopped.` : `${c.label} was cancelled and its process stopped.`);
  }
  if (r.timedOut) return fail('TIMEOUT', `${c.label} did not finish within ${secs(c.timeoutMs)} and was stopped.`);
  if (r.overflowed) {
    const limit = mb(c.maxStdoutBytes);
    return fail('PROTOCOL', `${c.label} printed more than ${limit} on stdout, the limit for one answer, and was stopped.`, { limitBytes: c.maxStdoutBytes }, `[over ${limit}: not kept]`);
  }

  const exited = describeExit(r.code, r.signal);
  const failedExit = r.code !== 0 || r.signal !== null;
  const parsed = parseStdout(r.stdout);
  if (!parsed.ok) {
    const details = { exitCode: r.code, signal: r.signal, stdoutHead: r.stdout.slice(0, 500) };
    if (parsed.empty) {
      return failedExit
        ? fail('CRASHED', `${c.label} exited ${exited} without printing a result.`, { exitCode: r.code, signal: r.signal })
        : fail('PROTOCOL', `${c.label} printed nothing on stdout; the protocol expects one JSON document.`, details);
    }
    // Real scripts print Markdown or plain text: with exit 0 that is their result, labelled as not JSON.
    trace.form = 'not JSON';
    if (!failedExit) {
      return { outcome: { ok: true, durationMs, text: raw, trace }, response: raw, notes: ['form: not JSON (plain text or Markdown), shown as text'] };
    }
    // A failed exit with text: the text is what the script has to say about it.
    const failed = fail(r.signal !== null ? 'CRASHED' : 'FAILED', `${c.label} exited ${exited}. It printed:\n${excerpt(r.stdout)}`, details);
    failed.outcome.text = raw;
    return failed;
  }

  const notes: string[] = [];
  const it = interpretDoc(parsed.doc);
  const loose = [...it.loose];
  if (parsed.recovered) loose.unshift(parsed.recovered);
  const form = loose.length ? `loose: ${loose.join('; ')}` : 'documented';
  trace.form = form;
  notes.push(`form: ${form}`);
  if (it.metadata !== undefined) trace.metadata = it.metadata;
  if (failedExit) notes.push(`exited ${exited}`);
  if (it.ok && failedExit && !it.explicit) {
    return fail('CRASHED', `${c.label} exited ${exited}; its output reported neither success nor an error.`, { exitCode: r.code, signal: r.signal, output: parsed.doc }, parsed.doc, notes);
  }
  const outcome: CallOutcome = { ok: it.ok, durationMs, trace };
  if (it.data !== undefined) outcome.data = it.data;
  if (it.text !== undefined) outcome.text = it.text;
  if (it.error) {
    outcome.error = it.error;
    outcome.stderrTail = c.stderrTail;
    notes.push(`error ${it.error.code}: ${it.error.message}`);
  }
  return { outcome, response: parsed.doc, notes };
}

export function secs(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`;
}

/** The first lines of what a script printed, for an error message (the whole text goes with the result). */
function excerpt(s: string): string {
  const t = s.trim();
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS)}…` : t;
}

const EXCERPT_CHARS = 600;
