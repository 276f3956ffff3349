/**
 * What an MCP server answers, turned into the workbench's shapes: tools into ToolInfo, a tool result into a
 * CallOutcome that carries everything (content blocks of every kind, structuredContent, isError), and the
 * SDK's errors into our codes (a timeout, a cancel, a server that went away).
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallOutcome, McpContentBlock, McpTool, McpToolResult, ToolInfo } from '../../contract';
import { RpcError, SkillError } from '../../common/errors';
import { isObject } from '../../common/values';
import { textOutcome } from '../persistent';

/** A tool as the server listed it, kept whole (annotations, title, outputSchema, execution, icons, _meta). */
export function mcpToolOf(t: Record<string, unknown>): McpTool {
  const tool: McpTool = {
    name: String(t.name),
    inputSchema: isObject(t.inputSchema) ? t.inputSchema : { type: 'object', properties: {} },
  };
  if (typeof t.title === 'string') tool.title = t.title;
  if (typeof t.description === 'string') tool.description = t.description;
  if (isObject(t.outputSchema)) tool.outputSchema = t.outputSchema;
  if (isObject(t.annotations)) tool.annotations = t.annotations;
  if (isObject(t.execution)) tool.execution = t.execution;
  if (Array.isArray(t.icons)) tool.icons = t.icons as McpTool['icons'];
  if (isObject(t._meta)) tool._meta = t._meta;
  return tool;
}

export function toolInfoOf(t: McpTool): ToolInfo {
  const info: ToolInfo = { name: t.name, inputSchema: t.inputSchema };
  if (t.description !== undefined) info.description = t.description;
  if (t.outputSchema) info.outputSchema = t.outputSchema;
  const title = t.title ?? t.annotations?.title;
  if (title) info.title = title;
  if (t.annotations) info.annotations = t.annotations;
  if (t.execution) info.execution = t.execution;
  return info;
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
  if (!text && content.length) out.text = content.map(describeBlock).join('\n');
  out.mcp = result;
  return out;
}

/** A block that is not text, in a line (for `text`, where the whole answer is images or links). */
function describeBlock(c: McpContentBlock): string {
  switch (c.type) {
    case 'text':
      return c.text;
    case 'image':
    case 'audio':
      return `[${c.type} ${c.mimeType}]`;
    case 'resource_link':
      return `[link ${c.uri}]`;
    case 'resource':
      return c.resource.text ?? `[resource ${c.resource.uri}]`;
    default:
      return JSON.stringify(c);
  }
}

/** The SDK's errors in our codes and plain words: its local ones (a timeout, a closed connection) and the server's. */
export function engineError(err: unknown, what: string): Error {
  if (err instanceof SkillError || err instanceof RpcError) return err;
  const e = err as Error & { code?: unknown };
  if (e?.name === 'AbortError' || (err instanceof SdkError && /abort|cancel/i.test(e.message) && e.code !== SdkErrorCode.RequestTimeout)) {
    return new SkillError('CANCELLED', `${what} was cancelled.`);
  }
  if (err instanceof SdkError) {
    if (err.code === SdkErrorCode.RequestTimeout) return new SkillError('TIMEOUT', `${what} got no answer in time: ${stripPrefix(err.message)}`);
    if (err.code === SdkErrorCode.ConnectionClosed || err.code === SdkErrorCode.NotConnected) return new SkillError('CRASHED', `The server went away during ${what.toLowerCase()}: ${stripPrefix(err.message)}`);
    return new SkillError('PROTOCOL', `${what} failed: ${stripPrefix(err.message)}`);
  }
  if (err instanceof ProtocolError) return new RpcError(err.code, stripPrefix(err.message), err.data);
  return new SkillError('PROTOCOL', `${what} failed: ${e?.message ?? String(err)}`);
}

/** A server on the 1.x SDK words its errors "MCP error -32602: …"; the code travels separately. */
function stripPrefix(message: string): string {
  return message.replace(/^MCP error -?\d+:\s*/, '');
}
