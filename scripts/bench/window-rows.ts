/**
 * What one call sends to a window: a 1 MB result through each host's window link (workbench/window-link.ts), the
 * WebSocket's (browser mode: its own count of what is queued) and the desktop's (IPC: paced by what the window
 * says it received), with a real skill, counting every character the link sends from the call to its last event.
 * The window's end is the real one (common/commands/link.ts and client.ts), so the answer is made whole as the app
 * gets it. Target: at most 1.5 times the result.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandClient, EventListeners } from '../../src-main/common/commands/client';
import { windowEnd } from '../../src-main/common/commands/link';
import { workbenchDoor } from '../../src-main/workbench/door';
import { WindowLink, type WindowCarrier } from '../../src-main/workbench/window-link';
import { Workbench } from '../../src-main/workbench/workbench';
import { sizeRow, type Row } from './rows';

const MB = 1024 * 1024;

export async function windowRows(benchDir: string, home: string): Promise<Row[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-window-'));
  const dir = path.join(folder, 'echo');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(benchDir, 'echo_skill.py'), path.join(dir, 'echo_skill.py'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ name: 'echo', runtime: { type: 'subprocess', command: 'python3', args: ['echo_skill.py'] } }));
  const wb = new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true });
  const rows: Row[] = [];
  try {
    for (const host of ['browser mode (WebSocket)', 'desktop (IPC)'] as const) {
      const { sent, result } = await oneCall(wb, host === 'desktop (IPC)');
      rows.push(sizeRow(`one call of a 1 MB result to the window, ${host}`, result, sent, 1.5, 'every character the window link sent for it: the answer, the call events, the message previews'));
    }
  } finally {
    await wb.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

async function oneCall(wb: Workbench, ipc: boolean): Promise<{ sent: number; result: number }> {
  const events = new EventListeners();
  let link: WindowLink | null = null;
  const peer = windowEnd((line) => queueMicrotask(() => link?.receive(line)), events);
  const carrier: WindowCarrier = { send: (line) => queueMicrotask(() => peer.receive(line)), open: () => true, tooFarBehind: () => false };
  // A WebSocket says what it still holds; here the frames are handed over at once, so nothing is.
  if (!ipc) carrier.queued = () => 0;
  link = new WindowLink(carrier, workbenchDoor(wb), wb.events);
  const client = commandClient((wire, params) => peer.request(wire, params), events);
  try {
    const [skill] = await client.listSkills();
    await client.callTool(skill.id, 'echo', { warm: true });
    await settle(wb);
    const args = { payload: 'x'.repeat(MB) };
    const before = link.bytesSent;
    const rec = await client.callTool(skill.id, 'echo', args);
    await settle(wb);
    const result = JSON.stringify(rec.outcome?.data ?? rec.outcome?.text).length;
    return { sent: link.bytesSent - before, result };
  } finally {
    link.close();
  }
}

/** The call's trailing events (message batches, logs) have gone out. */
async function settle(wb: Workbench): Promise<void> {
  await new Promise((r) => setTimeout(r, 250));
  await wb.events.delivered();
}
