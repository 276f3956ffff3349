import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RpcError, SkillError } from '../src-main/common/errors';
import { JsonRpcPeer, type RpcTrace } from '../src-main/common/jsonrpc';

/** Two peers wired back to back, each line delivered asynchronously as a pipe would. */
function pair(aOpts: Partial<ConstructorParameters<typeof JsonRpcPeer>[0]> = {}, bOpts: Partial<ConstructorParameters<typeof JsonRpcPeer>[0]> = {}) {
  const a: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => b.receive(l)), ...aOpts });
  const b: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => a.receive(l)), ...bOpts });
  return { a, b };
}

describe('JsonRpcPeer', () => {
  it('correlates answers that come back in any order', async () => {
    const { a } = pair({}, {
      onRequest: async (_m, p) => {
        const { n } = p as { n: number };
        await new Promise((r) => setTimeout(r, (10 - n) * 3));
        return n * 2;
      },
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => a.request('double', { n })));
    expect(results).toEqual(Array.from({ length: 10 }, (_, n) => n * 2));
  });

  it('serves the other side\'s requests while its own are pending, ids never confused', async () => {
    // Both sides number from 1: b asks a something while answering a's request with the same id.
    const peers = pair(
      { onRequest: (m) => (m === 'state/get' ? { state: { x: 1 } } : null) },
      {
        onRequest: async () => {
          const s = await peers.b.request<{ state: unknown }>('state/get');
          return { got: s.state };
        },
      },
    );
    await expect(peers.a.request('tools/call')).resolves.toEqual({ got: { x: 1 } });
  });

  it('rejects with the remote error code and message', async () => {
    const { a } = pair({}, { onRequest: () => { throw new RpcError(-32603, 'Unknown method: x'); } });
    await expect(a.request('x')).rejects.toMatchObject({ code: -32603, message: 'Unknown method: x' });
  });

  it('answers -32601 when it has no handler', async () => {
    const { a } = pair();
    await expect(a.request('nope')).rejects.toMatchObject({ code: -32601 });
  });

  it('times out a request, saying which method', async () => {
    const a = new JsonRpcPeer({ send: () => undefined });
    await expect(a.request('slow/thing', {}, { timeoutMs: 20 })).rejects.toThrow(/JSON-RPC timeout: slow\/thing/);
    expect(a.pendingCount).toBe(0);
  });

  it('times out each request on its own deadline, a shorter one sent later first (one timer for all)', async () => {
    const a = new JsonRpcPeer({ send: () => undefined });
    const order: string[] = [];
    const long = a.request('long', {}, { timeoutMs: 200 }).catch((e: Error) => order.push(e.message));
    const never = a.request('never', {}, { timeoutMs: 0 });
    const short = a.request('short', {}, { timeoutMs: 20 }).catch((e: Error) => order.push(e.message));
    await Promise.all([long, short]);
    expect(order).toEqual(['JSON-RPC timeout: short got no answer within 20 ms', 'JSON-RPC timeout: long got no answer within 200 ms']);
    // A request without a timeout waits for its answer however long the others took.
    expect(a.pendingCount).toBe(1);
    a.receive('{"jsonrpc":"2.0","id":2,"result":"late but fine"}');
    await expect(never).resolves.toBe('late but fine');
  });

  it('cancels a request through its signal', async () => {
    const a = new JsonRpcPeer({ send: () => undefined });
    const ac = new AbortController();
    const p = a.request('x', {}, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(SkillError);
  });

  it('rejects every pending request at once on close, and later ones too', async () => {
    const a = new JsonRpcPeer({ send: () => undefined });
    const ps = [a.request('one'), a.request('two')];
    a.close(new Error('Skill process exited with code 3'));
    for (const p of ps) await expect(p).rejects.toThrow('exited with code 3');
    await expect(a.request('three')).rejects.toThrow('exited with code 3');
  });

  it('logs a response with id null and matches it to nothing', async () => {
    const noise: string[] = [];
    const traces: RpcTrace[] = [];
    const a = new JsonRpcPeer({ send: () => undefined, onNoise: (_l, r) => noise.push(r), trace: (t) => traces.push(t) });
    const p = a.request('x', {}, { timeoutMs: 50 });
    a.receive('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
    expect(noise).toEqual(['response with id null']);
    expect(traces.at(-1)?.note).toMatch(/id null/);
    a.receive('{"jsonrpc":"2.0","id":1,"result":"fine"}');
    await expect(p).resolves.toBe('fine');
  });

  it('never throws on any line, and classifies by the presence of method', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))), (line) => {
        const a = new JsonRpcPeer({ send: () => undefined, onRequest: () => null, onNoise: () => undefined });
        expect(() => a.receive(line)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.string(), fc.jsonValue(), (id, method, params) => {
        const traces: RpcTrace[] = [];
        const a = new JsonRpcPeer({ send: () => undefined, onRequest: () => null, trace: (t) => traces.push(t) });
        a.receive(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
        expect(traces[0].kind).toBe('request');
        a.receive(JSON.stringify({ jsonrpc: '2.0', method, params }));
        expect(traces.find((t) => t.kind === 'notification')).toBeTruthy();
      }),
    );
  });

  it('handles a batch as separate messages', () => {
    const seen: string[] = [];
    const a = new JsonRpcPeer({ send: () => undefined, onNotification: (m) => seen.push(m) });
    a.receive('[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","method":"b"}]');
    expect(seen).toEqual(['a', 'b']);
  });
});
