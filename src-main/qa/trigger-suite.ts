/**
 * A trigger suite: an eval suite file (eval-suite.ts's YAML or JSON, checked the same way, a mistake said with its
 * line) of `kind: trigger`, asking whether a model given the catalog of the workspace's Agent Skills activates
 * the right one for each query:
 *
 *   kind: trigger
 *   skills: ../..                   # folder(s) whose Agent Skills make the catalog, relative to the suite
 *   models: [gpt-4o-mini]           # optional; --model wins
 *   runs: 3                         # runs of each query (default 3)
 *   threshold: 0.5                  # a should-trigger query passes at this trigger rate; a should-not one under it
 *   activation: both                # tool (the Skill tool), read (reading SKILL.md) or both (default)
 *   queries:
 *     - {query: "fill in the W-9 I downloaded", should: pdf-forms}
 *     - {query: "what is 2 + 2?", should: none}
 *     - {query: "merge these two spreadsheets", shouldNot: pdf-forms}      # a near miss
 *     - {file: ../pdf-forms/evals/eval_set.json, skill: pdf-forms}          # [{query, should_trigger}]
 *   skillEvals: true                # also each skill's evals/evals.json (its prompts should trigger it); default
 *                                   # true; or a list of the skills whose files are read
 *   compare:                        # the skill as it is against...
 *     skill: pdf-forms
 *     against: none                 # ...without it (default), a folder copy (../old/pdf-forms), or git:HEAD~1
 *     outputs: true                 # also grade its evals.json cases' answers with its instructions and without
 *
 * Where `skills:` is not given: the folder holding the skill the suite sits in (a suite in
 * `<skill>/.skillbench/evals/`, so its siblings in `.claude/skills/`), else the suite's own folder; the app uses
 * the workspace's Agent Skills.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelConfig, TriggerActivation } from '../contract';
import { z } from '../common/shape';
import { EvalSuiteError, modelShape, parseEvalSuite, rate, readSuiteSource, skillAround, suiteLine, suiteProblem, text, where, type EvalSuite } from './eval-suite';
import { readTriggerSet } from './skill-evals';

export const DEFAULT_TRIGGER_RUNS = 3;
export const DEFAULT_THRESHOLD = 0.5;
export const MAX_QUERIES = 500;

export interface TriggerQuerySpec {
  query: string;
  /** The skill that should be activated; null: none should be. */
  should?: string | null;
  shouldNot?: string;
  /** `suite`, or the file it was read from. */
  source: string;
  /** Its line in the suite, where it is written there (for a name the catalog does not have). */
  line?: number;
}

export type CompareAgainst = { kind: 'without' } | { kind: 'folder'; dir: string } | { kind: 'git'; ref: string };

export interface TriggerSuite {
  kind: 'trigger';
  file: string;
  name: string;
  /** Folders whose Agent Skills make the catalog. */
  skills: string[];
  /** `skills:` was written in the suite (else the default above, which the app replaces with the workspace). */
  skillsGiven: boolean;
  models: ModelConfig[];
  instructions?: string;
  runs: number;
  threshold: number;
  activation: TriggerActivation;
  queries: TriggerQuerySpec[];
  /** Read each skill's evals/evals.json (or only those of the skills named). */
  skillEvals: boolean | string[];
  compare?: { skill: string; against: CompareAgainst; outputs: boolean; line?: number };
}

const queryShape = z
  .strictObject({
    query: text.optional(),
    should: text.optional(),
    shouldNot: text.optional(),
    file: text.optional(),
    skill: text.optional(),
  })
  .refine((q) => (q.query === undefined) !== (q.file === undefined), { message: 'needs a query (with should or shouldNot), or a file (with skill)' })
  .refine((q) => q.file !== undefined || (q.should === undefined) !== (q.shouldNot === undefined), { message: 'needs should: <skill> (or none), or shouldNot: <skill> (one of them)' })
  .refine((q) => q.file === undefined || (q.skill !== undefined && q.should === undefined && q.shouldNot === undefined), { message: 'a file of queries needs skill: <the skill its should_trigger is about> (and no should or shouldNot)' })
  .refine((q) => q.query === undefined || q.skill === undefined, { message: 'has skill: beside a query; write should: <skill> or shouldNot: <skill>' });

const triggerShape = z.strictObject({
  kind: z.literal('trigger'),
  name: text.optional(),
  skills: z.union([text, z.array(text).min(1)]).optional(),
  models: z.array(modelShape).optional(),
  instructions: text.optional(),
  runs: z.number().int().min(1).max(100).optional(),
  threshold: rate.optional(),
  activation: z.enum(['tool', 'read', 'both']).optional(),
  queries: z.array(queryShape).max(MAX_QUERIES).optional(),
  skillEvals: z.union([z.boolean(), z.array(text)]).optional(),
  compare: z.strictObject({ skill: text, against: text.optional(), outputs: z.boolean().optional() }).optional(),
});

export function isTriggerSuite(s: EvalSuite | TriggerSuite): s is TriggerSuite {
  return (s as TriggerSuite).kind === 'trigger';
}

/** A suite file of either kind. */
export function loadSuite(file: string): EvalSuite | TriggerSuite {
  const source = readText(file);
  const { value } = readSuiteSource(source, path.resolve(file));
  return value.kind === 'trigger' ? parseTriggerSuite(source, path.resolve(file)) : parseEvalSuite(source, path.resolve(file));
}

export function loadTriggerSuite(file: string): TriggerSuite {
  return parseTriggerSuite(readText(file), path.resolve(file));
}

export function parseTriggerSuite(source: string, file: string): TriggerSuite {
  const src = readSuiteSource(source, file);
  const r = triggerShape.safeParse(src.value, { reportInput: true });
  if (!r.success) throw suiteProblem(file, src, r.error.issues[0], 'queries');
  const s = r.data;
  const dir = path.dirname(file);
  const queries: TriggerQuerySpec[] = [];
  (s.queries ?? []).forEach((q, i) => {
    const line = suiteLine(src, ['queries', i]);
    if (q.file !== undefined) {
      const set = path.resolve(dir, q.file);
      let items;
      try {
        items = readTriggerSet(set);
      } catch (err) {
        throw new EvalSuiteError(`${where(file, line)}: ${(err as Error).message}`);
      }
      for (const t of items) queries.push({ query: t.query, ...(t.shouldTrigger ? { should: q.skill! } : { shouldNot: q.skill! }), source: sourceName(dir, set), ...(line ? { line } : {}) });
      return;
    }
    const expect = q.shouldNot !== undefined ? { shouldNot: q.shouldNot } : { should: q.should === 'none' ? null : q.should! };
    queries.push({ query: q.query!, ...expect, source: 'suite', ...(line ? { line } : {}) });
  });
  if (!queries.length && s.skillEvals === false) throw new EvalSuiteError(`${file}: a trigger suite needs queries: a "queries" list, or skillEvals (each skill's evals/evals.json), which it turns off.`);
  const given = s.skills === undefined ? [] : Array.isArray(s.skills) ? s.skills : [s.skills];
  const around = skillAround(file);
  const compareLine = suiteLine(src, ['compare']);
  return {
    kind: 'trigger',
    file,
    name: s.name ?? path.basename(file).replace(/\.(eval\.)?(ya?ml|json)$/i, ''),
    skills: given.length ? given.map((g) => path.resolve(dir, g)) : [around ? path.dirname(around) : dir],
    skillsGiven: given.length > 0,
    models: (s.models ?? []).map((m) => (typeof m === 'string' ? { provider: 'openai', model: m } : { provider: m.provider ?? 'openai', ...m })),
    ...(s.instructions ? { instructions: s.instructions } : {}),
    runs: s.runs ?? DEFAULT_TRIGGER_RUNS,
    threshold: s.threshold ?? DEFAULT_THRESHOLD,
    activation: s.activation ?? 'both',
    queries,
    skillEvals: s.skillEvals ?? true,
    ...(s.compare ? { compare: { skill: s.compare.skill, against: againstOf(s.compare.against, dir, where(file, compareLine)), outputs: s.compare.outputs ?? false, ...(compareLine ? { line: compareLine } : {}) } } : {}),
  };
}

/** `none` (or nothing): without the skill; `git:<ref>`: its folder at that commit; else a folder with the old version. */
function againstOf(v: string | undefined, dir: string, at: string): CompareAgainst {
  if (v === undefined || v === 'none') return { kind: 'without' };
  if (v.startsWith('git:')) {
    const ref = v.slice(4).trim();
    if (!ref || ref.startsWith('-')) throw new EvalSuiteError(`${at}: compare.against "${v}" names no git ref: write git:<ref> (git:HEAD~1, git:v1.2).`);
    return { kind: 'git', ref };
  }
  return { kind: 'folder', dir: path.resolve(dir, v) };
}

/** A file by its path from the suite's folder where it is below it, else in full. */
function sourceName(dir: string, file: string): string {
  const rel = path.relative(dir, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/** The suite a folder of skills implies (`skillbench eval .claude/skills`): every skill's evals/evals.json against them all. */
export function impliedTriggerSuite(dir: string): TriggerSuite {
  const abs = path.resolve(dir);
  return { kind: 'trigger', file: abs, name: `triggers of ${path.basename(abs)}`, skills: [abs], skillsGiven: true, models: [], runs: DEFAULT_TRIGGER_RUNS, threshold: DEFAULT_THRESHOLD, activation: 'both', queries: [], skillEvals: true };
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EvalSuiteError(code === 'ENOENT' ? `There is no eval suite at ${file}.` : `Cannot read the eval suite ${file} (${code ?? (err as Error).message}).`);
  }
}
