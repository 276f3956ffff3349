/**
 * namel3ss's own expected traces (its executable spec's spec/expected/, kept in
 * fixtures/namel3ss-spec/expected.json), field for field, from our reproductions of its spec programs
 * (fixtures/namel3ss-spec: the same programs, bindings and overrides, with tools and stand-ins of its
 * built-in packs that answer as its spec's do), run for real: Python processes, a real local service.
 *
 * namel3ss runs some of these cases on stub runners: there the real runner adds what its metadata has and
 * the stub's lacks (the local runner's `sandbox`, the service runner's `service_handshake`), and the stub's
 * service address stands for the real one; each case says which. Container runners are not started by the
 * workbench, so namel3ss's container case is not among them.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { FIXTURES, tempDir } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(60_000) };
const SPEC = path.join(FIXTURES, 'namel3ss-spec');
const EXPECTED = JSON.parse(fs.readFileSync(path.join(SPEC, 'expected.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;
const REFUSALS = JSON.parse(fs.readFileSync(path.join(SPEC, 'expected-failures.json'), 'utf8')) as Record<string, Record<string, string>>;

interface Case {
  /** The case's name in namel3ss's spec/expected. */
  name: string;
  dir: string;
  program?: string;
  tool: string;
  input: Record<string, unknown>;
  service?: { handshake?: Record<string, unknown> };
  /** What the real runner's metadata adds where namel3ss's spec ran a stub. */
  real?: Record<string, unknown>;
  /** The stub's service address, standing for ours. */
  stubUrl?: string;
}

const CASES: Case[] = [
  { name: 'tools/tool_call_binding/app', dir: 'tools/tool_call_binding', tool: 'echo payload', input: { payload: { message: 'hi' } }, real: { sandbox: false } },
  { name: 'runners/local/app', dir: 'runners/local', tool: 'runner echo', input: { payload: { runner: 'local' } }, real: { sandbox: false } },
  { name: 'runners/service/app', dir: 'runners/service', tool: 'runner echo', input: { payload: { runner: 'service' } }, service: {}, real: { service_handshake: false }, stubUrl: 'http://service.local/tools' },
  { name: 'packs/builtin_pack/app', dir: 'packs/builtin_pack', tool: 'convert text to lowercase', input: { text: 'Hello' }, real: { sandbox: true } },
  { name: 'packs/installed_pack/app', dir: 'packs/installed_pack', tool: 'pack echo', input: { payload: { source: 'pack' } }, real: { sandbox: true } },
  { name: 'capabilities/builtin_pack_fs_write_block', dir: 'capabilities', program: 'builtin_pack_fs_write_block.ai', tool: 'write text file', input: { path: 'blocked.txt', text: 'nope' } },
  { name: 'capabilities/builtin_pack_network_block', dir: 'capabilities', program: 'builtin_pack_network_block.ai', tool: 'get json from web', input: { url: 'https://example.com/data' } },
  {
    name: 'capabilities/service_handshake_block/app',
    dir: 'capabilities/service_handshake_block',
    tool: 'service tool',
    input: { name: 'Ada' },
    service: { handshake: { ok: true, enforcement: 'none', supported_guarantees: {} } },
  },
  { name: 'capabilities/user_tool_sandbox_block/app', dir: 'capabilities/user_tool_sandbox_block', tool: 'user writes file', input: { path: 'blocked.txt' } },
];

let root: string;
let server: http.Server;
let serviceUrl = '';
let handshake: Record<string, unknown> = {};
let posted = 0;

beforeAll(async () => {
  // Python leaves __pycache__ behind: run a copy.
  root = path.join(tempDir('skillbench-n3spec-'), 'programs');
  fs.cpSync(SPEC, root, { recursive: true });
  // A tool service as namel3ss's spec has it: its handshake, and the answer of its stub.
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/capabilities/handshake') res.end(JSON.stringify(handshake));
      else if (req.url === '/tools') {
        posted++;
        res.end(JSON.stringify({ ok: true, result: { result: { ok: true } } }));
      } else res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  serviceUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/tools`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(path.dirname(root), { recursive: true, force: true });
});

function open(c: Case, home: string): Namel3ssSkill {
  const dir = path.join(root, c.dir);
  const refs = namel3ssProtocol.detect(dir, root);
  const ref = c.program ? refs.find((r) => r.entry && path.basename(r.entry) === c.program) : refs[0];
  if (!ref) throw new Error(`no program for ${c.name} in ${dir}`);
  // namel3ss's spec runs with N3_EXECUTABLE_SPEC=1 (a program with no packs: block may use every pack).
  const env: Record<string, string> = { N3_EXECUTABLE_SPEC: '1', ...(c.service ? { N3_TOOL_SERVICE_URL: serviceUrl } : {}) };
  return namel3ssProtocol.create(ref, { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home, env }) as Namel3ssSkill;
}

/** namel3ss's spec normalisation: durations, the interpreter's path, the repository root, a local port. */
function normalise(value: unknown, c: Case): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, c));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === 'duration_ms' ? 0 : k === 'python_path' ? '<python_path>' : normalise(v, c);
    return out;
  }
  if (typeof value !== 'string') return value;
  if (c.stubUrl && value === serviceUrl) return c.stubUrl;
  return value.split(root).join('<repo_root>/spec/programs').replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>');
}

function expected(c: Case): Record<string, unknown>[] {
  return EXPECTED[c.name].map((e) => (e.type === 'tool_call' ? { ...e, ...c.real } : e));
}

describe("namel3ss's expected traces, from our reproductions of its spec programs", () => {
  for (const c of CASES) {
    it(`${c.name}: ${EXPECTED[c.name].map((e) => e.type).join(', ')}`, T, async ({ cleanup }) => {
      handshake = c.service?.handshake ?? { ok: true, enforcement: 'enforced', supported_guarantees: {} };
      const before = posted;
      const skill = open(c, cleanup.tempDir());
      await skill.start();
      const out = await skill.call(c.tool, c.input);
      const traces = out.trace?.traces;
      expect(normalise(traces, c)).toEqual(expected(c));
      // The skill keeps the same events, as namel3ss emits them.
      expect(normalise(skill.traceEvents(), c)).toEqual(expected(c));
      const ok = EXPECTED[c.name].at(-1)!.result === 'ok';
      expect(out.ok).toBe(ok);
      if (ok) expect(out.data).toEqual({ result: { ok: true } });
      // A refused service call never reaches the service; an allowed one does, once.
      if (c.service) expect(posted - before).toBe(ok ? 1 : 0);
      expect(fs.existsSync(path.join(root, c.dir, 'blocked.txt'))).toBe(false);
    });
  }

  it('has a reproduction for every expected tool trace but the container runner\'s', () => {
    const reproduced = new Set(CASES.map((c) => c.name));
    expect(Object.keys(EXPECTED).filter((k) => !k.startsWith('_') && !reproduced.has(k))).toEqual(['runners/container/app']);
  });
});

const FAILURES: Case[] = [
  { name: 'runners/unknown_runner/app', dir: 'failures/runners/unknown_runner', tool: 'runner echo', input: { payload: { runner: 'bogus' } } },
  { name: 'tools/missing_binding/app', dir: 'failures/tools/missing_binding', tool: 'unbound', input: { value: 'hi' } },
  { name: 'capabilities/forbidden_fs_write', dir: 'failures/capabilities', program: 'forbidden_fs_write.ai', tool: 'write text file', input: { path: 'blocked.txt', text: 'nope' } },
  { name: 'capabilities/forbidden_network', dir: 'failures/capabilities', program: 'forbidden_network.ai', tool: 'get json from web', input: { url: 'https://example.com/data' } },
  { name: 'packs/collision/app', dir: 'failures/packs/collision', tool: 'pack echo', input: { payload: { source: 'collision' } } },
  { name: 'packs/unverified_pack/app', dir: 'failures/packs/unverified_pack', tool: 'pack echo', input: { payload: { source: 'unverified' } } },
];

describe("namel3ss's expected refusals, in its words", () => {
  for (const c of FAILURES) {
    it(c.name, T, async ({ cleanup }) => {
      const out = await open(c, cleanup.tempDir()).call(c.tool, c.input);
      expect(out.ok).toBe(false);
      const want = REFUSALS[c.name];
      const message = out.error!.message;
      expect(message).toContain(`What happened: ${want.what}`);
      expect(message).toContain(`Why: ${want.why}`);
      expect(message).toContain(`Fix: ${want.fix}`);
      expect(message).toContain(`Example: ${want.example}`);
      expect(message.startsWith('What happened: ')).toBe(true);
    });
  }
});
