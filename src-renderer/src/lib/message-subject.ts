import type { MessageEntry } from '@contract';

/**
 * What a message is about, beyond its method: the tool a `tools/call` names, the hook or event a lifecycle
 * message carries. Shown beside the method and searched by the filter, so "add_alert" finds its call.
 */
export function messageSubject(entry: MessageEntry, pair?: MessageEntry): string | undefined {
  const source = entry.kind === 'response' ? pair : entry;
  const body = source?.body;
  if (!body || typeof body !== 'object') return undefined;
  const params = (body as Record<string, unknown>).params;
  const from = params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : (body as Record<string, unknown>);
  for (const key of ['name', 'tool', 'action', 'type']) {
    const v = from[key];
    if (typeof v === 'string' && v && v.length <= 60) return v;
  }
  return undefined;
}
