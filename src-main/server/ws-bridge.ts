/**
 * The WorkbenchApi over a WebSocket: `{id, method, params}` in, `{id, result}` or `{id, error}` out,
 * and every WorkbenchEvent pushed as `{event, payload}`. Only the contract's method names are callable.
 */
import type { WebSocket } from 'ws';
import { API_METHODS, type ApiMethod, type WorkbenchApi } from '../contract';
import type { EventHub } from '../workbench/events';

const CALLABLE = new Set<string>(API_METHODS);
/** A client this far behind gets no more log and message batches until it catches up (it can re-read them). */
const CONGESTED_BYTES = 8 * 1024 * 1024;

export function bridgeSocket(ws: WebSocket, api: WorkbenchApi, events: EventHub): void {
  const unsubscribe = events.onAnyForWindow((event, payload) => {
    if (ws.readyState !== ws.OPEN) return;
    if ((event === 'logs' || event === 'messages') && ws.bufferedAmount > CONGESTED_BYTES) return;
    ws.send(JSON.stringify({ event, payload }));
  });
  ws.on('close', unsubscribe);
  ws.on('error', unsubscribe);
  ws.on('message', async (data) => {
    let msg: { id?: unknown; method?: unknown; params?: unknown };
    try {
      msg = JSON.parse(String(data));
    } catch {
      return;
    }
    const id = msg.id;
    const reply = (body: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, ...body }));
    };
    if (typeof msg.method !== 'string' || !CALLABLE.has(msg.method)) {
      reply({ error: { message: `Unknown command: ${String(msg.method)}` } });
      return;
    }
    const params = Array.isArray(msg.params) ? msg.params : [];
    try {
      const fn = api[msg.method as ApiMethod] as (...a: unknown[]) => Promise<unknown>;
      const result = await fn.apply(api, params);
      await events.delivered();
      reply({ result: result ?? null });
    } catch (err) {
      await events.delivered();
      reply({ error: { message: (err as Error)?.message ?? String(err) } });
    }
  });
}
