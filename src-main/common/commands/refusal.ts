/**
 * Plain words for what a window sent that is not a request the door can serve: text that is not JSON, JSON that
 * is not a message, a message naming no command, arguments nested past what the engine walks. Each is answered
 * under the message's id where it has a usable one, else under null (as JSON-RPC says). Nothing here throws.
 */
import { JSONRPC, RpcError } from '../errors';
import { MAX_DEPTH } from '../json-depth';
import { kindOf } from './check';

const EXAMPLE = '{"jsonrpc": "2.0", "id": 1, "method": "core/hostInfo", "params": []}';

export const refusalOf = {
  /** The answer to a line the peer could not take as a request or notification; null when none is due (a stray response). */
  message(line: string): { id: number | string | null; error: RpcError } | null {
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      return { id: null, error: new RpcError(JSONRPC.PARSE_ERROR, `The message is not JSON: send ${EXAMPLE}.`) };
    }
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
      return { id: null, error: new RpcError(JSONRPC.INVALID_REQUEST, `A message must be a JSON object ${EXAMPLE}, not ${a(kindOf(msg))}.`) };
    }
    const m = msg as Record<string, unknown>;
    if (typeof m.method !== 'string' && ('result' in m || 'error' in m)) return null;
    const id = typeof m.id === 'number' || (typeof m.id === 'string' && m.id.length <= 200) ? m.id : null;
    return { id, error: new RpcError(JSONRPC.INVALID_REQUEST, 'The message names no command: "method" must be the command\'s name, as text ("core/listSkills").') };
  },

  tooDeep(method: string, depth: number): RpcError {
    const name = method.slice(method.indexOf('/') + 1);
    return new RpcError(JSONRPC.INVALID_PARAMS, `${name}: params are nested ${depth} levels deep; the workbench takes at most ${MAX_DEPTH}.`);
  },
};

function a(kind: string): string {
  return kind === 'null' ? 'null' : /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}
