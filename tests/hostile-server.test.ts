/**
 * Browser mode's gate under attack: NUL bytes and traversal encodings in the URL, malformed
 * JSON-RPC messages, oversize messages, arguments nested or counted beyond reason, and 500 connections
 * at once. Every request is answered or refused, and the server is alive afterwards.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_MESSAGE_BYTES, startServer, type RunningServer } from '../src-main/server/serve';
import { Workbench } from '../src-main/workbench/workbench';
import { FIXTURES, tempDir } from './helpers';

let server: RunningServer;
let wb: Workbench;
let base: string;

beforeAll(async () => {
  const renderer = tempDir('skillbench-renderer-');
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>wb</title>');
  fs.mkdirSync(path.join(renderer, 'assets'));
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log(1)');
  wb = new Workbench({ home: tempDir(), kind: 'browser', folders: [path.join(FIXTURES, 'hostile')], namedFolders: true });
  server = await startServer({ workbench: wb, rendererDir: renderer });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  await wb?.close();
});

/** One raw HTTP request, exactly as written (no client normalising the path): the status line's code. */
function rawStatus(target: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(server.port, '127.0.0.1');
    let data = '';
    sock.on('data', (d: Buffer) => (data += d.toString()));
    sock.on('error', reject);
    sock.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`no HTTP answer to ${target}: ${JSON.stringify(data.slice(0, 80))}`));
    });
    const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    sock.write(lines.join('\r\n') + '\r\n\r\n');
  });
}

async function alive(): Promise<void> {
  const res = await fetch(`${base}/?token=${server.token}`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title>wb</title>');
}

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, { origin: base });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends `frame` and waits for the next answer (events are skipped). */
function answerTo(ws: WebSocket, frame: string): Promise<{ id?: unknown; result?: unknown; error?: { message: string } }> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse((data as Buffer).toString()); // a text frame, as one Buffer
      if (!('id' in msg)) return;
      ws.off('message', onMessage);
      resolve(msg);
    };
    ws.on('message', onMessage);
    ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
    ws.send(frame);
  });
}

describe('the static files under attack', () => {
  it('answers a NUL byte in the path with 400, and stays up', async () => {
    const t = server.token;
    for (const target of [`/%00?token=${t}`, `/index.html%00?token=${t}`, `/%00%00?token=${t}`, `/assets/app.js%00?token=${t}`, `/assets/app.js%00.png?token=${t}`]) {
      expect([400, 404]).toContain(await rawStatus(target));
    }
    await alive();
  });

  it('keeps every traversal encoding inside the renderer folder', async () => {
    const t = server.token;
    const attempts = [
      '/../../../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/..%5c..%5cetc%5cpasswd', '/%252e%252e/etc/passwd', '/assets/../../etc/passwd', '/%c0%ae%c0%ae/etc/passwd',
      '/.%2e/.%2e/etc/passwd', '//etc/passwd', '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/%', '/%zz', '/%E0%A4%A',
    ];
    for (const p of attempts) {
      const status = await rawStatus(`${p}${p.includes('?') ? '&' : '?'}token=${t}`);
      expect([400, 404], p).toContain(status);
    }
    await alive();
  });

  it('refuses a malformed cookie or URL with 400 or 401, never by dying', async () => {
    expect(await rawStatus('/', { Cookie: `skillbench_token_${server.port}=%E0%A4%A` })).toBe(401);
    expect([400, 401]).toContain(await rawStatus('http://[bad'));
    expect([400, 401]).toContain(await rawStatus(`/?token=%00${server.token}`));
    await alive();
  });
});

describe('WebSocket messages under attack', () => {
  it('answers every malformed message with a clear error and keeps the connection', async () => {
    const ws = await open();
    const cases: [string, RegExp, unknown][] = [
      ['null', /must be a JSON object.*not null/, null],
      ['[]', /must be a JSON object.*not an array/, null],
      ['[1,2]', /not an array/, null],
      ['42', /not a number/, null],
      ['"core/hostInfo"', /not a string/, null],
      ['true', /not a boolean/, null],
      ['not json at all', /not JSON/, null],
      ['{"id":1}', /names no command/, 1],
      ['{"id":2,"method":42}', /names no command/, 2],
      ['{"id":3,"method":null}', /names no command/, 3],
      ['{"id":4,"method":"core/noSuchCommand"}', /Unknown command: "core\/noSuchCommand"/, 4],
      ['{"id":5,"method":"__proto__"}', /Unknown command/, 5],
      ['{"id":6,"method":"constructor","params":[]}', /Unknown command/, 6],
      ['{"id":7,"method":"toString"}', /Unknown command/, 7],
      ['{"id":7.5,"method":"hostInfo"}', /Unknown command: "hostInfo"/, 7.5],
      ['{"id":8,"method":"core/hostInfo","params":{"a":1}}', /^hostInfo: params\.a: not a parameter of hostInfo/, 8],
      ['{"id":9,"method":"core/hostInfo","params":"x"}', /^hostInfo: params: expected a list \(by position\) or an object \(by name\), got string/, 9],
      ['{"id":10,"method":"core/getLogs","params":{"skillId":7}}', /^getLogs: params\.skillId: expected string, got number/, 10],
      ['{"id":{"x":1},"method":"core/hostInfo"}', /id must be a number or a text of at most 200 characters, not an object/, null],
      ['{"id":[1],"method":"core/hostInfo"}', /id must be a number or a text/, null],
      [`{"id":"${'x'.repeat(500)}","method":"core/hostInfo"}`, /id must be/, null],
      ['{"id":"s1","method":"core/getLogs","params":["no such skill"]}', /no skill "no such skill"/, 's1'],
    ];
    for (const [frame, error, id] of cases) {
      const answer = await answerTo(ws, frame);
      expect(answer.id, frame).toEqual(id);
      expect(answer.error?.message, frame).toMatch(error);
    }
    // The connection still works, and so does the server.
    // Params left out or null are no arguments (JSON-RPC allows leaving them out).
    expect(await answerTo(ws, '{"jsonrpc":"2.0","id":11,"method":"core/hostInfo","params":null}')).toMatchObject({ id: 11, result: { kind: 'browser' } });
    const ok = await answerTo(ws, JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'core/hostInfo', params: [] }));
    expect(ok).toMatchObject({ id: 99, result: { kind: 'browser' } });
    ws.close();
    await alive();
  });

  it('refuses a 100,000-level setState and a 300,000-argument hostInfo with a validation error', async () => {
    const ws = await open();
    // A skill that keeps state (a SkillDefinition skill), so the state would really be written.
    const skill = (await wb.listSkills()).find((s) => s.protocol === 'skilldef')!.id;
    const deep = `{"id":1,"method":"core/setState","params":[${JSON.stringify(skill)},{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`;
    const a = await answerTo(ws, deep);
    expect(a.error?.message).toMatch(/^setState: params are nested \d+ levels deep; the workbench takes at most 256/);
    const many = `{"id":2,"method":"core/hostInfo","params":[${Array(300_000).fill('0').join(',')}]}`;
    const b = await answerTo(ws, many);
    expect(b.error?.message).toMatch(/^hostInfo: params: 300000 arguments given, it takes none/);
    for (const answer of [a, b]) expect(answer.error?.message).not.toMatch(/call stack/);
    ws.close();
    await alive();
  });

  it('closes with 1009 on a 5 MiB message, and takes the next connection', async () => {
    const ws = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ id: 1, method: 'core/hostInfo', params: ['x'.repeat(5 * 1024 * 1024)] }));
    expect(await closed).toBe(1009);
    expect(MAX_MESSAGE_BYTES).toBeLessThan(5 * 1024 * 1024);
    // A 3 MiB message (tool arguments pasted into a form) is read, and refused for its content, not its size.
    const next = await open();
    const under = await answerTo(next, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'core/getLogs', params: ['x'.repeat(3 * 1024 * 1024)] }));
    expect(under.error?.message).toMatch(/no skill/);
    next.close();
    await alive();
  });

  it('answers or refuses 500 connections at once, and stays up', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, async (_, i) => {
        const ws = await open();
        try {
          const a = await answerTo(ws, JSON.stringify({ jsonrpc: '2.0', id: i, method: i % 2 ? 'core/hostInfo' : 'core/listSkills' }));
          expect(a.id).toBe(i);
          return 'answered';
        } finally {
          ws.close();
        }
      }),
    );
    const answered = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    // Each one either answered, or was refused with a reason (none hung: allSettled returned).
    expect(answered + refused.length).toBe(500);
    for (const r of refused) expect(String(r.reason)).toMatch(/\S/);
    expect(answered).toBeGreaterThan(0);
    await alive();
  });
});
