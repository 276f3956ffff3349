/**
 * What an MCP App asks of the workbench, each shown to the user and approved (or refused) before it happens; "always
 * allow" holds for that app (its server and `ui://` address) and that kind of request until the window closes.
 */
import type { CallRecord, McpContentBlock, ToolInfo } from '@contract';

export type AppAsk = 'tools/call' | 'ui/open-link' | 'ui/message' | 'ui/request-display-mode' | 'ui/update-model-context' | 'resources/read';

export const ASK_WORDS: Record<AppAsk, string> = {
  'tools/call': 'call a tool',
  'ui/open-link': 'open a link',
  'ui/message': 'send a message',
  'ui/request-display-mode': 'change how it is shown',
  'ui/update-model-context': 'give the model context',
  'resources/read': 'read a resource',
};

/** One request waiting for the user. */
export interface PendingAsk {
  id: number;
  ask: AppAsk;
  /** In a line: "increment {"by":1}". */
  what: string;
  /** Run in the click that allows it (a link opens only in the user's own gesture). */
  allow(): void;
  deny(): void;
}

const always = new Map<string, Set<AppAsk>>();

export function alwaysAllowed(app: string, ask: AppAsk): boolean {
  return always.get(app)?.has(ask) ?? false;
}

export function allowAlways(app: string, ask: AppAsk): void {
  const set = always.get(app) ?? new Set<AppAsk>();
  set.add(ask);
  always.set(app, set);
}

/** The app's key for "always allow": its server and its resource. */
export function appKey(skillId: string, uri: string): string {
  return `${skillId}\n${uri}`;
}

/** The `ui://` resource a tool's `_meta` names (SEP-1865's `ui.resourceUri`, or the flat key it deprecates). */
export function uiResourceOf(tool: Pick<ToolInfo, '_meta'> | undefined): string | undefined {
  const meta = tool?._meta;
  const ui = meta?.ui as { resourceUri?: unknown } | undefined;
  const flat = meta?.['ui/resourceUri'];
  const uri = typeof ui?.resourceUri === 'string' ? ui.resourceUri : typeof flat === 'string' ? flat : undefined;
  return uri?.startsWith('ui://') ? uri : undefined;
}

/** Why the app may not call `name` (SEP-1865: only tools of its own server whose visibility includes "app"), or null. */
export function refusedCall(name: string, tools: ToolInfo[]): string | null {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return `The server has no tool "${name}".`;
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  if (Array.isArray(visibility) && !visibility.includes('app')) return `"${name}" is not for apps to call (its visibility leaves out "app").`;
  return null;
}

export interface ToolResultForApp {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

/** A call's record as the `CallToolResult` an app expects: the server's own answer where there is one. */
export function toolResultOf(record: CallRecord): ToolResultForApp {
  const o = record.outcome;
  if (o?.mcp) return { content: o.mcp.content, ...(o.mcp.structuredContent ? { structuredContent: o.mcp.structuredContent } : {}), ...(o.mcp.isError ? { isError: true } : {}) };
  if (!o?.ok) return { content: [{ type: 'text', text: o?.error?.message ?? 'The call failed.' }], isError: true };
  const data = o.data;
  const text = o.text ?? (data === undefined ? '' : JSON.stringify(data));
  return { content: [{ type: 'text', text }], ...(data && typeof data === 'object' && !Array.isArray(data) ? { structuredContent: data as Record<string, unknown> } : {}) };
}

/** A request's arguments in one short line. */
export function briefly(value: unknown, max = 160): string {
  let s: string;
  try {
    s = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  } catch {
    s = String(value);
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
