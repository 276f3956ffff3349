/**
 * The door's check of a command's arguments, before any service sees them. JSON-RPC allows params by position
 * (a list, as the window's functions take them) or by name (an object, as a person writes them by hand); both
 * are read against the command's fields. A refusal names the command and the field:
 *   `listSkills: params.folder: not a parameter of listSkills`
 *   `callTool: params.opts.timeoutMs: expected number, got string`
 * The values the service gets are the ones sent (the check transforms nothing).
 */
import { JSONRPC, RpcError } from '../errors';
import { z } from '../shape';
import type { CommandEntry } from './index';

const objects = new WeakMap<CommandEntry, z.ZodType>();

function objectOf(c: CommandEntry): z.ZodType {
  let o = objects.get(c);
  if (!o) objects.set(c, (o = z.strictObject(Object.fromEntries(c.decl.fields.map(([name, shape]) => [name, shape])))));
  return o;
}

function refuse(c: CommandEntry, problem: string): RpcError {
  return new RpcError(JSONRPC.INVALID_PARAMS, `${c.name}: ${problem}`);
}

/** The arguments to call the command's service with, in order; an RpcError (-32602) naming the field when they do not fit. */
export function readArgs(c: CommandEntry, params: unknown): unknown[] {
  const fields = c.decl.fields;
  let named: Record<string, unknown>;
  if (params === undefined || params === null) named = {};
  else if (Array.isArray(params)) {
    if (params.length > fields.length) {
      const takes = fields.length ? `at most ${fields.length} (${fields.map(([n]) => n).join(', ')})` : 'none';
      throw refuse(c, `params: ${params.length} arguments given, it takes ${takes}`);
    }
    named = {};
    params.forEach((v, i) => {
      const [name, shape] = fields[i];
      // JSON has no `undefined`: a list writes a left-out optional argument as null.
      if (v === null && shape instanceof z.ZodOptional && !shape.safeParse(null).success) return;
      named[name] = v;
    });
  } else if (typeof params === 'object') named = params as Record<string, unknown>;
  else throw refuse(c, `params: expected a list (by position) or an object (by name), got ${kindOf(params)}`);
  const r = objectOf(c).safeParse(named, { reportInput: true });
  if (!r.success) throw refuse(c, wordIssue(c, r.error.issues[0]));
  return fields.map(([name]) => named[name]);
}

/** JSON's own words for what a value is. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function pathOf(path: readonly PropertyKey[]): string {
  let out = 'params';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `.${String(p)}`;
  return out;
}

const EXPECTED: Record<string, string> = { int: 'whole number', record: 'object' };

function wordIssue(c: CommandEntry, iss: z.core.$ZodIssue | undefined): string {
  if (!iss) return 'params: not in the expected form';
  const at = pathOf(iss.path);
  const got = (input: unknown) => (input === undefined ? 'nothing (it is missing)' : kindOf(input));
  switch (iss.code) {
    case 'invalid_type':
      return `${at}: expected ${EXPECTED[iss.expected] ?? iss.expected}, got ${got(iss.input)}`;
    case 'unrecognized_keys':
      return iss.path.length === 0
        ? `${pathOf([iss.keys[0]])}: not a parameter of ${c.name} (it takes ${c.decl.fields.map(([n]) => n).join(', ') || 'none'})`
        : `${pathOf([...iss.path, iss.keys[0]])}: not a field here`;
    case 'invalid_value':
      return `${at}: expected one of ${iss.values.map((v) => JSON.stringify(v)).join(', ')}, got ${typeof iss.input === 'string' ? JSON.stringify(iss.input) : got(iss.input)}`;
    case 'invalid_union': {
      const disc = (iss as { note?: string; discriminator?: string }).discriminator;
      return disc ? `${pathOf([...iss.path, disc])}: not one of the forms this takes` : `${at}: not one of the forms this takes, got ${got(iss.input)}`;
    }
    case 'custom':
      return `${at}: ${iss.message}, got ${got(iss.input)}`;
    default:
      return `${at}: ${iss.message}`;
  }
}
