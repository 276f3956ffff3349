/**
 * An eval suite: a YAML or JSON file a team keeps in git, by default beside the skill's collections in
 * `<skill>/.skillbench/evals/<name>.yaml`:
 *
 *   skill: ../price-alerts          # the skill, relative to the suite file (default: the skill it sits in)
 *   skillName: Price alerts         # where that folder holds several
 *   models: [gpt-4o-mini, {model: claude-sonnet-4-5, provider: anthropic}]   # optional; --model wins
 *   instructions: "…"               # optional system prompt; maxSteps, runs, passRate: defaults for the cases
 *   cases:
 *     - name: looks up a price
 *       prompt: "what is BTC doing?"          # or turns: ["…", "…"], one conversation
 *       expect:
 *         tools: [{name: get_price, arguments: {symbol: BTC}}]   # arguments: partial unless exact: true
 *         anyOrder: false                     # expected calls in this order (others may come between)
 *         forbid: [purge_notes]
 *         answer: {contains: "BTC"}           # or {matches: "regex"}; ignoreCase: true
 *       runs: 3
 *       passRate: 0.66
 *
 * Every field is checked (zod) and a mistake is said with its line: an unknown field is one too, so a typo
 * (`expected:`) is never silently a case that checks nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { ModelConfig } from '../contract';
import { z } from '../common/shape';
import { isObject } from '../common/values';
import { compareIds } from './units';

export interface EvalToolExpectation {
  name: string;
  /** Expected arguments: a part of what the model sends, or all of it where `exact`. */
  arguments?: Record<string, unknown>;
  exact: boolean;
}

export interface EvalAnswerCheck {
  /** Each must be in the answer. */
  contains?: string[];
  /** A regular expression the answer must match (anywhere, unless anchored). */
  matches?: string;
  ignoreCase?: boolean;
}

export interface EvalExpect {
  tools: EvalToolExpectation[];
  /** Any order, rather than the order listed. */
  anyOrder: boolean;
  forbid: string[];
  answer?: EvalAnswerCheck;
}

export interface EvalCase {
  name: string;
  /** One prompt per turn of one conversation. */
  turns: string[];
  expect: EvalExpect;
  runs: number;
  passRate: number;
}

export interface EvalSuite {
  file: string;
  name: string;
  /** The skill's folder (or script); undefined where the suite names none and sits in no skill's evals folder. */
  skillPath?: string;
  skillName?: string;
  instructions?: string;
  maxSteps?: number;
  models: ModelConfig[];
  cases: EvalCase[];
}

export class EvalSuiteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalSuiteError';
  }
}

export const EVAL_EXTENSIONS = ['.yaml', '.yml', '.json'];
export const MAX_RUNS = 100;

/** Where a skill's suites live: beside its collections. */
export function evalsDir(skillDir: string): string {
  return path.join(skillDir, '.skillbench', 'evals');
}

/** The suite files in a skill's evals folder, by name. */
export function listEvalSuites(skillDir: string): string[] {
  const dir = evalsDir(skillDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && EVAL_EXTENSIONS.includes(path.extname(e.name).toLowerCase())).map((e) => e.name);
  } catch {
    return [];
  }
  return names.sort(compareIds).map((n) => path.join(dir, n));
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const text = z.string().min(1);
export const count = z.number().int().min(1).max(MAX_RUNS);
export const rate = z.number().min(0).max(1);

export const modelShape = z.union([
  text,
  z.strictObject({
    model: text,
    provider: z.enum(['openai', 'anthropic']).optional(),
    baseUrl: z.string().regex(/^https?:\/\/./, 'must be an http(s) URL').optional(),
    apiKeyEnv: z.string().regex(identifier, "must be a variable's name").optional(),
  }),
]);

const toolShape = z.strictObject({
  name: text,
  arguments: z.custom<Record<string, unknown>>(isObject, 'must be an object of arguments').optional(),
  exact: z.boolean().optional(),
});

const answerShape = z
  .strictObject({
    contains: z.union([text, z.array(text).min(1)]).optional(),
    matches: text.refine(validRegex, { message: 'must be a valid regular expression' }).optional(),
    ignoreCase: z.boolean().optional(),
  })
  .refine((a) => a.contains !== undefined || a.matches !== undefined, { message: 'needs contains or matches' });

const expectShape = z.strictObject({
  tools: z.array(toolShape).optional(),
  exact: z.boolean().optional(),
  anyOrder: z.boolean().optional(),
  forbid: z.array(text).optional(),
  answer: answerShape.optional(),
});

const caseShape = z
  .strictObject({
    name: text,
    prompt: text.optional(),
    turns: z.array(text).min(1).optional(),
    expect: expectShape.optional(),
    runs: count.optional(),
    passRate: rate.optional(),
  })
  .refine((c) => (c.prompt === undefined) !== (c.turns === undefined), { message: 'needs a prompt or turns (one of them)' });

const suiteShape = z.strictObject({
  kind: z.literal('cases').optional(),
  name: text.optional(),
  skill: text.optional(),
  skillName: text.optional(),
  instructions: text.optional(),
  maxSteps: count.optional(),
  runs: count.optional(),
  passRate: rate.optional(),
  models: z.array(modelShape).optional(),
  cases: z.array(caseShape).min(1),
});

function validRegex(s: string): boolean {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}

export function loadEvalSuite(file: string): EvalSuite {
  let textOf: string;
  try {
    textOf = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EvalSuiteError(code === 'ENOENT' ? `There is no eval suite at ${file}.` : `Cannot read the eval suite ${file} (${code ?? (err as Error).message}).`);
  }
  return parseEvalSuite(textOf, path.resolve(file));
}

/** A suite file's text as a value, with what finds a line for a problem; a file that is not YAML (or JSON) is said with its line. */
export interface SuiteSource {
  value: Record<string, unknown>;
  doc: Document;
  lines: LineCounter;
}

export function readSuiteSource(source: string, file: string): SuiteSource {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true });
  const json = path.extname(file).toLowerCase() === '.json';
  let value: unknown;
  if (json) {
    try {
      value = JSON.parse(source) as unknown;
    } catch (err) {
      const at = /position (\d+)/.exec((err as Error).message);
      // Where JSON's message names no position, the YAML reader (JSON is YAML) finds the line.
      const line = at ? lines.linePos(Number(at[1])).line : doc.errors[0]?.linePos?.[0]?.line;
      throw new EvalSuiteError(`${where(file, line)}: this is not valid JSON (${(err as Error).message}).`);
    }
  } else {
    if (doc.errors.length) {
      const e = doc.errors[0];
      throw new EvalSuiteError(`${where(file, e.linePos?.[0]?.line)}: this is not valid YAML: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}.`);
    }
    value = doc.toJS() as unknown;
  }
  if (!isObject(value)) throw new EvalSuiteError(`${file}: an eval suite is a mapping with a "cases" list, or "kind: trigger" and "queries" (see the README's Evals section).`);
  return { value, doc, lines };
}

/** A problem zod found in a suite, as a sentence with its line (`suite.yaml, line 3: case "a" …`). */
export function suiteProblem(file: string, src: SuiteSource, issue: z.core.$ZodIssue, kind: 'cases' | 'queries' = 'cases'): EvalSuiteError {
  return new EvalSuiteError(`${where(file, lineOf(src.doc, src.lines, issue))}: ${placeOf(issue.path, src.value, kind)}${wording(issue)}`);
}

/** The line of a field of the suite (`['queries', 2, 'should']`), for problems found after its shape is checked. */
export function suiteLine(src: SuiteSource, p: PropertyKey[]): number | undefined {
  return lineOf(src.doc, src.lines, { path: p });
}

export function parseEvalSuite(source: string, file: string): EvalSuite {
  const src = readSuiteSource(source, file);
  const { value, doc, lines } = src;
  if (value.kind === 'trigger') throw new EvalSuiteError(`${file} is a trigger suite (kind: trigger): skillbench eval runs it; it has no cases for one skill's tools.`);
  const r = suiteShape.safeParse(value, { reportInput: true });
  if (!r.success) throw suiteProblem(file, src, r.error.issues[0]);
  const s = r.data;
  const names = new Set<string>();
  s.cases.forEach((c, i) => {
    if (names.has(c.name)) throw new EvalSuiteError(`${where(file, lineOf(doc, lines, { path: ['cases', i, 'name'] }))}: two cases are named "${c.name}": give each its own name.`);
    names.add(c.name);
  });
  const dir = path.dirname(file);
  return {
    file,
    name: s.name ?? path.basename(file).replace(/\.(eval\.)?(ya?ml|json)$/i, ''),
    skillPath: s.skill !== undefined ? path.resolve(dir, s.skill) : skillAround(file),
    ...(s.skillName ? { skillName: s.skillName } : {}),
    ...(s.instructions ? { instructions: s.instructions } : {}),
    ...(s.maxSteps ? { maxSteps: s.maxSteps } : {}),
    models: (s.models ?? []).map((m) => (typeof m === 'string' ? { provider: 'openai', model: m } : { provider: m.provider ?? 'openai', ...m })),
    cases: s.cases.map((c) => ({
      name: c.name,
      turns: c.turns ?? [c.prompt!],
      expect: {
        tools: (c.expect?.tools ?? []).map((t) => ({ name: t.name, ...(t.arguments ? { arguments: t.arguments } : {}), exact: t.exact ?? c.expect?.exact ?? false })),
        anyOrder: c.expect?.anyOrder ?? false,
        forbid: c.expect?.forbid ?? [],
        ...(c.expect?.answer ? { answer: answerOf(c.expect.answer) } : {}),
      },
      runs: c.runs ?? s.runs ?? 1,
      passRate: c.passRate ?? s.passRate ?? 1,
    })),
  };
}

function answerOf(a: z.output<typeof answerShape>): EvalAnswerCheck {
  return {
    ...(a.contains !== undefined ? { contains: Array.isArray(a.contains) ? a.contains : [a.contains] } : {}),
    ...(a.matches !== undefined ? { matches: a.matches } : {}),
    ...(a.ignoreCase ? { ignoreCase: true } : {}),
  };
}

/** The skill folder a suite in `<skill>/.skillbench/evals/` belongs to. */
export function skillAround(file: string): string | undefined {
  const dir = path.dirname(file);
  const dot = path.dirname(dir);
  return path.basename(dir) === 'evals' && path.basename(dot) === '.skillbench' ? path.dirname(dot) : undefined;
}

export const where = (file: string, line: number | undefined) => (line ? `${file}, line ${line}` : file);

/** `cases[0] ("looks up a price"): expect.tools[1].name ` — where in the suite a problem is. */
function placeOf(p: readonly PropertyKey[], value: Record<string, unknown>, kind: 'cases' | 'queries' = 'cases'): string {
  if (!p.length) return '';
  let out = '';
  for (const k of p) out += typeof k === 'number' ? `[${k}]` : out ? `.${String(k)}` : String(k);
  if (kind === 'queries') return `${out} `;
  const caseName = p[0] === 'cases' && typeof p[1] === 'number' ? (value.cases as { name?: unknown }[] | undefined)?.[p[1]]?.name : undefined;
  if (typeof caseName === 'string' && caseName && p.length >= 2) {
    const rest = out.slice(`cases[${String(p[1])}]`.length).replace(/^\./, '');
    return rest ? `case "${caseName}": ${rest} ` : `case "${caseName}" `;
  }
  return `${out} `;
}

const KIND: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'a mapping', array: 'a list' };

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return 'text';
  return typeof v === 'object' ? 'a mapping' : `a ${typeof v}`;
}

function wording(iss: z.core.$ZodIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? `is missing: it must be ${KIND[iss.expected] ?? iss.expected}` : `must be ${KIND[iss.expected] ?? iss.expected} (got ${kindOf(iss.input)})`;
    case 'too_small':
      if (iss.origin === 'string') return 'must not be empty';
      if (iss.origin === 'array') return `must list at least ${String(iss.minimum)}`;
      return `must be at least ${String(iss.minimum)}`;
    case 'too_big':
      return `must be at most ${String(iss.maximum)}`;
    case 'invalid_value':
      return `must be one of ${iss.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has a field this format does not know: ${iss.keys.map((k) => `"${k}"`).join(', ')} (a typo?)`;
    case 'invalid_union':
      return iss.path.includes('models') ? 'must be a model\'s name, or a mapping with "model" (and "provider", "baseUrl", "apiKeyEnv")' : 'is not in a form this field takes (see the README\'s Evals section)';
    default:
      return iss.message;
  }
}

/** The line of the node an issue is about (of its unknown key, for one), else of the nearest one above it. */
function lineOf(doc: Document, lines: LineCounter, iss: { path: readonly PropertyKey[]; code?: string; keys?: string[] }): number | undefined {
  const p = iss.path.map((k) => (typeof k === 'symbol' ? String(k) : k));
  if (iss.code === 'unrecognized_keys' && iss.keys?.length) {
    const map = p.length ? doc.getIn(p, true) : doc.contents;
    if (isMap(map)) {
      const pair = map.items.find((it) => isNode(it.key) && (it.key as { value?: unknown }).value === iss.keys![0]);
      const range = pair && isNode(pair.key) ? pair.key.range : undefined;
      if (range) return lines.linePos(range[0]).line;
    }
  }
  for (let n = p.length; n >= 0; n--) {
    const node = n ? doc.getIn(p.slice(0, n), true) : doc.contents;
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}
