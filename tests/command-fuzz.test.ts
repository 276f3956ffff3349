/**
 * Every command of the table, sent wrongly typed params through the real door: the window's JSON-RPC peer and
 * the engine's, over an in-memory pair, in front of a real workbench. The bad params are made from each
 * command's own declaration (its zod shapes): a wrong type for each field (and each field of an object field),
 * each required field left out, an object nested where the field takes none, and a parameter the command does
 * not have. Each is refused with -32602 and a message naming the command and the field, and nothing changes:
 * the workbench's home and the open folder hold the same files, byte for byte.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { COMMANDS } from '../src-main/common/commands';
import { EventListeners } from '../src-main/common/commands/client';
import { engineEnd, windowEnd } from '../src-main/common/commands/link';
import { RpcError } from '../src-main/common/errors';
import { memoryPair } from '../src-main/common/memory-link';
import type { z } from '../src-main/common/shape';
import { workbenchDoor } from '../src-main/workbench/door';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { EXAMPLES } from './helpers';

type Def = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; entries?: Record<string, unknown>; values?: unknown[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A value the shape takes, so that only the field under test is wrong. */
function sample(s: z.ZodType): unknown {
  const d = defOf(s);
  switch (d.type) {
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries!)[0];
    case 'literal':
      return d.values![0];
    case 'optional':
    case 'nullable':
      return sample(d.innerType!);
    case 'object':
      return Object.fromEntries(Object.entries(d.shape!).filter(([, f]) => !f.safeParse(undefined).success).map(([k, f]) => [k, sample(f)]));
    case 'union':
      return sample(d.options![0]);
    case 'array':
      return [];
    default:
      return {};
  }
}

const WRONG: unknown[] = [42, 'x', true, null, [1]];
const NESTED = { nested: { deeper: [1] } };

/** The first value of `candidates` the shape refuses. */
const refused = (s: z.ZodType, candidates: unknown[]) => candidates.find((v) => !s.safeParse(v).success);

interface Case {
  what: string;
  params: Record<string, unknown>;
  /** The field the refusal must name. */
  field: string;
}

function casesOf(fields: readonly (readonly [string, z.ZodType])[]): Case[] {
  const valid = Object.fromEntries(fields.map(([n, s]) => [n, sample(s)]));
  const out: Case[] = [];
  for (const [name, shape] of fields) {
    const wrong = refused(shape, WRONG);
    if (wrong !== undefined) out.push({ what: `${name} wrongly typed`, params: { ...valid, [name]: wrong }, field: `params.${name}` });
    if (!shape.safeParse(undefined).success) {
      const { [name]: _left, ...rest } = valid;
      out.push({ what: `${name} missing`, params: rest, field: `params.${name}` });
    }
    if (!shape.safeParse(NESTED).success) out.push({ what: `${name} nested`, params: { ...valid, [name]: NESTED }, field: `params.${name}` });
    // An object field: each of its own fields wrongly typed.
    const inner = defOf(shape).type === 'optional' || defOf(shape).type === 'nullable' ? defOf(shape).innerType! : shape;
    if (defOf(inner).type === 'object') {
      for (const [key, f] of Object.entries(defOf(inner).shape!)) {
        const bad = refused(f, WRONG);
        if (bad !== undefined) out.push({ what: `${name}.${key} wrongly typed`, params: { ...valid, [name]: { ...(sample(inner) as object), [key]: bad } }, field: `params.${name}.${key}` });
      }
    }
  }
  out.push({ what: 'an unknown parameter', params: { ...valid, notAParameter: 1 }, field: 'params.notAParameter' });
  return out;
}

/** Every file under `dir`, with a hash of its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const f = path.join(dir, rel);
    if (fs.statSync(f).isFile()) out[rel] = crypto.createHash('sha1').update(fs.readFileSync(f)).digest('hex');
  }
  return out;
}

describe('every command at the door', () => {
  it('refuses wrongly typed params naming the command and the field, and changes nothing', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const folder = cleanup.tempDir('skillbench-fuzz-skills-');
    fs.cpSync(path.join(EXAMPLES, 'greeter-app'), path.join(folder, 'greeter-app'), { recursive: true });
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [folder], namedFolders: true }));
    await wb.listSkills();
    await wb.events.delivered();
    const before = { home: snapshot(home), folder: snapshot(folder) };

    const [windowSide, engineSide] = memoryPair();
    const door = workbenchDoor(wb);
    const engine = engineEnd({ send: (l) => engineSide.send(l), serve: (m, p) => door.serve(m, p) });
    engineSide.onLine = (l) => engine.receive(l);
    const win = windowEnd((l) => windowSide.send(l), new EventListeners());
    windowSide.onLine = (l) => win.receive(l);

    let sent = 0;
    const wrong: string[] = [];
    for (const c of COMMANDS.values()) {
      for (const k of casesOf(c.decl.fields)) {
        sent++;
        const answer = await win.request(c.wire, k.params).then(
          (r) => ({ served: r }),
          (e: unknown) => e,
        );
        const ok = answer instanceof RpcError && answer.code === -32602 && answer.message.startsWith(`${c.name}: ${k.field}`);
        if (!ok) wrong.push(`${c.name} (${k.what}): ${answer instanceof Error ? answer.message : JSON.stringify(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every command had at least its unknown parameter; most had several cases.
    expect(sent).toBeGreaterThan(COMMANDS.size * 2);
    await wb.events.delivered();
    expect({ home: snapshot(home), folder: snapshot(folder) }).toEqual(before);
    windowSide.close();
  });

  it('reads params by position as by name, and names the field either way', async ({ cleanup }) => {
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [], namedFolders: true }));
    const door = workbenchDoor(wb);
    await expect(door.serve('core/setRunOnOpen', ['/nowhere', 'yes'])).rejects.toThrow('setRunOnOpen: params.on: expected boolean, got string');
    await expect(door.serve('core/callTool', ['s', 't', {}, { timeoutMs: '5' }])).rejects.toThrow('callTool: params.opts.timeoutMs: expected number, got string');
    await expect(door.serve('core/listSkills', { folder: 3 })).rejects.toThrow('listSkills: params.folder: not a parameter of listSkills');
    await expect(door.serve('core/getLogs', ['a', 'b'])).rejects.toThrow('getLogs: params: 2 arguments given, it takes at most 1 (skillId)');
    await expect(door.serve('qa/exportReport', { file: 'f', format: 'pdf' })).rejects.toThrow('exportReport: params.format: expected one of "markdown", "html", got "pdf"');
    // A left-out optional argument written as null in a list is taken as left out.
    expect(await door.serve('core/startRecording', ['no such skill', null]).catch((e: Error) => e.message)).toMatch(/no skill "no such skill"/);
  });
});
