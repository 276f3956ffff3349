import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime, type RuntimeOptions } from '../src-main/runtime/skill-runtime';
import { FIXTURES, isAlive, waitFor } from './helpers';


function fixture(cleanup: Cleanup, opts: Partial<RuntimeOptions> = {}, env: Record<string, string> = {}): SkillRuntime {
  const ref = resolveSkill(path.join(FIXTURES, 'rpc'));
  const rt = new SkillRuntime(ref, { home: cleanup.tempDir(), restart: { enabled: false }, env, ...opts });
  cleanup.add(rt);
  return rt;
}

function grandchildPid(rt: SkillRuntime): number | undefined {
  const line = rt.logs.entries().find((e) => e.text.startsWith('grandchild '));
  return line ? Number(line.text.split(' ')[1]) : undefined;
}

describe('a JSON-RPC skill process', () => {
  it('starts, lists tools and answers a call', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    const info = await rt.start();
    expect(info.tools.map((t) => t.name)).toContain('echo');
    const out = await rt.call('echo', { a: 1 });
    expect(out).toMatchObject({ ok: true, data: { a: 1 } });
    expect(rt.status).toBe('ready');
  });

  it('says what a cancel did where the protocol cannot tell the skill', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const call = rt.callTool('sleep', { seconds: 5 }, { callId: 'slow-1' });
    await waitFor(() => rt.cancel('slow-1'), 2000, 'the call to be in flight');
    const { outcome } = await call;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(outcome!.error!.message).toBe('The call of sleep was cancelled here. This protocol has no way to tell the skill, so it may still finish the work; its answer will be ignored.');
  });

  it('correlates out-of-order answers of pipelined calls', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const order: string[] = [];
    const slow = rt.call('sleep', { seconds: 0.3 }).then((o) => (order.push('slow'), o));
    const fast = rt.call('echo', { fast: true }).then((o) => (order.push('fast'), o));
    const [s, f] = await Promise.all([slow, fast]);
    expect(order).toEqual(['fast', 'slow']);
    expect(s.text).toBe('slept 0.3');
    expect(f.data).toEqual({ fast: true });
  });

  it('logs garbage and half lines on stdout and keeps going', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const out = await rt.call('garbage', {});
    expect(out.text).toBe('after garbage');
    const stdout = rt.logs.entries().filter((e) => e.stream === 'stdout').map((e) => e.text);
    expect(stdout).toContain('this is not json');
    expect(stdout).toContain('{half a line and the rest}');
  });

  it('says at once that a line on stdout is not JSON-RPC, and a call answered only by text times out naming it', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const call = rt.call('text_answer', {}, { timeoutMs: 60_000 });
    // Said as the line comes, long before the call's timeout.
    const said = await waitFor(() => rt.logs.entries().find((e) => e.stream === 'system' && e.text.includes('not JSON-RPC')), 10_000, 'the note on the stray line');
    expect(said.text).toMatch(/The skill wrote a line to stdout that is not JSON-RPC .*: result: 42$/);
    await rt.stop();
    await call;
    const short = fixture(cleanup);
    await short.start();
    const out = await short.call('text_answer', {}, { timeoutMs: 1000 });
    expect(out.error?.code).toBe('TIMEOUT');
    expect(out.error?.message).toMatch(/got no answer within 1 s\. Meanwhile it wrote a line that is not JSON-RPC: "result: 42"\. An answer must be one JSON-RPC line/);
  });

  it('reads UTF-8 split across chunks and CRLF line ends', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    expect((await rt.call('split_utf8', {})).text).toBe('héllo 世界 😀');
    expect((await rt.call('crlf', {})).text).toBe('crlf');
  });

  it('logs a response with id null and still answers the real one', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    expect((await rt.call('id_null', {})).text).toBe('after id null');
    const m = rt.messages.entries().find((e) => e.id === null);
    expect(m?.note).toMatch(/id null/);
    expect(rt.logs.entries().some((e) => e.stream === 'system' && /id null/.test(e.text))).toBe(true);
  });

  it('fails only the call whose answer is over the line limit, with a clear error', async ({ cleanup }) => {
    const rt = fixture(cleanup, { maxLineBytes: 64 * 1024 });
    await rt.start();
    const big = await rt.call('big', { bytes: 100_000 });
    expect(big.ok).toBe(false);
    expect(big.error?.code).toBe('PROTOCOL');
    expect(big.error?.message).toMatch(/over the 64 KiB limit/);
    expect((await rt.call('echo', { still: 'alive' })).data).toEqual({ still: 'alive' });
  });

  it('fails the right call at once when an over-limit answer puts its id last, or nests another id', async ({ cleanup }) => {
    const rt = fixture(cleanup, { maxLineBytes: 64 * 1024, timeoutMs: 20_000 });
    await rt.start();
    const last = await rt.call('big', { bytes: 100_000, id_last: true });
    expect(last.error?.code).toBe('PROTOCOL');
    expect(last.error?.message).toMatch(/over the 64 KiB limit: its answer to tools\/call/);
    // A nested "id" naming another waiting call must not fail that one.
    const waiting = rt.call('sleep', { seconds: 0.5 });
    await new Promise((r) => setTimeout(r, 50));
    const sleepId = rt.messages.entries().filter((e) => e.direction === 'out' && e.kind === 'request').pop()!.id;
    const nested = await rt.call('big', { bytes: 100_000, id_last: true, nested_id: sleepId });
    expect(nested.error?.code).toBe('PROTOCOL');
    expect((await waiting).text).toBe('slept 0.5');
  });

  it('drives sessions and ticks through lifecycle/* and pairs each with its answer', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    await rt.adapter.sessions!.start('s-1');
    await rt.adapter.tick!();
    await rt.adapter.sessions!.end('s-1');
    const sent = rt.messages.entries().filter((e) => e.direction === 'out' && e.method?.startsWith('lifecycle/'));
    expect(sent.map((e) => [e.method, (e.body as { params?: unknown }).params])).toEqual([
      ['lifecycle/onLoad', expect.anything()],
      ['lifecycle/onSessionStart', { sessionId: 's-1' }],
      ['lifecycle/onTick', {}],
      ['lifecycle/onSessionEnd', { sessionId: 's-1' }],
    ]);
    expect(sent.every((e) => e.pairSeq !== undefined)).toBe(true);
  });

  it('honours isError', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const out = await rt.call('error', {});
    expect(out).toMatchObject({ ok: false, text: 'it went wrong', error: { code: 'TOOL' } });
  });

  it('rejects a pending call at once when the skill crashes, with the exit code and stderr', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    const hanging = rt.call('sleep', { seconds: 30 });
    const crash = await rt.call('crash', {});
    expect(crash.error?.code).toBe('CRASHED');
    expect(crash.error?.message).toMatch(/code 3/);
    expect(crash.stderrTail).toContain('about to crash');
    const other = await hanging;
    expect(other.error?.message).toMatch(/code 3/);
    await waitFor(() => rt.status === 'crashed', 2000, 'crashed status');
  });

  it('times out a hanging call and kills the whole process group on stop', async ({ cleanup }) => {
    // The call's own timeout: a short one for the whole runtime would also bound initialize, which a busy machine can stretch.
    const rt = fixture(cleanup);
    await rt.start();
    const out = await rt.call('spawn_and_hang', {}, { timeoutMs: 300 });
    expect(out.error?.code).toBe('TIMEOUT');
    const pid = await waitFor(() => grandchildPid(rt), 3000, 'grandchild pid');
    expect(isAlive(pid)).toBe(true);
    await rt.stop();
    await waitFor(() => !isAlive(pid), 3000, 'grandchild to be gone');
  });

  it('escalates to SIGKILL for a skill that ignores shutdown and SIGTERM', async ({ cleanup }) => {
    const rt = fixture(cleanup, {}, { FIXTURE_IGNORE_TERM: '1', FIXTURE_GRANDCHILD: '1' });
    await rt.start();
    const pid = await waitFor(() => grandchildPid(rt), 3000, 'grandchild pid');
    const proc = (rt.adapter as unknown as { supervisor: { current: { pid: number } } }).supervisor.current;
    const leader = proc.pid;
    const t0 = Date.now();
    await rt.stop();
    expect(Date.now() - t0).toBeGreaterThan(1500);
    expect(isAlive(leader)).toBe(false);
    await waitFor(() => !isAlive(pid), 3000, 'grandchild to be gone');
  });

  it('writes the complete log and message history to disk', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    await rt.call('echo', { x: 'on disk' });
    await rt.close();
    const log = fs.readFileSync(rt.logs.filePath!, 'utf8');
    expect(log).toMatch(/^--- \d{4}-\d\d-\d\dT[\d:.]+Z system\nStarting /m);
    const messages = fs.readFileSync(rt.messages.filePath!, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(messages.some((m) => m.message.method === 'tools/call')).toBe(true);
    expect(messages.every((m) => typeof m.seq === 'number')).toBe(true);
  });

  it('pairs each request with its response and its duration', async ({ cleanup }) => {
    const rt = fixture(cleanup);
    await rt.start();
    await rt.call('sleep', { seconds: 0.1 });
    const entries = rt.messages.entries();
    const resp = entries.find((e) => e.kind === 'response' && e.method === 'tools/call');
    expect(resp?.durationMs).toBeGreaterThanOrEqual(90);
    expect(entries.find((e) => e.seq === resp?.pairSeq)?.method).toBe('tools/call');
  });
});

describe('the supervisor', () => {
  it('restarts a crashed skill with backoff and reports status changes', async ({ cleanup }) => {
    const rt = fixture(cleanup, { restart: { enabled: true, initialDelayMs: 50, loopCount: 5 } });
    const seen: string[] = [];
    rt.onStatus((s) => seen.push(s.status));
    await rt.start();
    await rt.call('crash', {});
    await waitFor(() => rt.status === 'ready' && seen.includes('restarting'), 5000, 'restart');
    expect(seen).toEqual(['starting', 'ready', 'busy', 'crashed', 'restarting', 'starting', 'ready']);
    expect((await rt.call('echo', { back: true })).data).toEqual({ back: true });
    expect(rt.timelineEntries().map((e) => e.kind)).toEqual(['load', 'crash', 'restart', 'load']);
  });

  it('reports a crash loop as such and stops restarting', async ({ cleanup }) => {
    const rt = fixture(cleanup, { restart: { enabled: true, initialDelayMs: 20, maxDelayMs: 40, loopCount: 3 } }, { FIXTURE_CRASH_AFTER_INIT: '0.2' });
    await rt.start();
    await waitFor(() => rt.status === 'crashed' && /Crash loop/.test(rt.statusDetail ?? ''), 5000, 'crash loop');
    expect(rt.statusDetail).toMatch(/3 crashes/);
    const out = await rt.call('echo', {});
    expect(out.error?.message).toMatch(/Crash loop/);
  });

  it('does not restart a skill that never came up, and says why once, the cause first', async ({ cleanup }) => {
    const statuses: string[] = [];
    const rt = fixture(cleanup, { restart: { enabled: true, initialDelayMs: 20, maxDelayMs: 40, loopCount: 3 } }, { FIXTURE_CRASH_AT_START: '1' });
    rt.onStatus(({ status }) => statuses.push(status));
    await expect(rt.start()).rejects.toThrow(/^misbehaving did not start: crashing at start \(it exited during start-up, with code 4\)\.$/);
    // Longer than the restart delay: a restart would have shown by now.
    await new Promise((r) => setTimeout(r, 300));
    expect(statuses).not.toContain('restarting');
    expect(rt.status).toBe('crashed');
    expect(rt.logs.entries().filter((e) => e.text === 'crashing at start')).toHaveLength(1);
  });

  it('says plainly when the command cannot be found', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const dir = cleanup.tempDir();
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ runtime: { type: 'subprocess', command: 'no-such-interpreter-xyz', args: [] } }));
    const rt = new SkillRuntime(resolveSkill(dir), { home, restart: { enabled: true } });
    cleanup.add(rt);
    await expect(rt.start()).rejects.toThrow(/"no-such-interpreter-xyz": the command was not found/);
    expect(rt.status).toBe('crashed');
  });
});
