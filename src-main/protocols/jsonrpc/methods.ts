/**
 * The subprocess JSON-RPC protocol's methods (python-skills-subprocess-jsonrpc.md), one declaration each
 * (see engine/rpc-method.ts). The skill asks nothing of the host in this protocol.
 */
import { rpcMethod } from '../../common/rpc-method';
import { describe, z } from '../../common/shape';
import { isObject } from '../../common/values';

const LIFECYCLE_TIMEOUT_MS = 10_000;
const none = z.object({});
const anything = z.unknown();

/** A text the skill may send to describe itself: anything else, or an empty text, counts as not given. */
const shownText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((s) => s || undefined);

/** A tool as `initialize` lists it; the document says `parameters`, MCP-minded skills send `inputSchema`. */
export const subprocessTool = z.object({ name: z.string(), description: shownText, parameters: z.unknown().optional(), inputSchema: z.unknown().optional() });

/** `tools` is read item by item by the caller, so one bad tool costs only itself. */
export const initialize = rpcMethod(
  'initialize',
  none,
  z.object({ name: shownText, description: shownText, version: shownText, tools: z.unknown().optional() }),
  30_000,
);

export const onLoad = rpcMethod('lifecycle/onLoad', none, anything, LIFECYCLE_TIMEOUT_MS);
export const onSessionStart = rpcMethod('lifecycle/onSessionStart', z.object({ sessionId: z.string() }), anything, LIFECYCLE_TIMEOUT_MS);
export const onSessionEnd = rpcMethod('lifecycle/onSessionEnd', z.object({ sessionId: z.string() }), anything, LIFECYCLE_TIMEOUT_MS);
export const onTick = rpcMethod('lifecycle/onTick', none, anything, LIFECYCLE_TIMEOUT_MS);
export const shutdown = rpcMethod('shutdown', none, anything);

/** A bare string is taken as the text (noted as such); otherwise `content`, with `isError` (or `is_error`) honoured. */
function toolResult(r: unknown): string | { content: unknown; isError: boolean } | undefined {
  if (typeof r === 'string') return r;
  if (isObject(r)) return { content: r.content, isError: r.isError === true || r.is_error === true };
  return undefined;
}

export const toolsCall = rpcMethod(
  'tools/call',
  z.object({ name: z.string(), arguments: z.unknown().optional() }),
  // The hot path reads the answer with toolResult alone; the schema, built from it, words a refusal.
  z
    .custom<string | Record<string, unknown>>((v) => toolResult(v) !== undefined, { error: (iss) => `it must be text or an object with "content" (got ${describe(iss.input)})` })
    .transform((r) => toolResult(r)!),
  undefined,
  toolResult,
);
