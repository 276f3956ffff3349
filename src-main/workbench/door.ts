/**
 * The door of the workbench: every command from a window (over IPC, a WebSocket, or in-process for a test) comes
 * in here by its wire name. It is looked up in the command table, its arguments are checked against their
 * declaration before any service sees them (common/commands/check.ts), it is served by the object implementing
 * its service, and its answer is scrubbed of every secret the workbench knows as it leaves (but for the one
 * command whose point is the clear text), in its shape for the wire where the table gives one (a call's result
 * once: common/call-outcome.ts). An answer never overtakes the events that led to it.
 *
 * The other ways out are scrubbed where they are: events by the hub (events.ts), bytes going to disk by the sinks.
 */
import type { WorkbenchApi } from '../contract';
import { readArgs } from '../common/commands/check';
import { BY_WIRE, COMMANDS, type ServiceImpls } from '../common/commands';
import { JSONRPC, RpcError } from '../common/errors';
import type { WindowScope } from './window-scope';
import type { Workbench } from './workbench';

export interface Door {
  /**
   * Serves one command by its wire name (`core/listSkills`), its params by position or by name; `window` is the
   * window it came from, where a link carried it.
   */
  serve(method: string, params: unknown, window?: WindowScope): Promise<unknown>;
}

export interface DoorOptions {
  scrub: <T>(v: T) => T;
  /** Resolves once every event emitted so far has reached the windows. */
  delivered: () => Promise<void>;
}

export function commandDoor(impls: ServiceImpls, opts: DoorOptions): Door {
  const serve = async (method: string, params: unknown, window?: WindowScope): Promise<unknown> => {
    const c = BY_WIRE.get(method);
    if (!c) throw new RpcError(JSONRPC.METHOD_NOT_FOUND, `Unknown command: ${shown(method)}.`);
    const args = readArgs(c, params);
    if (c.decl.window) args.push(window);
    const target = impls[c.service] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    let result: unknown;
    try {
      result = await target[c.name](...args);
    } finally {
      await opts.delivered();
    }
    const safe = c.decl.clear ? result : opts.scrub(result);
    // What leaves is the wire's shape (a call's result once); the window's client makes it whole again.
    return c.decl.wire ? c.decl.wire.out(safe, result) : safe;
  };
  return { serve };
}

/** The workbench's door: its services, its redactor, its event hub. */
export function workbenchDoor(wb: Workbench): Door {
  const impls: ServiceImpls = { core: wb, qa: wb.qa, authoring: wb.authoring, logs: wb.logFiles, agents: wb.agents, interop: wb.interop, mcp: wb.mcp, skilldef: wb.skilldef, chat: wb.chat, env: wb.env, agentSkills: wb.agentSkills };
  return commandDoor(impls, { scrub: (v) => wb.redactor.value(v), delivered: () => wb.events.delivered() });
}

/**
 * The WorkbenchApi through the door, in-process: what a test (or a host without a link) calls, checked and
 * scrubbed as a window's call is.
 */
export function apiThrough(door: Door): WorkbenchApi {
  const api: Record<string, unknown> = {};
  for (const c of COMMANDS.values()) {
    const shape = c.decl.wire;
    api[c.name] = shape ? async (...args: unknown[]) => shape.in(await door.serve(c.wire, trimmed(args)), args) : (...args: unknown[]) => door.serve(c.wire, trimmed(args));
  }
  return api as unknown as WorkbenchApi;
}

/** Trailing undefined arguments are left out, as a call written without them would be. */
function trimmed(args: unknown[]): unknown[] {
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--;
  return args.slice(0, n);
}

function shown(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
}
