/**
 * OpenHuman's `skill.toml` (or `workflow.toml`, its newer name) beside SKILL.md, read as OpenHuman reads it
 * (tinyhumansai/openhuman, `skills/registry.rs` and `skills/preflight.rs`): an agent definition (`id` and
 * `when_to_use` required, its other fields flattened in), `[[inputs]]` (name, description, required, type)
 * that the user fills in at run time, and an optional `[github]` preflight gate (`required`, `identity_match`
 * strict | any | none, strict by default). A file OpenHuman cannot read makes it fall back to SKILL.md alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { JsonSchema, OpenHumanInput, OpenHumanManifest, PreflightGate } from '../../contract';
import { isObject } from '../../common/values';

export const OPENHUMAN_FILES = ['workflow.toml', 'skill.toml'];
const IDENTITY = ['strict', 'any', 'none'];

/** The skill's OpenHuman manifest, or null when it has none. */
export function readOpenHuman(dir: string): OpenHumanManifest | null {
  const name = OPENHUMAN_FILES.find((n) => fs.existsSync(path.join(dir, n)));
  if (!name) return null;
  const file = path.join(dir, name);
  const problems: string[] = [];
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${name} is not TOML OpenHuman can read (${(err as Error).message.split('\n')[0]}): it runs SKILL.md alone.`);
    return { file, inputs: [], form: formOf([]), gates: [], agent: {}, problems };
  }
  const id = typeof doc.id === 'string' ? doc.id : undefined;
  const whenToUse = typeof doc.when_to_use === 'string' ? doc.when_to_use : undefined;
  if (!id) problems.push(`${name} has no \`id\`: OpenHuman refuses the file and runs SKILL.md alone, under the folder's name.`);
  if (!whenToUse) problems.push(`${name} has no \`when_to_use\`: OpenHuman refuses the file and runs SKILL.md alone, with its description.`);
  const inputs: OpenHumanInput[] = [];
  const rawInputs = doc.inputs;
  if (rawInputs !== undefined && !Array.isArray(rawInputs)) problems.push('`inputs` must be a list of `[[inputs]]` tables: OpenHuman refuses the file.');
  for (const [i, x] of (Array.isArray(rawInputs) ? rawInputs : []).entries()) {
    if (!isObject(x) || typeof x.name !== 'string' || !x.name) {
      problems.push(`Input ${i + 1} has no \`name\`: OpenHuman refuses the file.`);
      continue;
    }
    if (x.required !== undefined && typeof x.required !== 'boolean') problems.push(`Input "${x.name}": \`required\` must be true or false: OpenHuman refuses the file.`);
    if (x.description !== undefined && typeof x.description !== 'string') problems.push(`Input "${x.name}": \`description\` must be text: OpenHuman refuses the file.`);
    inputs.push({
      name: x.name,
      description: typeof x.description === 'string' ? x.description : '',
      required: x.required === true,
      ...(typeof x.type === 'string' ? { type: x.type } : {}),
    });
  }
  const gates: PreflightGate[] = [];
  if (doc.github !== undefined) {
    const g = isObject(doc.github) ? doc.github : {};
    if (!isObject(doc.github)) problems.push('`[github]` must be a table: OpenHuman refuses the file.');
    const identity = typeof g.identity_match === 'string' ? g.identity_match : 'strict';
    if (!IDENTITY.includes(identity)) problems.push(`\`[github] identity_match\` is "${identity}": OpenHuman knows strict, any and none, and refuses the file.`);
    gates.push(githubGate(g.required === true, identity));
  }
  const agent = Object.fromEntries(Object.entries(doc).filter(([k]) => !['id', 'when_to_use', 'inputs', 'github'].includes(k)));
  return { file, ...(id ? { id } : {}), ...(whenToUse ? { whenToUse } : {}), inputs, form: formOf(inputs), gates, agent, problems };
}

/** The inputs as a form: one field each, required where declared, typed by their `type` hint. */
export function formOf(inputs: OpenHumanInput[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const i of inputs) {
    properties[i.name] = { type: jsonType(i.type), title: i.name, ...(i.description ? { description: i.description } : {}) };
  }
  return { type: 'object', properties, required: inputs.filter((i) => i.required).map((i) => i.name) };
}

function jsonType(t: string | undefined): string {
  switch ((t ?? '').toLowerCase()) {
    case 'integer':
    case 'int':
      return 'integer';
    case 'number':
    case 'float':
      return 'number';
    case 'boolean':
    case 'bool':
      return 'boolean';
    default:
      return 'string';
  }
}

/** The GitHub gate's checks, in the order OpenHuman runs them (it stops at the first that fails). */
function githubGate(required: boolean, identity: string): PreflightGate {
  const checks = required
    ? [
        'An active Composio connection to GitHub',
        '`git --version` runs (git is on PATH)',
        '`git config --global user.name` is set',
        '`git config --global user.email` is set',
        ...(identity === 'strict' ? ['The Composio GitHub user name equals `git config user.name` (case-insensitive)'] : identity === 'any' ? ['Composio can tell the connected GitHub user'] : []),
      ]
    : ['None: `required` is not true, so the gate is skipped'];
  return { name: 'github', required, identityMatch: identity, checks };
}
