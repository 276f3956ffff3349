/**
 * A skill's tools as MCP tools, and a call's outcome as an MCP tool result. Tool names are made safe for
 * agents (letters, digits, "_", "-", "."; Claude and most clients refuse others, such as a namel3ss
 * tool's spaces); the map keeps each safe name's original.
 */
import type { CallOutcome, ToolInfo } from '../contract';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

const SAFE = /^[A-Za-z0-9_.-]{1,128}$/;

export interface McpTools {
  tools: Tool[];
  /** The skill's own name of each MCP tool. */
  original: Map<string, string>;
}

/** The MCP name of each tool: its own where safe, else made safe (and unique among the rest). */
export function mcpTools(tools: ToolInfo[], reserved: string[] = []): McpTools {
  const taken = new Set<string>(reserved);
  const original = new Map<string, string>();
  const out: Tool[] = [];
  for (const t of tools) {
    let name = SAFE.test(t.name) ? t.name : t.name.trim().replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'tool';
    for (let n = 2; taken.has(name); n++) name = `${name.replace(/_\d+$/, '')}_${n}`;
    taken.add(name);
    original.set(name, t.name);
    const tool: Tool = { name, inputSchema: objectSchema(t.inputSchema) as Tool['inputSchema'] };
    const description = name === t.name ? t.description : [t.description, `(The skill calls it "${t.name}".)`].filter(Boolean).join(' ');
    if (description) tool.description = description;
    if (t.title) tool.title = t.title;
    else if (t.group) tool.title = `${t.group}: ${t.name}`;
    if (t.annotations) tool.annotations = t.annotations;
    if (isObjectSchema(t.outputSchema)) tool.outputSchema = t.outputSchema;
    out.push(tool);
  }
  return { tools: out, original };
}

/**
 * An MCP server's tools, proxied: each passed on exactly as the server listed it (name, title, annotations,
 * execution, icons, `_meta` and any field the SDK kept), the workbench's tool model being the server's own object.
 */
export function serverTools(tools: ToolInfo[]): McpTools {
  return { tools: tools.map((t) => ({ ...t }) as Tool), original: new Map(tools.map((t) => [t.name, t.name])) };
}

/** MCP wants an object schema at the top of every tool's input. */
function objectSchema(schema: unknown): Record<string, unknown> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { type: 'object', properties: {} };
  const s = schema as Record<string, unknown>;
  return s.type === 'object' ? s : { ...s, type: 'object' };
}

function isObjectSchema(schema: unknown): boolean {
  return !!schema && typeof schema === 'object' && (schema as { type?: unknown }).type === 'object';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The outcome as MCP content: the text (or the JSON) as text, a JSON object also as `structuredContent`,
 * a tool's own error (or a crash, a timeout) as `isError` with the reason in plain words.
 */
export function toolResult(outcome: CallOutcome, declaresOutput = false): CallToolResult {
  // An MCP server's own answer (the bridge as a proxy) goes on whole: every kind of content, as it was.
  if (outcome.mcp) {
    const r: CallToolResult = { content: outcome.mcp.content as CallToolResult['content'] };
    if (outcome.mcp.structuredContent) r.structuredContent = outcome.mcp.structuredContent;
    if (outcome.mcp.isError) r.isError = true;
    return r;
  }
  if (!outcome.ok) {
    const err = outcome.error;
    const lines = [err?.message ?? 'The tool failed.'];
    if (outcome.text && outcome.text !== err?.message) lines.push(outcome.text);
    if (err?.code && err.code !== 'TOOL' && outcome.stderrTail?.length) lines.push(`Last lines the skill wrote to stderr:\n${outcome.stderrTail.slice(-5).join('\n')}`);
    return { content: [{ type: 'text', text: lines.join('\n\n') }], isError: true };
  }
  const data = outcome.data;
  const text = outcome.text ?? (data === undefined ? '' : JSON.stringify(data, null, 2));
  const result: CallToolResult = { content: [{ type: 'text', text }] };
  // A summary beside its data (an action's "result" text): the data goes along as JSON text too, for
  // clients that read only the content.
  if (data !== undefined && outcome.text !== undefined && !/^\s*[[{]/.test(outcome.text)) result.content.push({ type: 'text', text: JSON.stringify(data, null, 2) });
  if (isRecord(data)) result.structuredContent = data;
  // A tool that declares an output schema must send structured content: a bare value is wrapped.
  else if (declaresOutput && data !== undefined) result.structuredContent = { result: data };
  return result;
}

/** A tool error the bridge itself answers (setup missing, an unknown tool). */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
