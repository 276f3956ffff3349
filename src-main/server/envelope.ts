/**
 * What a host accepts as a command from a window: `{id, method, params}` with a known method and its
 * arguments as a list, none of them nested deeper than the engine walks. Every other shape (JSON `null`,
 * a list, a number, a text, a missing or unknown method, params that are not a list) gets a plain-words
 * error, answered under the message's id where it has a usable one. Nothing here throws.
 */
import { API_METHODS, type ApiMethod } from '../contract';
import { depthOf, MAX_DEPTH } from '../common/json-depth';

const CALLABLE = new Set<string>(API_METHODS);
/** No command takes more than four arguments; a few more are forgiven (trailing undefineds become null). */
export const MAX_PARAMS = 8;
/** Ids are echoed back: a short number or text, nothing else. */
const MAX_ID_CHARS = 200;

export type RequestId = number | string | null;

export type Envelope =
  | { ok: true; id: RequestId; method: ApiMethod; params: unknown[] }
  | { ok: false; id: RequestId; error: string };

/** Checks a command's name and arguments (the Electron host gets its name from the channel). */
export function checkCommand(method: unknown, params: unknown): string | null {
  if (typeof method !== 'string' || method === '') return 'The message names no command: "method" must be the command\'s name, as text.';
  if (!CALLABLE.has(method)) return `Unknown command: ${shown(method)}.`;
  if (!Array.isArray(params)) return `The arguments of ${method} must be a list ("params": [...]), not ${kind(params)}.`;
  if (params.length > MAX_PARAMS) return `${method} was sent ${params.length} arguments; no command takes more than ${MAX_PARAMS}.`;
  for (let i = 0; i < params.length; i++) {
    if (depthOf(params[i], MAX_DEPTH) > MAX_DEPTH) {
      return `Argument ${i + 1} of ${method} is nested more than ${MAX_DEPTH} levels deep; the workbench takes at most ${MAX_DEPTH}.`;
    }
  }
  return null;
}

/** Reads one WebSocket text message. */
export function readEnvelope(text: string): Envelope {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return { ok: false, id: null, error: 'The message is not JSON: send {"id": 1, "method": "…", "params": […]}.' };
  }
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
    return { ok: false, id: null, error: `A message must be a JSON object {"id", "method", "params"}, not ${kind(msg)}.` };
  }
  const m = msg as Record<string, unknown>;
  const id = idOf(m.id);
  if (id === undefined) return { ok: false, id: null, error: `The id must be a number or a short text, not ${kind(m.id)}.` };
  // Absent params mean no arguments; anything else must be a list.
  const params = Object.hasOwn(m, 'params') ? m.params : [];
  const why = checkCommand(Object.hasOwn(m, 'method') ? m.method : undefined, params);
  if (why) return { ok: false, id, error: why };
  return { ok: true, id, method: m.method as ApiMethod, params: params as unknown[] };
}

/** The id to answer under; undefined for one that cannot be echoed back. */
function idOf(v: unknown): RequestId | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.length <= MAX_ID_CHARS) return v;
  return undefined;
}

function shown(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
}

function kind(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return 'a text';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
