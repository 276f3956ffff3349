/**
 * A window that stops reading its WebSocket (a paused tab, a stuck debugger) is closed with 1013 once the server
 * would buffer more than its cap for it, instead of being buffered without end (6,000 calls once held 1.36 GB);
 * a window that reads keeps everything, and one that reconnects is served again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { it } from './cleanup-fixture';
import { workbenchDoor } from '../src-main/workbench/door';
import { Workbench } from '../src-main/workbench/workbench';
import { bridgeSocket } from '../src-main/server/ws-bridge';
import { EXAMPLES, waitFor } from './helpers';
import { scaled } from './machine-factor';

const CAP = 1024 * 1024;

describe('a window that stops reading', () => {
  it('is closed with 1013 past the cap, with the server holding no more than the cap for it; a new one is served', async ({ cleanup }) => {
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [EXAMPLES], namedFolders: true }));
    const door = workbenchDoor(wb);
    const wss = new WebSocketServer({ noServer: true });
    let most = 0;
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) => {
        bridgeSocket(ws, door, wb.events, CAP);
        const timer = setInterval(() => (most = Math.max(most, ws.bufferedAmount)), 5);
        ws.on('close', () => clearInterval(timer));
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanup.add({ stop: () => new Promise<void>((r) => server.close(() => r())) });
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const stalled = new WebSocket(url);
    await new Promise((r) => stalled.once('open', r));
    // The client stops reading: nothing it is sent leaves the server's buffers once the kernel's are full.
    (stalled as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const closed = new Promise<number>((r) => stalled.once('close', (code) => r(code)));
    const big = Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, name: 'x'.repeat(500) }));
    for (let i = 0; i < 400; i++) wb.events.emit('skills', big as never);
    await wb.events.delivered();
    (stalled as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await closed).toBe(1013);
    expect(most).toBeLessThanOrEqual(CAP + 200 * 1024);

    // A window that reconnects is served as before.
    const again = new WebSocket(url);
    cleanup.add({ stop: () => void again.close() });
    await new Promise((r) => again.once('open', r));
    const answers: string[] = [];
    again.on('message', (d: Buffer) => answers.push(d.toString('utf8')));
    again.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'core/listSkills' }));
    await waitFor(() => answers.find((a) => a.startsWith('{"jsonrpc":"2.0","id":1,"result":[')), 10_000, 'the answer after reconnecting');
  }, scaled(60_000));
});
