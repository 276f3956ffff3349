/**
 * The protocols the workbench speaks, in the order a folder is tried: a manifest that names a subprocess
 * runtime wins over a `skill.py`, which wins over namel3ss and action markers.
 */
import type { Protocol, SkillRef } from '../contract';
import type { ProtocolModule } from './adapter';
import { actionProtocol } from './action';
import { agentSkillProtocol } from './agent-skill';
import { jsonRpcProtocol } from './jsonrpc';
import { mcpProtocol } from './mcp';
import { namel3ssProtocol } from './namel3ss';
import { quickjsProtocol } from './quickjs';
import { skilldefProtocol } from './skilldef';

// MCP last: a folder that is a skill keeps being that skill even where a .mcp.json sits beside it.
const modules: ProtocolModule[] = [jsonRpcProtocol, skilldefProtocol, namel3ssProtocol, actionProtocol, quickjsProtocol, mcpProtocol];
// Agent Skills are found beside the others (ProtocolModule.alongside), so their place in the order does not matter.
registerProtocol(agentSkillProtocol, 'mcp');

/** Adds a protocol, before `before` where given (a protocol is never registered twice). */
export function registerProtocol(m: ProtocolModule, before?: Protocol): void {
  if (modules.some((x) => x.protocol === m.protocol)) return;
  const at = before ? modules.findIndex((x) => x.protocol === before) : -1;
  if (at >= 0) modules.splice(at, 0, m);
  else modules.push(m);
}

export function protocolModules(): readonly ProtocolModule[] {
  return modules;
}

export function protocolModule(p: Protocol): ProtocolModule {
  const m = modules.find((x) => x.protocol === p);
  if (!m) throw new Error(`Unknown protocol "${p}". Known: ${modules.map((x) => x.protocol).join(', ')}`);
  return m;
}

/**
 * Starts a skill for calls made outside the workbench (a command-line call, a replay, a collection run).
 * A per-call protocol's start may fail (it learns the tools from files; each call still runs and reports
 * its own failure); a long-running skill must start to be called, so its failed start is thrown, as
 * `fatal` words it.
 */
export async function startForCalls(skill: { ref: SkillRef; start(): Promise<unknown> }, fatal: (err: Error) => Error = (err) => err): Promise<void> {
  try {
    await skill.start();
  } catch (err) {
    if (!protocolModule(skill.ref.protocol).perCall) throw fatal(err as Error);
  }
}
