/**
 * Test support for the Python SDK tests: launch a SkillDefinition skill through skillbench_launch.py as a real
 * process driven by the engine's RpcProcess, with a small in-memory host that answers its reverse calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { RpcError } from '../src-main/common/errors';
import { LogSink } from '../src-main/engine/log-sink';
import type { MessageLog } from '../src-main/engine/message-log';
import { RpcProcess } from '../src-main/engine/rpc-process';
import { systemPython } from '../src-main/host/paths';
import type { Cleanup } from './cleanup-fixture';
import { FIXTURES, ROOT, waitFor } from './helpers';

export const LAUNCHER = path.join(ROOT, 'resources', 'python', 'skillbench_launch.py');
export const SKILLDEF = path.join(FIXTURES, 'skilldef');
export const REPO = path.join(FIXTURES, 'skilldef-repo');
export const OUR_SDK = fs.realpathSync(path.join(ROOT, 'resources', 'python', 'dev'));

export type Params = Record<string, any>;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Plays the host for reverse calls: state, data files, events and entities, all in memory. */
export class FakeHost {
  state: Record<string, unknown> = {};
  data = new Map<string, string>();
  entities: Params[] = [];
  events: { eventType: string; data: any }[] = [];
  calls: { method: string; params: Params }[] = [];
  /** Methods the host never answers (timeouts, fire-and-forget). */
  never = new Set<string>();
  delayMs = new Map<string, number>();
  /** Answers for other methods (interop, triggers/fired...), by method. */
  answers = new Map<string, (p: Params) => unknown>();

  handle = async (method: string, params: unknown): Promise<unknown> => {
    const p = (params ?? {}) as Params;
    this.calls.push({ method, params: p });
    const delay = this.delayMs.get(method);
    if (delay) await sleep(delay);
    if (this.never.has(method)) return new Promise(() => undefined);
    const answer = this.answers.get(method);
    if (answer) return answer(p);
    switch (method) {
      case 'state/get':
        return { state: { ...this.state } };
      case 'state/set':
        Object.assign(this.state, p.partial);
        return { ok: true };
      case 'data/read':
        return { content: this.data.get(p.filename) ?? '' };
      case 'data/write':
        if (/[\\/]|\.\./.test(p.filename)) throw new RpcError(-32602, `refused the file name ${p.filename}`);
        this.data.set(p.filename, p.content);
        return { ok: true };
      case 'intelligence/emitEvent':
        this.events.push({ eventType: p.eventType, data: p.data });
        return { ok: true };
      case 'entities/upsert': {
        const i = this.entities.findIndex((e) => e.type === p.type && e.source === p.source && e.sourceId === p.sourceId);
        if (i >= 0) this.entities[i] = p;
        else this.entities.push(p);
        return { ok: true };
      }
      case 'entities/search': {
        const q = String(p.query ?? '').toLowerCase();
        const found = this.entities.filter((e) => String(e.title ?? '').toLowerCase().includes(q) && (!p.types || p.types.includes(e.type)));
        return { results: found.slice(0, p.limit ?? 100) };
      }
      default:
        throw new RpcError(-32601, `Method not found: ${method}`);
    }
  };

  eventsOf(type: string) {
    return this.events.filter((e) => e.eventType === type);
  }

  callsOf(method: string) {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }
}

export interface Running {
  rp: RpcProcess;
  host: FakeHost;
  logs: LogSink;
  /** Every line exchanged, exactly as sent. */
  lines: string[];
  req: <T = any>(method: string, params?: unknown) => Promise<T>;
  stderr: () => string;
}

/** Killed when the test ends. `pythonArgs` go before the launcher: `-S` leaves site-packages out, so installed packages look missing. */
export function launch(cleanup: Cleanup, args: string[], env: Record<string, string> = {}, pythonArgs: string[] = []): Running {
  const logs = new LogSink();
  const host = new FakeHost();
  const lines: string[] = [];
  const rp = new RpcProcess({
    spec: { command: systemPython(), args: [...pythonArgs, LAUNCHER, ...args], cwd: ROOT, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env } },
    logs,
    messages: { trace: (t: { line: string }) => lines.push(t.line), resetPairs: () => undefined } as unknown as MessageLog,
    defaultTimeoutMs: 10_000,
    onRequest: (method, params) => host.handle(method, params),
  });
  cleanup.add({ close: () => rp.child.kill() });
  return {
    rp,
    host,
    logs,
    lines,
    req: (method, params) => rp.request(method, params),
    stderr: () => logs.entries().filter((e) => e.stream === 'stderr').map((e) => e.text).join('\n'),
  };
}

export const fixture = (cleanup: Cleanup, name: string, env?: Record<string, string>) => launch(cleanup, ['--skill-dir', path.join(SKILLDEF, name)], env);
export const text = (r: any) => r.content[0].text as string;

export async function rejection(p: Promise<unknown>): Promise<RpcError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(RpcError);
  return err as RpcError;
}

/** Waits for a load failure: exit code 3 and a stderr that says why. */
export async function loadFailure(s: Running, expected: RegExp): Promise<string> {
  const info = await s.rp.exited;
  expect(info.code).toBe(3);
  await waitFor(() => expected.test(s.stderr()), 5000, `stderr matching ${expected}`);
  return s.stderr();
}

