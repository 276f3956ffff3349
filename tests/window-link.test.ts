/**
 * The window link (workbench/window-link.ts), as both hosts use it, with a real skill: what one call sends to the
 * window (its result once: the answer, not the events), a large message as a preview read whole on demand, and a
 * window that stops taking what it is sent over a carrier that cannot be closed (the desktop's IPC).
 */
import { describe, expect } from 'vitest';
import type { CallRecord, CallSummary, MessageEntry, WorkbenchClient } from '../src-main/contract';
import { commandClient, EventListeners } from '../src-main/common/commands/client';
import { windowEnd } from '../src-main/common/commands/link';
import { workbenchDoor } from '../src-main/workbench/door';
import { WindowLink } from '../src-main/workbench/window-link';
import type { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { rpcWorkbench, waitFor } from './helpers';

/** A window over an in-memory carrier; `stalled` holds what is sent instead of handing it to the window. */
function windowOver(wb: Workbench, opts: { maxBehind?: number } = {}) {
  const events = new EventListeners();
  const held: string[] = [];
  const state = { stalled: false, lines: 0 };
  let link: WindowLink | null = null;
  const peer = windowEnd((line) => queueMicrotask(() => link?.receive(line)), events);
  link = new WindowLink(
    {
      send: (line) => {
        state.lines++;
        if (state.stalled) held.push(line);
        else queueMicrotask(() => peer.receive(line));
      },
      open: () => true,
      tooFarBehind: () => false,
    },
    workbenchDoor(wb),
    wb.events,
    opts,
  );
  const client: WorkbenchClient = commandClient((wire, params) => peer.request(wire, params), events);
  const release = () => {
    state.stalled = false;
    for (const line of held.splice(0)) peer.receive(line);
  };
  return { link, client, state, release };
}

describe('the window link', () => {
  it('sends a call of a 1 MB result to the window in at most 1.5 times its size, and the window sees it whole', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const { link, client } = windowOver(wb);
    cleanup.add(link);
    const calls: CallSummary[] = [];
    const messages: MessageEntry[] = [];
    client.on('call', (c) => calls.push(c));
    client.on('messages', (m) => messages.push(...m.entries));
    await client.startSkill('rpc');
    await client.callTool('rpc', 'echo', { warm: true });
    await wb.events.delivered();

    const args = { payload: 'x'.repeat(1024 * 1024) };
    const result = JSON.stringify(args).length;
    const before = link.bytesSent;
    const rec: CallRecord = await client.callTool('rpc', 'echo', args, { callId: 'one-mb' });
    await wb.events.delivered();
    await new Promise((r) => setTimeout(r, 100));
    const sent = link.bytesSent - before;
    expect(sent).toBeLessThanOrEqual(1.5 * result);

    // The window has the record whole: its arguments (its own, put back), its text and its data.
    expect(rec.args).toEqual(args);
    expect(rec.outcome?.data).toEqual(args);
    expect(JSON.parse(rec.outcome?.text ?? 'null')).toEqual(args);
    // The events told of the call by summary only: sizes, not contents.
    const done = calls.find((c) => c.callId === 'one-mb' && c.status === 'done')!;
    expect(done).toMatchObject({ tool: 'echo', ok: true });
    expect(done.argsBytes).toBeGreaterThan(1024 * 1024);
    expect(done.resultBytes).toBeGreaterThan(1024 * 1024);
    expect(JSON.stringify(calls).length).toBeLessThan(4096);
    // Another window reads the call by id.
    expect((await client.getCall('rpc', 'one-mb'))?.outcome?.data).toEqual(args);

    // The large messages came as previews; opening one reads it whole.
    await waitFor(() => messages.some((m) => m.elidedBytes !== undefined && m.direction === 'in'), 5000, 'the response as a preview');
    const preview = messages.find((m) => m.elidedBytes !== undefined && m.direction === 'in')!;
    expect(JSON.stringify(preview.body).length).toBeLessThan(8192);
    const whole = await client.readMessage('rpc', preview.seq);
    expect(whole?.elidedBytes).toBeUndefined();
    expect(JSON.stringify(whole?.body).length).toBeGreaterThan(1024 * 1024);
  });

  it('over a carrier that cannot close, drops events for a window past its cap, answers still, and tells it to resync once it caught up', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const cap = 256 * 1024;
    const { link, client, state, release } = windowOver(wb, { maxBehind: cap });
    cleanup.add(link);
    const resyncs: number[] = [];
    client.on('resync', ({ missed }) => resyncs.push(missed));
    await client.listSkills();
    await new Promise((r) => setTimeout(r, 100));

    state.stalled = true;
    const big = Array.from({ length: 100 }, (_, i) => ({ id: `s${i}`, name: 'x'.repeat(500) }));
    for (let i = 0; i < 40; i++) wb.events.emit('skills', big as never);
    await wb.events.delivered();
    // Sent no more than the cap (and one frame) to a window that took none of it.
    expect(link.queued()).toBeLessThanOrEqual(cap + 60 * 1024);
    const sentWhileStalled = state.lines;

    // The window takes what it was held; it says so, and is told it missed events.
    release();
    await waitFor(() => resyncs.length > 0, 5000, 'the resync');
    expect(resyncs[0]).toBeGreaterThan(0);
    expect(sentWhileStalled).toBeLessThan(40 + 5);
    // Served as before.
    expect((await client.listSkills()).length).toBeGreaterThan(0);
  });
});
