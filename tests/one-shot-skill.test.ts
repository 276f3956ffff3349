/**
 * The calls in flight, counted once: the one-process-per-call skills (action, namel3ss) show busy while
 * any call runs and cancel and wait for them on stop; the supervisor says as data that it gave up.
 * All with real Python processes.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { test, type Cleanup } from './cleanup-fixture';
import type { SkillStatus } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import type { RestartPolicy } from '../src-main/engine/supervisor';
import { actionProtocol } from '../src-main/protocols/action';
import type { AdapterContext } from '../src-main/protocols/adapter';
import { JsonRpcSkill } from '../src-main/protocols/jsonrpc/adapter';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { protocolModules } from '../src-main/protocols/registry';
import { FIXTURES, waitFor } from './helpers';

function context(cleanup: Cleanup, statuses: SkillStatus[], env: Record<string, string> = {}, restart?: Partial<RestartPolicy>): AdapterContext {
  const redactor = new Redactor();
  return {
    logs: new LogSink({ redactor }),
    messages: new MessageLog({ redactor }),
    redactor,
    home: cleanup.tempDir(),
    env,
    restart,
    onStatus: (s) => statuses.push(s),
  };
}

/** The JSON-RPC fixture, with the supervisor's verdict in view. */
class WatchedRpcSkill extends JsonRpcSkill {
  get gaveUp(): boolean {
    return this.supervisor.gaveUp;
  }
}

describe('an action skill', () => {
  const ref = actionProtocol.detect(path.join(FIXTURES, 'action', 'agent'), FIXTURES).find((r) => r.name === 'misbehave')!;

  test('is busy while either of two calls runs, and stop cancels the one left and waits for it', async ({ cleanup }) => {
    const statuses: SkillStatus[] = [];
    const ctx = context(cleanup, statuses);
    const skill = actionProtocol.create(ref, ctx);
    cleanup.add(skill);
    await skill.start();
    const long = skill.call('sleep', { seconds: 30 });
    const short = await skill.call('echo', { n: 1 });
    expect(short.ok).toBe(true);
    // One call still runs: still busy, and the first call's end did not flicker to ready.
    expect(skill.status()).toBe('busy');
    expect(statuses).toEqual(['starting', 'ready', 'busy']);

    await skill.stop();
    // stop() waited: the cancelled call was already recorded when it returned.
    expect(ctx.messages.entries().filter((e) => e.method === 'sleep' && e.kind === 'exchange')).toHaveLength(1);
    const out = await long;
    expect(out.error?.code).toBe('CANCELLED');
    expect(out.error?.message).toMatch(/skill was stopped/);
    expect(skill.status()).toBe('stopped');
    expect(statuses).toEqual(['starting', 'ready', 'busy', 'stopped']);
  });

  test('still runs a call made after stop, busy while it runs', async ({ cleanup }) => {
    const statuses: SkillStatus[] = [];
    const skill = actionProtocol.create(ref, context(cleanup, statuses));
    cleanup.add(skill);
    await skill.start();
    await skill.stop();
    expect((await skill.call('echo', { n: 2 })).ok).toBe(true);
    expect(statuses).toEqual(['starting', 'ready', 'stopped', 'busy', 'stopped']);
  });
});

describe('a namel3ss skill', () => {
  const [ref] = namel3ssProtocol.detect(path.join(FIXTURES, 'namel3ss', 'failures'), path.join(FIXTURES, 'namel3ss'));

  test('is busy while either of two calls runs, and stop cancels the one left and waits for it', async ({ cleanup }) => {
    const statuses: SkillStatus[] = [];
    const skill = namel3ssProtocol.create(ref, context(cleanup, statuses, { PYTHONDONTWRITEBYTECODE: '1' })) as Namel3ssSkill;
    cleanup.add(skill);
    await skill.start();
    // The calls' own timeouts over the tool's 2 s: only stop() ends the long one, and a busy machine not the short.
    const long = skill.call('slow declared', { seconds: 30 }, { timeoutMs: 60_000 });
    const short = await skill.call('slow declared', { seconds: 0.1 }, { timeoutMs: 60_000 });
    expect(short.ok).toBe(true);
    expect(skill.status()).toBe('busy');
    expect(statuses).toEqual(['ready', 'busy']);

    await skill.stop();
    // stop() waited: the cancelled call's trace is there when it returns.
    expect(skill.traces().map((t) => t.error_type ?? t.status)).toEqual(['ok', 'CANCELLED']);
    expect((await long).error?.code).toBe('CANCELLED');
    expect(skill.status()).toBe('stopped');
    expect(statuses).toEqual(['ready', 'busy', 'stopped']);
  });
});

describe('a long-running skill', () => {
  const ref = { ...protocolModules().find((m) => m.protocol === 'jsonrpc')!.detect(path.join(FIXTURES, 'rpc'), FIXTURES)[0] };

  test('is busy once for two overlapping calls', async ({ cleanup }) => {
    const statuses: SkillStatus[] = [];
    const skill = new WatchedRpcSkill(ref, context(cleanup, statuses));
    cleanup.add(skill);
    await skill.start();
    // Long enough that the echo beside it ends first even on a loaded machine.
    const long = skill.call('sleep', { seconds: 3 });
    expect((await skill.call('echo', { n: 3 })).ok).toBe(true);
    expect(skill.status()).toBe('busy');
    expect((await long).ok).toBe(true);
    expect(statuses).toEqual(['starting', 'ready', 'busy', 'ready']);
  });

  test('says it gave up after a crash loop, as data, until it is restarted', async ({ cleanup }) => {
    const statuses: [SkillStatus, boolean][] = [];
    const env: Record<string, string> = { FIXTURE_CRASH_AFTER_INIT: '0.2' };
    const ctx = context(cleanup, [], env, { enabled: true, initialDelayMs: 20, maxDelayMs: 40, loopCount: 3 });
    const skill = new WatchedRpcSkill(ref, { ...ctx, onStatus: (s) => statuses.push([s, skill.gaveUp]) });
    cleanup.add(skill);
    await skill.start();
    await waitFor(() => skill.gaveUp, 5000, 'the supervisor to give up');
    expect(skill.status()).toBe('crashed');
    // Only the last crash is the one it gave up on; the ones before were restarted.
    const crashed = statuses.filter(([s]) => s === 'crashed');
    expect(crashed.map(([, gaveUp]) => gaveUp)).toEqual([false, false, true]);
    // A call after giving up is refused without another launch.
    const refused = await skill.call('echo', {});
    expect(refused.error?.code).toBe('CRASHED');
    expect(refused.error?.message).toMatch(/is not running: .*Fix the skill and restart it/);
    expect(skill.status()).toBe('crashed');

    delete env.FIXTURE_CRASH_AFTER_INIT;
    await skill.restart();
    expect(skill.gaveUp).toBe(false);
    expect(skill.status()).toBe('ready');
    expect((await skill.call('echo', { back: true })).data).toEqual({ back: true });
  });
});
