/**
 * The real SkillDefinition host (alphahuman's src/lib/skills, protocol notes section 5), as far as a skill
 * can tell: what it sends, what it answers, what it refuses. With a skill's "host parity" setting on (or
 * `--host-parity`), the adapter behaves this way; off, these are the differences the inspector lists.
 */
import { JSONRPC, RpcError } from '../../common/errors';

/** The reverse calls the real host serves; every other one it answers -32603 "Unknown reverse RPC method: X". */
export const REAL_HOST_REVERSE = new Set([
  'state/get',
  'state/set',
  'data/read',
  'data/write',
  'intelligence/emitEvent',
  'entities/upsert',
  'entities/search',
  'entities/upsertRelationship',
  'entities/getRelationships',
]);

/** The real host waits this long after `skill/shutdown` before it kills the process. */
export const REAL_SHUTDOWN_GRACE_MS = 200;

/** The real host's answer to a reverse call it does not serve (its error code is -32603, not -32601). */
export function unknownReverse(method: string): RpcError {
  return new RpcError(JSONRPC.INTERNAL_ERROR, `Unknown reverse RPC method: ${method}`);
}

/** The real host's refusal of an id with "_", in its own words (it keys tools `<id>__<tool>`). */
export function idRefusal(id: string): string | null {
  if (!id.includes('_')) return null;
  return `Skill name "${id}" contains underscore. Skill names cannot contain underscores as they are used for tool namespacing (skillId__toolName).`;
}

/** `<id>__<tool>`, the name the real host gives a skill's tool. */
export function namespaced(id: string, tool: string): string {
  return `${id}__${tool}`;
}

/** The skill's own name for a namespaced tool (a name without the prefix is taken as it is). */
export function ownToolName(id: string, name: string): string {
  const prefix = `${id}__`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** What the workbench saw of a skill, to say where it behaved unlike the real host. */
export interface ParityObservations {
  id: string;
  /** The skill needs setup, and the workbench listed its tools anyway. */
  listedBeforeSetup: boolean;
  /** It answered `skill/status`. */
  answeredStatus: boolean;
  toolNames: string[];
  ticks: boolean;
}

/** Off: each way the workbench behaves unlike the real host, for this skill, in plain words. */
export function differences(o: ParityObservations): string[] {
  const out: string[] = [];
  const refusal = idRefusal(o.id);
  if (refusal) out.push(`The real host refuses this skill: its id "${o.id}" contains "_" (it names tools "<id>__<tool>"). The workbench runs it.`);
  if (o.listedBeforeSetup) out.push('The workbench lists the tools before setup is complete; the real host lists them only once setup is done.');
  if (o.answeredStatus) out.push('The workbench asks skill/status for the header; the real host never sends it.');
  const example = o.toolNames[0];
  if (example) out.push(`Tools keep their own names here ("${example}"); the real host names them "${namespaced(o.id, example)}".`);
  out.push(
    'The workbench answers a reverse call it does not serve with -32601 and also serves skills/*; the real host serves only state, data, events and entities, and answers anything else -32603 "Unknown reverse RPC method".',
  );
  out.push(`On stop the workbench sends skill/unload, then skill/shutdown, and waits before SIGTERM and SIGKILL; the real host sends skill/shutdown alone and kills the process ${REAL_SHUTDOWN_GRACE_MS} ms later.`);
  if (o.ticks) out.push('The workbench drives ticks from tick_interval; the real host sends no ticks (nor message hooks).');
  return out;
}

/** On: what parity changed, so the inspector says which way it ran. */
export function parityNotes(id: string, waitingForSetup: boolean): string[] {
  return [
    `Host parity is on: the workbench behaves as the real host does. Tools are named "${id}__<tool>", skill/status is not asked, unknown reverse calls get -32603, and stop is skill/shutdown then a kill after ${REAL_SHUTDOWN_GRACE_MS} ms.`,
    ...(waitingForSetup ? ['Its tools are listed once setup is complete, as the real host does.'] : []),
  ];
}
