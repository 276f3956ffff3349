/**
 * Every window command, declared once and grouped by service (as the contract files group them). From this
 * table come the window's client (client.ts), the names the bridges carry, and the check at the door
 * (check.ts); the compiler holds it to the contract's `WorkbenchApi`, so a command cannot be declared one way
 * and typed another.
 *
 * On the wire a command is `<service>/<name>` (`core/listSkills`, `mcp/mcpPing`); the window calls it by its
 * name alone (`listSkills`), as `WorkbenchApi` says.
 */
import type { WorkbenchApi } from '../../contract';
import { agents } from './agents';
import { agentSkills } from './agent-skills';
import { authoring } from './authoring';
import { chat } from './chat';
import { core } from './core';
import type { ApiOf, Command } from './declare';
import { env } from './env';
import { interop } from './interop';
import { logs } from './logs';
import { mcp } from './mcp';
import { qa } from './qa';
import { skilldef } from './skilldef';

export const SERVICES = { core, qa, authoring, logs, agents, interop, mcp, skilldef, chat, env, agentSkills };

export type Services = typeof SERVICES;
export type ServiceName = keyof Services;
/** What serves each service: an object with its commands as methods (the workbench, its QA service, ...). */
export type ServiceImpls = { [S in ServiceName]: ApiOf<Services[S]> };

type Flat = { [S in ServiceName]: Services[S] }[ServiceName];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The window's API as the table declares it. */
export type DeclaredApi = ApiOf<UnionToIntersection<Flat>>;
export type CommandName = Extract<keyof DeclaredApi, string>;

export interface CommandEntry {
  service: ServiceName;
  name: CommandName;
  /** The method's name on the wire. */
  wire: string;
  decl: Command;
}

/** Every command by its name, in the table's order. */
export const COMMANDS: ReadonlyMap<string, CommandEntry> = new Map(
  (Object.keys(SERVICES) as ServiceName[]).flatMap((service) =>
    Object.entries(SERVICES[service] as Record<string, Command>).map(([name, decl]) => [name, { service, name: name as CommandName, wire: `${service}/${name}`, decl }] as const),
  ),
);
/** Every command by its wire name. */
export const BY_WIRE: ReadonlyMap<string, CommandEntry> = new Map([...COMMANDS.values()].map((c) => [c.wire, c]));

export const COMMAND_NAMES = [...COMMANDS.keys()] as CommandName[];

/** Events travel as notifications named `event/<name>`. */
export const EVENT_PREFIX = 'event/';

// The table and the contract agree, command by command, in both directions: the compiler names any that differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type SameCall<A, B> = A extends (...a: infer PA) => infer RA ? (B extends (...a: infer PB) => infer RB ? (Same<PA, PB> extends true ? Same<RA, RB> : false) : false) : false;
type Keys = keyof WorkbenchApi | keyof DeclaredApi;
type Mismatch = { [K in Keys]: K extends keyof WorkbenchApi & keyof DeclaredApi ? (SameCall<WorkbenchApi[K], DeclaredApi[K]> extends true ? never : K) : K }[Keys];
const agreed: [Mismatch] extends [never] ? true : { differs: Mismatch } = true;
void agreed;

/** The IPC channel the desktop app's window link uses, both ways. */
export const IPC_CHANNEL = 'skillbench:rpc';
