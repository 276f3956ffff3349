/** What classifying needs of a MessageEntry (kept structural: the engine's tests import this file too). */
interface Classifiable {
  kind: 'request' | 'response' | 'notification' | 'exchange' | 'invalid';
  direction: 'out' | 'in';
  method?: string;
}

/**
 * What a protocol message is about, for the Messages tab's kind filter:
 *  - calls: `tools/*` (tools/call, tools/list), and every exchange of a one-shot protocol (each is one call);
 *  - ticks: `skill/tick`, `lifecycle/onTick`;
 *  - reverse: the skill asking the workbench (state, data, entities, events: a request or notification that comes in)
 *    and the workbench's answers to it (a response that goes out);
 *  - lifecycle: everything else (initialize, load and unload, status, sessions, setup, hooks, shutdown, and lines
 *    that were not valid messages).
 * A response is classified by its request: by the method the engine copies onto it, or else by the request it is
 * paired with. Direction alone decides a reverse call, whatever its method.
 */
export type MessageCategory = 'call' | 'tick' | 'reverse' | 'lifecycle';

export const MESSAGE_CATEGORIES: { key: MessageCategory; label: string; title: string }[] = [
  { key: 'call', label: 'Calls', title: 'Tool calls (tools/call, tools/list) and their answers' },
  { key: 'tick', label: 'Ticks', title: 'Ticks (skill/tick, lifecycle/onTick) and their answers' },
  { key: 'reverse', label: 'Reverse calls', title: 'What the skill asks the workbench (state, data, entities, events) and the answers' },
  { key: 'lifecycle', label: 'Lifecycle', title: 'Initialize, load and unload, sessions, setup, hooks, shutdown and everything else' },
];

const TICK_METHODS = new Set(['skill/tick', 'lifecycle/onTick']);

export function categoryOf(entry: Classifiable, pair?: Classifiable): MessageCategory {
  if (entry.kind === 'exchange') return 'call';
  if (entry.kind === 'invalid') return 'lifecycle';
  if (entry.kind === 'response') {
    if (entry.direction === 'out') return 'reverse';
  } else if (entry.direction === 'in') {
    return 'reverse';
  }
  const method = entry.method ?? (entry.kind === 'response' ? pair?.method : undefined);
  if (!method) return 'lifecycle';
  if (method.startsWith('tools/')) return 'call';
  if (TICK_METHODS.has(method)) return 'tick';
  return 'lifecycle';
}

export type CategoryCounts = Record<MessageCategory, number>;

export function emptyCounts(): CategoryCounts {
  return { call: 0, tick: 0, reverse: 0, lifecycle: 0 };
}
