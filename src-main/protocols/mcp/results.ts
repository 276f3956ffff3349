/**
 * What an MCP server answers, turned into the workbench's shapes: tools into ToolInfo, a tool result into a
 * CallOutcome that carries everything (content blocks of every kind, structuredContent, isError), and the
 * SDK's errors into our codes (a timeout, a cancel, a server that went away).
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { CallOutcome, McpContentBlock, McpTool, McpToolResult, ToolInfo } from '../../contract';
import { RpcError, SkillError } from '../../common/errors';
import { contentLine } from '../../common/mcp-content';
import { isObject } from '../../common/values';
import { textOutcome } from '../persistent';

/**
 * A tool as the server listed it, whole: every field the SDK's client kept (title, annotations, outputSchema,
 * execution, icons, _meta), as it was, nothing added (no title made up from `annotations.title`).
 */
export function mcpToolOf(t: Record<string, unknown>): McpTool {
  const tool = { ...t } as unknown as McpTool;
  if (!isObject(tool.inputSchema)) tool.inputSchema = { type: 'object', properties: {} };
  return tool;
}

/** The workbench's tool model of an MCP tool: the same object, so what the app, `inspect` and the bridge pass on is the server's. */
export function toolInfoOf(t: McpTool): ToolInfo {
  return { ...t };
}

/** A tool's answer as a CallOutcome: `text` the text blocks, `data` the structuredContent, `mcp` all of it. */
export function outcomeOf(raw: Record<string, unknown>, durationMs: number): CallOutcome {
  const content = Array.isArray(raw.content) ? (raw.content as McpContentBlock[]) : [];
  const isError = raw.isError === true;
  const result: McpToolResult = { content, isError };
  if (isObject(raw.structuredContent)) result.structuredContent = raw.structuredContent;
  const text = content
    .filter((c): c is Extract<McpContentBlock, { type: 'text' }> => c?.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n');
  const out = textOutcome(text, isError, durationMs);
  if (result.structuredContent) out.data = result.structuredContent;
  if (!text && content.length) out.text = content.map(contentLine).join('\n');
  out.mcp = result;
  return out;
}

/** The SDK's errors in our codes and plain words: its local ones (a timeout, a closed connection) and the server's. */
export function engineError(err: unknown, what: string): Error {
  if (err instanceof SkillError || err instanceof RpcError) return err;
  const e = err as Error & { code?: unknown };
  if (e?.name === 'AbortError' || (err instanceof SdkError && /abort|cancel/i.test(e.message) && e.code !== SdkErrorCode.RequestTimeout)) {
    return new SkillError('CANCELLED', `${what} was cancelled.`);
  }
  if (err instanceof SdkError) {
    // The era's probe failed for a reason of its own (the network, a sign-in): that reason, in its words.
    const cause = (err as { cause?: unknown }).cause;
    if (err.code === SdkErrorCode.EraNegotiationFailed && cause instanceof Error) return engineError(cause, what);
    if (err.code === SdkErrorCode.RequestTimeout) return new SkillError('TIMEOUT', `${what} got no answer in time: ${stripPrefix(err.message)}`);
    if (err.code === SdkErrorCode.ConnectionClosed || err.code === SdkErrorCode.NotConnected) return new SkillError('CRASHED', `The server went away during ${what.toLowerCase()}: ${stripPrefix(err.message)}`);
    return new SkillError('PROTOCOL', `${what} failed: ${plainError(err)}`);
  }
  if (err instanceof ProtocolError) return new RpcError(err.code, stripPrefix(err.message), err.data);
  return new SkillError('PROTOCOL', `${what} failed: ${plainError(err)}`);
}

/**
 * The SDK puts "MCP error -32602: " before the message of every error it raises, and a server built on the SDK sends
 * that message on as it is, so the client that reads it adds its own: the code travels apart, every prefix goes.
 */
export function stripPrefix(message: string): string {
  return message.replace(/^(?:MCP error -?\d+:\s*)+/, '');
}

/** An error's message in a line: an HTTP server's error page as its status and what the page says, not its HTML. */
export function plainError(err: unknown): string {
  const e = err as Error & { code?: unknown };
  const message = e?.message ?? String(err);
  const http = /^(?:Streamable HTTP error: )?(?:Error POSTing to endpoint(?: \(HTTP (\d{3})\))?|Failed to open SSE stream|Failed to terminate session): ?([\s\S]*)$/.exec(message);
  // The HTTP status: the v2 SDK's SdkHttpError carries it apart, the 1.x SDK's error as its code, or in its words.
  const status = err instanceof SdkHttpError ? err.status : typeof e.code === 'number' && e.code >= 100 ? e.code : Number(http?.[1]) || undefined;
  if (!http || !status) return stripPrefix(message);
  return httpStatusLine(status, http[2]);
}

/** "HTTP 404 Not Found: Cannot POST /wrong": the status, and one line of the body (an HTML page's title or text, a JSON error's message). */
export function httpStatusLine(status: number, body: string): string {
  const head = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
  const line = bodyLine(body);
  return line && line.toLowerCase() !== (STATUS_TEXT[status] ?? '').toLowerCase() ? `${head}: ${line}` : head;
}

function bodyLine(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const said = typeof json.error === 'string' ? json.error : json.error?.message ?? json.message;
    if (typeof said === 'string') return oneLine(said);
  } catch {
    /* not JSON */
  }
  if (/<[a-z!][\s\S]*>/i.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    const words = oneLine(decodeEntities((title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))));
    const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(text)?.[1];
    // Express says what went wrong in <pre> under a generic title ("Error").
    return pre && (!title || /^error$/i.test(words)) ? oneLine(decodeEntities(pre.replace(/<[^>]*>/g, ' '))) : words;
  }
  return oneLine(text);
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function decodeEntities(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (_, n: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", nbsp: ' ' })[n] ?? _);
}

/** The reason phrases of the statuses a server answers a wrong address or a refused request with. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
  408: 'Request Timeout', 409: 'Conflict', 410: 'Gone', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 421: 'Misdirected Request',
  429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
