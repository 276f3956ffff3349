/**
 * The eval files an Agent Skill's authors keep, in the shapes the skill-creator skill (anthropics/skills) and the
 * agentskills.io guides write them:
 *
 * - `<skill>/evals/evals.json`, test cases of what the skill is for:
 *   `{"skill_name": "…", "evals": [{"id": 1, "prompt": "…", "expected_output": "…", "files": […], "expectations": […]}]}`
 *   (`assertions` is read as another name of `expectations`). Each prompt is a task for the skill, so it is a
 *   should-trigger query for it; the expectations are what an answer is graded on.
 * - a trigger eval set (`eval_set.json`, `eval_queries.json`, or the same file as a list):
 *   `[{"query": "…", "should_trigger": true}, …]`.
 *
 * Other fields are let be (the formats grow); the ones read are checked, and a mistake is said with where it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, z } from '../common/shape';
import { EvalSuiteError } from './eval-suite';

export interface SkillEvalCase {
  id: string;
  prompt: string;
  expectedOutput?: string;
  /** Input files, relative to the skill's folder. */
  files: string[];
  /** What a good answer does, in words (graded by a model). */
  expectations: string[];
}

export interface TriggerSetItem {
  query: string;
  shouldTrigger: boolean;
}

export interface SkillEvals {
  file: string;
  /** `skill_name`, where the file gives one. */
  skillName?: string;
  cases: SkillEvalCase[];
  /** Where the file is a trigger eval set rather than cases. */
  triggers: TriggerSetItem[];
}

/** Past this an evals file is not read (a case list is a few kilobytes). */
const MAX_BYTES = 4 * 1024 * 1024;

export const SKILL_EVALS = path.join('evals', 'evals.json');

const text = z.string().min(1);

const caseShape = z.looseObject({
  id: z.union([z.number(), text]).optional(),
  prompt: text,
  expected_output: z.string().optional(),
  files: z.array(z.string()).optional(),
  expectations: z.array(text).optional(),
  assertions: z.array(text).optional(),
});

const evalsShape = z.looseObject({ skill_name: z.string().optional(), evals: z.array(caseShape) });

const triggerShape = z.array(z.looseObject({ query: text, should_trigger: z.boolean() }));

/** The skill's `evals/evals.json`, or null where it has none. */
export function readSkillEvals(skillDir: string): SkillEvals | null {
  const file = path.join(skillDir, SKILL_EVALS);
  if (!fs.existsSync(file)) return null;
  return parseSkillEvals(readJson(file), file);
}

export function parseSkillEvals(value: unknown, file: string): SkillEvals {
  if (Array.isArray(value)) return { file, cases: [], triggers: parseTriggerSet(value, file) };
  const r = check(evalsShape, value);
  if (!r.ok) throw new EvalSuiteError(`${file}: ${r.problem}: an evals file is {"skill_name": …, "evals": [{"id", "prompt", "expected_output", "expectations"}]}, or a list of {"query", "should_trigger"}.`);
  const ids = new Set<string>();
  const cases = r.value.evals.map((c, i): SkillEvalCase => {
    const id = String(c.id ?? i + 1);
    if (ids.has(id)) throw new EvalSuiteError(`${file}: evals[${i}] has the id ${id} of an earlier case: give each its own.`);
    ids.add(id);
    return { id, prompt: c.prompt, ...(c.expected_output ? { expectedOutput: c.expected_output } : {}), files: c.files ?? [], expectations: [...(c.expectations ?? []), ...(c.assertions ?? [])] };
  });
  return { file, ...(r.value.skill_name ? { skillName: r.value.skill_name } : {}), cases, triggers: [] };
}

/** A trigger eval set file: `[{"query", "should_trigger"}]`. */
export function readTriggerSet(file: string): TriggerSetItem[] {
  return parseTriggerSet(readJson(file), file);
}

export function parseTriggerSet(value: unknown, file: string): TriggerSetItem[] {
  const r = check(triggerShape, value);
  if (!r.ok) throw new EvalSuiteError(`${file}: ${r.problem}: a trigger eval set is a list of {"query": "…", "should_trigger": true or false}.`);
  return r.value.map((t) => ({ query: t.query, shouldTrigger: t.should_trigger }));
}

function readJson(file: string): unknown {
  let source: string;
  try {
    const size = fs.statSync(file).size;
    if (size > MAX_BYTES) throw new EvalSuiteError(`${file} is ${Math.round(size / 1024 / 1024)} MB: an evals file over ${MAX_BYTES / 1024 / 1024} MB is not read.`);
    source = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (err) {
    if (err instanceof EvalSuiteError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new EvalSuiteError(code === 'ENOENT' ? `There is no file at ${file}.` : `Cannot read ${file} (${code ?? (err as Error).message}).`);
  }
  try {
    return JSON.parse(source) as unknown;
  } catch (err) {
    throw new EvalSuiteError(`${file}: this is not valid JSON (${(err as Error).message}).`);
  }
}

const KIND: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'an object', array: 'a list' };

/** The value as the shape gives it back, or its first problem where it is (`evals[0].prompt is missing`). */
function check<S extends z.ZodType>(shape: S, value: unknown): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  const r = shape.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const iss = r.error.issues[0];
  const at = iss.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '') || 'the file';
  const input = iss.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), value);
  if (iss.code === 'invalid_type') return { ok: false, problem: input === undefined ? `${at} is missing (it must be ${KIND[iss.expected] ?? iss.expected})` : `${at} must be ${KIND[iss.expected] ?? iss.expected} (got ${describe(input)})` };
  if (iss.code === 'too_small') return { ok: false, problem: `${at} must not be empty` };
  return { ok: false, problem: `${at}: ${iss.message}` };
}

