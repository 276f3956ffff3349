/**
 * A tool called as a task (MCP Tasks, spec 2025-11-25): `tools/call` with `task` answers a task at once;
 * the client then asks `tasks/result`, which the server holds open until the task ends (delivering on the
 * way any request it queued for the user, an elicitation for instance), while `tasks/get` is polled beside
 * it so the call shows each status (working, input_required, …) as it comes. A cancel is `tasks/cancel`.
 */
import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { CallToolResultSchema, CancelTaskResultSchema, CreateTaskResultSchema, GetTaskResultSchema, ListTasksResultSchema } from '@modelcontextprotocol/core';
import type { McpTask, McpTool } from '../../contract';
import type { AdapterContext } from '../adapter';
import { SkillError } from '../../common/errors';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
/** A poll interval the server proposes is kept within these bounds (a busy loop or a stale view helps nobody). */
const MIN_POLL_MS = 200;
const MAX_POLL_MS = 5_000;

export interface TaskCallOptions {
  signal?: AbortSignal;
  /** How long the whole task may take. */
  timeoutMs: number;
  /** How long one small request (create, get, cancel) may take. */
  requestTimeoutMs: number;
  onStatus: (task: McpTask) => void;
  /** Registers a hook called when the server asks the user something for this task; returns its removal. */
  onAsked?: (taskId: string, told: () => void) => () => void;
}

/** Whether a tool is called as a task: it requires it, or offers it and the server serves task calls. */
export function callsAsTask(tool: McpTool | undefined, serverTasks: boolean): boolean {
  const support = tool?.execution?.taskSupport;
  return serverTasks && (support === 'required' || support === 'optional');
}

/** Where a task call's statuses go: an event naming the call, and the skill's timeline. */
export function statusReporter(skillId: string, tool: string, callId: string | undefined, ctx: Pick<AdapterContext, 'onMcp' | 'onTimeline'>): (task: McpTask) => void {
  return (task) => {
    ctx.onMcp?.('mcpTaskStatus', { skillId, tool, ...(callId ? { callId } : {}), task });
    const label = `Task of ${tool}: ${task.status.replace('_', ' ')}${task.statusMessage ? ` (${task.statusMessage})` : ''}`;
    ctx.onTimeline?.({ kind: 'event', label, data: { mcp: 'tasks/status', taskId: task.taskId, status: task.status } });
  };
}

export function taskOf(raw: Record<string, unknown>): McpTask {
  const t: McpTask = { taskId: String(raw.taskId), status: raw.status as McpTask['status'] };
  if (typeof raw.statusMessage === 'string') t.statusMessage = raw.statusMessage;
  if (typeof raw.createdAt === 'string') t.createdAt = raw.createdAt;
  if (typeof raw.lastUpdatedAt === 'string') t.lastUpdatedAt = raw.lastUpdatedAt;
  if (typeof raw.ttl === 'number' || raw.ttl === null) t.ttl = raw.ttl;
  if (typeof raw.pollInterval === 'number') t.pollInterval = raw.pollInterval;
  return t;
}

/** Calls `name` as a task; answers the tool's result as a plain call would. */
export async function callAsTask(client: Client, name: string, args: Record<string, unknown>, opts: TaskCallOptions): Promise<Record<string, unknown>> {
  const small = { timeout: opts.requestTimeoutMs };
  const created = await client.request({ method: 'tools/call', params: { name, arguments: args, task: {} } }, CreateTaskResultSchema, { ...small, signal: opts.signal });
  let task = taskOf(created.task);
  const taskId = task.taskId;
  opts.onStatus(task);
  let last = `${task.status}\u0000${task.statusMessage ?? ''}`;

  // tasks/result is held open by the server until the task ends; its own abort stops it on our side.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let settled = false;
  // A request the server makes for the task (an elicitation) cuts the wait short: the status is polled at once.
  let asked = false;
  let wake: () => void = () => undefined;
  const unhook = opts.onAsked?.(taskId, () => {
    asked = true;
    wake();
  });
  const result = client
    .request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, { signal: stop.signal, timeout: opts.timeoutMs })
    .finally(() => {
      settled = true;
    });
  result.catch(() => undefined);
  try {
    while (!TERMINAL.has(task.status)) {
      if (opts.signal?.aborted) {
        const after = await cancelTask(client, taskId, small).catch(() => undefined);
        if (after) opts.onStatus(taskOf(after));
        throw new SkillError('CANCELLED', `The task of ${name} was cancelled; the server was told.`);
      }
      const wait = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollInterval ?? 1000));
      if (!asked) await Promise.race([sleep(wait, opts.signal), result.then(() => undefined, () => undefined), new Promise<void>((r) => (wake = r))]);
      asked = false;
      if (opts.signal?.aborted) continue;
      task = taskOf((await client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema, small)));
      const now = `${task.status}\u0000${task.statusMessage ?? ''}`;
      if (now !== last) opts.onStatus(task);
      last = now;
      // The result came although a poll said otherwise (it raced the last poll): the result has the word.
      if (settled && !TERMINAL.has(task.status)) break;
    }
    if (task.status === 'cancelled') throw new SkillError('CANCELLED', `The server cancelled the task of ${name}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`);
    if (task.status === 'failed') {
      const why = await result.then((r) => textOf(r as Record<string, unknown>), () => '');
      throw new SkillError('TOOL', `The task of ${name} failed: ${task.statusMessage || why || 'the server gave no reason.'}`);
    }
    return await result;
  } finally {
    unhook?.();
    opts.signal?.removeEventListener('abort', onAbort);
    if (!settled) stop.abort();
  }
}

/**
 * The tasks requests of MCP 2025-11-25, sent with their own result schemas: the v2 SDK keeps them out of its method
 * table (Tasks became an extension in 2026-07-28), so they go as requests of their own.
 */
export async function listTasks(client: Client, cursor: string | undefined, options: RequestOptions): Promise<{ tasks: Record<string, unknown>[]; nextCursor?: string }> {
  const page = await client.request({ method: 'tasks/list', params: cursor ? { cursor } : {} }, ListTasksResultSchema, options);
  return { tasks: page.tasks, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

export async function cancelTask(client: Client, taskId: string, options: RequestOptions): Promise<Record<string, unknown>> {
  return (await client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema, options));
}

function textOf(r: Record<string, unknown>): string {
  return Array.isArray(r.content) ? (r.content as ({ type?: unknown; text?: unknown } | null)[]).filter((c) => c?.type === 'text').map((c) => c!.text).join(' ') : '';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
