/**
 * A target's tools as the AI SDK's tool set. Each tool's JSON Schema goes to the model as the skill declared it
 * (an object schema where it declared none), and the model's arguments are checked against it with the
 * workbench's own validator (common/json-schema.ts, `argumentProblems`, which the turn runs before the call):
 * arguments it refuses, or a tool that does not exist, come back to the model as a tool error in plain words, and
 * the turn goes on.
 *
 * Model APIs allow tool names of letters, digits, `_` and `-` (64 at most): a name with other characters (an
 * action skill's `scripts/report.py`) is given to the model in that form and mapped back when it is called.
 */
import { jsonSchema, tool, type ToolSet } from 'ai';
import type { ToolInfo } from '../contract';
import { describePath, validateValue } from '../common/json-schema';

export interface ToolRunner {
  /** Runs the tool the model named (by its own name, mapped back); throws to tell the model of a failure. */
  (tool: ToolInfo, args: unknown, toolCallId: string, signal: AbortSignal | undefined): Promise<unknown>;
}

/** The name a model API accepts for `name`, unique among `taken`. */
export function modelToolName(name: string, taken: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'tool';
  let out = base;
  for (let i = 2; taken.has(out); i++) out = `${base.slice(0, 60)}_${i}`;
  taken.add(out);
  return out;
}

/** Tools are objects of arguments to a model API: a schema of another type (or none) becomes one. */
function objectSchema(schema: unknown): Record<string, unknown> {
  const s = schema && typeof schema === 'object' && !Array.isArray(schema) ? (schema as Record<string, unknown>) : {};
  return s.type === 'object' ? s : { ...s, type: 'object', properties: s.properties ?? {} };
}

/** What the model is told of arguments that do not fit `schema`; null when they fit. */
export function argumentProblems(schema: unknown, args: unknown): string | null {
  const problems = validateValue(schema, args);
  if (!problems.length) return null;
  return `The arguments do not fit the tool's schema: ${problems.map((p) => `${describePath(p.property)}: ${p.message}`).join('; ')}.`;
}

export function toolSetOf(tools: ToolInfo[], run: ToolRunner): { set: ToolSet; byModelName: Map<string, ToolInfo> } {
  const taken = new Set<string>();
  const set: ToolSet = {};
  const byModelName = new Map<string, ToolInfo>();
  for (const t of tools) {
    const name = modelToolName(t.name, taken);
    byModelName.set(name, t);
    set[name] = tool({
      description: t.description ?? t.title ?? t.name,
      // Checked by the runner, not here: the SDK would wrap the refusal in its own words, and the turn keeps the
      // refused call beside the others.
      inputSchema: jsonSchema(objectSchema(t.inputSchema)),
      execute: (args, options) => run(t, args, options.toolCallId, options.abortSignal),
    });
  }
  return { set, byModelName };
}
