/**
 * Property-based fuzzing: the window link's engine end (in memory, and through a live server), and skill
 * output frames through the real framing, JSON-RPC peer, message history and redactor. A few thousand
 * cases by default; SKILLBENCH_FUZZ_RUNS raises the count for a longer run.
 */
import fc from 'fast-check';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BY_WIRE, COMMANDS } from '../src-main/common/commands';
import { readArgs } from '../src-main/common/commands/check';
import { engineEnd } from '../src-main/common/commands/link';
import { LineReader } from '../src-main/engine/framing';
import { JsonRpcPeer } from '../src-main/common/jsonrpc';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { startServer, type RunningServer } from '../src-main/server/serve';
import { Workbench } from '../src-main/workbench/workbench';
import { tempDir } from './helpers';
import { scaled } from './machine-factor';

const RUNS = Number(process.env.SKILLBENCH_FUZZ_RUNS) || 0;
const runs = (n: number) => ({ numRuns: RUNS || n });
/** A long run takes its time. */
const TIMEOUT = scaled(RUNS ? 3_600_000 : 60_000);

/** Commands safe to call with any arguments on a workbench with no folders: they only read. */
const SAFE = ['hostInfo', 'getWorkspace', 'listSkills', 'getHistory', 'getLogs', 'getMessages', 'getTimeline', 'getData', 'readDataFile', 'getSkillSettings', 'cancelCall', 'listRecordings'].map(
  (name) => COMMANDS.get(name)!.wire,
);
const WIRE_NAMES = [...BY_WIRE.keys()];

const deepText = fc.integer({ min: 1, max: 3000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const anyId = fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.double(), fc.boolean(), fc.constant([1]), fc.constant({ a: 1 }));
const anyParams = fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }));

/** Text a window might send: anything, or something shaped like a command. */
function messageText(methods: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const shaped = fc
    .record({ jsonrpc: fc.constant('2.0'), id: anyId, method: fc.oneof(methods, fc.string({ maxLength: 12 }), fc.constant('__proto__'), fc.integer()), params: anyParams }, { requiredKeys: [] })
    .map((m) => JSON.stringify(m));
  return fc.oneof(
    shaped,
    shaped,
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
    deepText.map((d) => `{"id":1,"method":"core/hostInfo","params":[${d}]}`),
  );
}

/** Whether a message asks for an answer: a request with an id the link can echo. */
function wantsAnswer(text: string): boolean {
  try {
    const m = JSON.parse(text) as Record<string, unknown> | null;
    if (!m || typeof m !== 'object' || Array.isArray(m)) return true;
    if (typeof m.method === 'string') return m.id !== undefined && m.id !== null;
    return !('result' in m) && !('error' in m);
  } catch {
    return true;
  }
}

describe('the window link', () => {
  it('answers every request once, in words, and refuses every other message without throwing', async () => {
    // The engine end with the real argument check in front of a stand-in service.
    const serve = (method: string, params: unknown) => {
      const c = BY_WIRE.get(method);
      if (!c) return Promise.reject(new Error(`Unknown command: ${method}`));
      readArgs(c, params);
      return Promise.resolve('served');
    };
    await fc.assert(
      fc.asyncProperty(messageText(fc.constantFrom(...WIRE_NAMES)), async (text) => {
        const out: string[] = [];
        const peer = engineEnd({ send: (l) => void out.push(l), serve: async (m, p) => serve(m, p) });
        peer.receive(text);
        await new Promise((r) => setImmediate(r));
        expect(out.length).toBeLessThanOrEqual(1);
        if (wantsAnswer(text)) expect(out.length, text).toBe(1);
        for (const line of out) {
          const a = JSON.parse(line);
          expect(a.jsonrpc).toBe('2.0');
          expect(a.id === null || typeof a.id === 'number' || typeof a.id === 'string').toBe(true);
          if ('error' in a) expect(a.error.message.length).toBeGreaterThan(10);
          else expect(a.result).toBe('served');
        }
      }),
      runs(2000),
    );
  }, TIMEOUT);

  describe('through a live server', () => {
    let server: RunningServer;
    let wb: Workbench;
    beforeAll(async () => {
      const renderer = tempDir('skillbench-renderer-');
      fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html>');
      wb = new Workbench({ home: tempDir(), kind: 'browser', folders: [], namedFolders: true });
      server = await startServer({ workbench: wb, rendererDir: renderer });
    });
    afterAll(async () => {
      await server?.close();
      await wb?.close();
    });

    it('answers every message once, and the connection and the server stay up', async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, { origin: `http://127.0.0.1:${server.port}` });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const answers: unknown[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse((d as Buffer).toString()); // a text frame, as one Buffer
        if ('id' in m) answers.push(m);
      });
      const frames = fc.sample(messageText(fc.constantFrom(...SAFE)), RUNS || 800).filter(wantsAnswer);
      for (const f of frames) ws.send(f);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'core/hostInfo' }));
      const end = Date.now() + TIMEOUT / 2;
      while (answers.length < frames.length + 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(answers.length).toBe(frames.length + 1);
      expect(answers.filter((a) => (a as { id?: unknown }).id === 'last').at(-1)).toMatchObject({ id: 'last', result: { kind: 'browser' } });
      for (const a of answers) expect(a && typeof a === 'object' && ('result' in a || 'error' in a)).toBe(true);
      ws.close();
      const res = await fetch(`http://127.0.0.1:${server.port}/?token=${server.token}`);
      expect(res.status).toBe(200);
    }, TIMEOUT);
  });
});

/** One line a skill might write: JSON-RPC of every shape, batches, deep nests, noise, broken JSON. */
const frame: fc.Arbitrary<string> = (() => {
  const id = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.string({ maxLength: 4 }), fc.constant(null), fc.boolean(), fc.constant({ x: 1 }));
  const method = fc.oneof(fc.constantFrom('state/get', 'state/set', 'data/read', 'x', '__proto__', 'constructor'), fc.string({ maxLength: 6 }));
  const value = fc.jsonValue({ maxDepth: 3 });
  const message = fc.oneof(
    fc.record({ jsonrpc: fc.constant('2.0'), id, method, params: value }, { requiredKeys: ['method'] }),
    fc.record({ jsonrpc: fc.constant('2.0'), id, result: value }, { requiredKeys: ['result'] }),
    fc.record({ jsonrpc: fc.constant('2.0'), id, error: fc.oneof(value, fc.record({ code: fc.integer(), message: fc.string() })) }, { requiredKeys: ['error'] }),
    value,
  );
  return fc.oneof(
    { arbitrary: message.map((m) => JSON.stringify(m)), weight: 6 },
    { arbitrary: fc.array(message, { maxLength: 5 }).map((b) => JSON.stringify(b)), weight: 2 },
    { arbitrary: deepText.map((d) => `{"jsonrpc":"2.0","id":7,"method":"deep","params":${d}}`), weight: 1 },
    { arbitrary: deepText.map((d) => `[{"jsonrpc":"2.0","method":"n","params":${d}},${d}]`), weight: 1 },
    { arbitrary: fc.string({ maxLength: 60 }).map((s) => s.replace(/\n/g, ' ')), weight: 2 },
    { arbitrary: message.map((m) => JSON.stringify(m).slice(0, -1)), weight: 1 },
  );
})();

describe('skill output frames', () => {
  it('never throw out of the engine, and every request with an id is answered once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 6 }), fc.boolean(), async (frames, cuts, async) => {
        const redactor = new Redactor();
        redactor.add('sekrit-4321');
        const log = new MessageLog({ redactor });
        let recorded = 0;
        log.tap = (_entry, json) => {
          JSON.parse(json);
          recorded++;
        };
        const sent: string[] = [];
        const peer = new JsonRpcPeer({
          send: (line) => {
            sent.push(line);
            return async ? new Promise<void>((r) => setImmediate(r)) : undefined;
          },
          onRequest: (m, p) => (async ? Promise.resolve({ m, p }) : { m, p }),
          onNotification: () => (async ? Promise.resolve() : undefined),
          trace: (t) => log.trace(t),
          maxIncoming: 4,
        });
        const reader = new LineReader({ maxLineBytes: 64 * 1024, onLine: (l) => peer.receive(l) });
        // The frames as bytes, cut at arbitrary places (framing must not care).
        const bytes = Buffer.from(frames.join('\n') + '\n');
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const n = cuts[i % cuts.length];
          reader.push(bytes.subarray(at, at + n));
          at += n;
        }
        reader.end();
        for (let i = 0; i < 20 && peer.incoming > 0; i++) await new Promise((r) => setImmediate(r));
        expect(peer.incoming).toBe(0);
        // Each request (a method and a usable id) got exactly one answer, under its id.
        const asked = new Map<string, number>();
        const count = (m: unknown) => {
          if (m && typeof m === 'object' && !Array.isArray(m)) {
            const r = m as Record<string, unknown>;
            if (typeof r.method === 'string' && (typeof r.id === 'number' || typeof r.id === 'string' || typeof r.id === 'boolean' || (typeof r.id === 'object' && r.id !== null))) {
              asked.set(JSON.stringify(r.id), (asked.get(JSON.stringify(r.id)) ?? 0) + 1);
            }
          }
        };
        for (const f of frames) {
          let v: unknown;
          try {
            v = JSON.parse(f);
          } catch {
            continue;
          }
          if (Array.isArray(v)) v.forEach(count);
          else count(v);
        }
        const answered = new Map<string, number>();
        for (const line of sent) {
          const m = JSON.parse(line) as { id: unknown };
          answered.set(JSON.stringify(m.id), (answered.get(JSON.stringify(m.id)) ?? 0) + 1);
        }
        expect(answered).toEqual(asked);
        expect(recorded).toBeGreaterThanOrEqual(sent.length);
      }),
      runs(1500),
    );
  }, TIMEOUT);
});
