/**
 * Typed protocol methods: one declaration per method checks what a handler receives and what a request
 * gets back, in plain words naming the field; the same for collection files; error codes are a closed list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import type { CallOutcome } from '../src-main/contract';
import { exitCode } from '../src-main/cli/commands/call';
import { EXIT } from '../src-main/cli/output';
import { ERROR_CODES, JSONRPC, RpcError, SkillError, TimeoutError } from '../src-main/common/errors';
import { JsonRpcPeer } from '../src-main/common/jsonrpc';
import { LogSink } from '../src-main/engine/log-sink';
import { MethodTable, rpcMethod } from '../src-main/common/rpc-method';
import { RpcProcess } from '../src-main/engine/rpc-process';
import { z } from '../src-main/common/shape';
import { DataStore } from '../src-main/host/data-store';
import { EntityStore } from '../src-main/host/entity-store';
import { createHostServices } from '../src-main/protocols/skilldef/host-services';
import { systemPython } from '../src-main/host/paths';
import { StateStore } from '../src-main/host/state-store';
import * as skilldef from '../src-main/protocols/skilldef/methods';
import { loadCollection } from '../src-main/qa/collections';

/** Two peers wired back to back, each line delivered asynchronously as a pipe would. */
function pair(serve?: MethodTable) {
  const a: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => b.receive(l)) });
  const b: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => a.receive(l)), onRequest: serve ? (m, p) => serve.handle(m, p) : undefined });
  return { a, b };
}

async function rejection(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

describe('a declared method between two real peers', () => {
  it('the handler gets checked params; bad params are refused with -32602 naming the field', async () => {
    const events: string[] = [];
    const table = new MethodTable().on(skilldef.emitEvent, ({ eventType }) => {
      events.push(eventType);
      return { ok: true };
    });
    const { a } = pair(table);
    await expect(a.request(skilldef.emitEvent, { eventType: 'price.alert', data: 1 })).resolves.toEqual({ ok: true });
    const e = await rejection(a.request(skilldef.emitEvent, { eventType: '' }));
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: JSONRPC.INVALID_PARAMS, message: 'intelligence/emitEvent needs "eventType" as non-empty text (got an empty text)' });
    const list = await rejection(a.request('intelligence/emitEvent', [1]));
    expect(list.message).toBe('intelligence/emitEvent needs its params as an object (got a list)');
    const unknown = await rejection(a.request('skills/teleport', {}));
    expect(unknown).toMatchObject({ code: JSONRPC.METHOD_NOT_FOUND });
    expect(events).toEqual(['price.alert']);
  });

  it('a field without words of its own is still named in plain words', async () => {
    const sum = rpcMethod('math/sum', z.object({ numbers: z.array(z.number()) }), z.number());
    const { a } = pair(new MethodTable().on(sum, ({ numbers }) => numbers.reduce((x, y) => x + y, 0)));
    await expect(a.request(sum, { numbers: [1, 2] })).resolves.toBe(3);
    const e = await rejection(a.request('math/sum', { numbers: [1, 'two'] }));
    expect(e.message).toBe('math/sum needs "numbers" item 2 to be a number (got text)');
    expect((await rejection(a.request('math/sum', {}))).message).toBe('math/sum needs "numbers" as a list (it is missing)');
  });

  it("the answer is checked before the caller sees it: a wrong one is a PROTOCOL error naming the field", async () => {
    let answer: unknown = { status: 'maybe' };
    const a: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => b.receive(l)) });
    const b: JsonRpcPeer = new JsonRpcPeer({ send: (l) => void setImmediate(() => a.receive(l)), onRequest: () => answer });
    const e = await rejection(a.request(skilldef.setupSubmit, { stepId: 's1', values: {} }));
    expect(e).toBeInstanceOf(SkillError);
    expect(e).toMatchObject({ code: 'PROTOCOL', message: 'The answer to setup/submit is not usable: "status" must be one of next, error, complete.' });
    // The snake_case form hand-written skills send is read, and a step without a list of fields has none.
    answer = { status: 'next', next_step: { id: 's2', title: 'Second', fields: 'none' }, errors: 'no list' };
    const ok = await a.request(skilldef.setupSubmit, { stepId: 's1', values: {} });
    expect(ok).toEqual({ status: 'next', nextStep: { id: 's2', title: 'Second', fields: [] }, errors: null, message: null });
  });

  it("a declaration's timeout is the request's default", async () => {
    const slow = rpcMethod('slow/never', z.object({}), z.unknown(), 40);
    const { a } = pair(new MethodTable().on(slow, () => new Promise(() => undefined)));
    const e = await rejection(a.request(slow, {}));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toBe('JSON-RPC timeout: slow/never got no answer within 40 ms');
  });
});

/** A skill that makes one reverse call with bad params, and one answer without a result. */
const SKILL = String.raw`
import json, sys

def send(m):
    sys.stdout.write(json.dumps(m) + "\n")
    sys.stdout.flush()

while True:
    line = sys.stdin.readline()
    if not line:
        break
    m = json.loads(line)
    if m.get("method") != "tools/call":
        continue
    tool = m["params"]["name"]
    if tool == "bad_state":
        send({"jsonrpc": "2.0", "id": "r1", "method": "state/set", "params": {"partial": [1, 2]}})
        answer = json.loads(sys.stdin.readline())
        send({"jsonrpc": "2.0", "id": m["id"], "result": {"content": [{"type": "text", "text": json.dumps(answer["error"])}]}})
    else:
        send({"jsonrpc": "2.0", "id": m["id"], "result": None})
`;

describe('a declared method through a real Python skill process', () => {
  it('refuses the skill bad params in plain words, and refuses its answer without a result', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const home = cleanup.tempDir();
    fs.writeFileSync(path.join(dir, 'skill.py'), SKILL);
    const logs: string[] = [];
    const host = createHostServices({
      skillId: 'typed',
      state: StateStore.forSkill(home, 'typed'),
      data: DataStore.forSkill(home, 'typed'),
      entities: EntityStore.open(home),
      log: (l) => void logs.push(l),
    });
    const proc = new RpcProcess({
      spec: { command: systemPython(), args: [path.join(dir, 'skill.py')], cwd: dir, env: process.env },
      logs: new LogSink(),
      defaultTimeoutMs: 20_000,
      onRequest: (m, p) => host.handle(m, p),
    });
    // Stopped at once after the test: the skill has nothing to finish.
    cleanup.add({ stop: () => proc.stop(undefined, { graceMs: 0, termMs: 500 }) });

    const r = await proc.request(skilldef.toolsCall, { name: 'bad_state', arguments: {} });
    const text = (r.content as { text: string }[])[0].text;
    expect(JSON.parse(text)).toEqual({ code: JSONRPC.INVALID_PARAMS, message: 'state/set needs "partial": an object of state keys to change (got a list)' });
    expect(logs).toEqual(['state/set refused: state/set needs "partial": an object of state keys to change (got a list)']);

    const e = await rejection(proc.request(skilldef.toolsCall, { name: 'nothing', arguments: {} }));
    expect(e).toMatchObject({ code: 'PROTOCOL', message: 'The answer to tools/call is not usable: it must be an object (got null).' });
  });
});

describe('collection files', () => {
  it('a malformed collection.json or request names the file and the field', ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'skill', '.skillbench', 'collections', 'smoke');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'collection.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'smoke', environments: { dev: 'not an object' } }));
    expect(() => loadCollection(dir)).toThrow(`${file} is not a usable collection: "environments" must map each environment name to its variables, e.g. {"dev": {"price": 30}}.`);
    fs.writeFileSync(file, JSON.stringify({ name: 'smoke', secrets: ['ok', 'not ok'] }));
    expect(() => loadCollection(dir)).toThrow('"secrets" must be a list of variable names');
    fs.writeFileSync(file, JSON.stringify({ name: 'smoke' }));
    const req = path.join(dir, 'swap.json');
    fs.writeFileSync(req, JSON.stringify({ name: 'swap', tool: 'estimate', timeoutMs: -5 }));
    expect(() => loadCollection(dir)).toThrow(`${req} is not a usable request: "timeoutMs" must be a positive number.`);
    fs.writeFileSync(req, JSON.stringify({ name: 'swap', tool: 'estimate', args: null }));
    expect(loadCollection(dir).requests[0]).toMatchObject({ name: 'swap', tool: 'estimate', args: null, assertions: [] });
  });
});

describe('error codes', () => {
  it("every code of the workbench has its exit code; a skill's own code is kept apart and counts as a tool error", () => {
    const outcome = (code: string): CallOutcome => ({ ok: false, durationMs: 1, error: { code, message: 'x' } });
    const exits = Object.fromEntries(ERROR_CODES.map((c) => [c, exitCode(outcome(c))]));
    expect(exits).toMatchObject({ TIMEOUT: EXIT.TIMEOUT, CRASHED: EXIT.FAILURE, PROTOCOL: EXIT.FAILURE, TOOL: EXIT.TOOL_ERROR, CAPABILITY: EXIT.TOOL_ERROR });
    expect(exitCode(outcome('UNKNOWN_ACTION'))).toBe(EXIT.TOOL_ERROR);
    const own = new SkillError('RATE_LIMITED', 'slow down');
    expect(own.code).toBe('TOOL');
    expect(own.skillCode).toBe('RATE_LIMITED');
    expect(new SkillError('TIMEOUT', 'late').skillCode).toBeUndefined();
  });
});
