/**
 * The contract's trigger evals (part of the one contract: contract.ts re-exports everything here): does a model,
 * given the catalog of every Agent Skill in the workspace as an agent puts it in its prompt, activate the right
 * skill for a query? Each query is asked N times; the report has each query's trigger rate, each skill's
 * precision and recall, and the collision matrix (which skill was picked for which query). The suite file's
 * format is qa/trigger-suite.ts's. Types only; nothing may import Node or Electron.
 */
import type { EvalModel } from './contract-eval';

/** How the model may activate a skill: Claude Code's `Skill` tool (by name), reading its SKILL.md, or either. */
export type TriggerActivation = 'tool' | 'read' | 'both';

/** A skill of a catalog, as the model is shown it. */
export interface TriggerCatalogSkill {
  name: string;
  description: string;
  /** Its SKILL.md (the `<location>` of its catalog entry). */
  location: string;
  /** Left out of the catalog, and why (`disable-model-invocation: true`: agents do not offer it to the model). */
  hidden?: string;
}

/**
 * A catalog the queries are asked against: the workspace's skills as they are, or with one skill taken out
 * ("without") or at another version ("old": a folder copy or a git ref), for a comparison.
 */
export interface TriggerVariant {
  id: 'workspace' | 'without' | 'old';
  label: string;
  skills: TriggerCatalogSkill[];
  /** The catalog's size in tokens, as the model's prompt carries it (with the instructions around it). */
  promptTokens?: number;
}

/** A query and what it should come to. */
export interface TriggerQueryInfo {
  /** 1-based, in the order the queries are asked. */
  id: number;
  query: string;
  /** The skill that should be activated; null: none should be. Absent where the query only says `shouldNot`. */
  should?: string | null;
  /** A near miss: this skill must not be activated (another, or none, may be). */
  shouldNot?: string;
  /** Where it was read: `suite`, or a file (a skill's `evals/evals.json`, a trigger eval set). */
  source: string;
  /** Its row in the collision matrix: the skill's name, `(none)`, or `(not <name>)`. */
  row: string;
}

/** One run of a query: the skill the model activated, if any. */
export interface TriggerRun {
  n: number;
  /** The skill activated first (a catalog name); null: none. `(unknown)` where it named a skill the catalog does not have. */
  picked: string | null;
  /** How: the Skill tool, or reading the SKILL.md. */
  via?: 'tool' | 'read';
  /** A name or path the model asked for that is no skill of the catalog. */
  asked?: string;
  /** Skills activated after the first one in the same answer. */
  also?: string[];
  /** What the model said, where it answered in words (shortened). */
  text?: string;
  durationMs: number;
  usage: { inputTokens?: number; outputTokens?: number; costUsd?: number };
}

/** A query on one side (a model and a catalog): its runs and its trigger rate. */
export interface TriggerQueryResult {
  query: number;
  runs: TriggerRun[];
  /**
   * The share of runs that activated: the expected skill (`should: <skill>`), the skill it must not
   * (`shouldNot`), any skill (`should: none`).
   */
  triggerRate: number;
  /** Should-trigger: the rate reached the threshold; should-not: it stayed under it. */
  pass: boolean;
  /** The model could not be asked (unreachable, the key refused): the runs made say nothing more. */
  error?: string;
}

/** One skill's figures on one side, over every run of every query. */
export interface TriggerSkillStats {
  skill: string;
  /** Runs of queries that should activate it. */
  expected: number;
  /** Runs that activated it, whatever the query. */
  picked: number;
  /** Runs that activated it where it was expected. */
  hits: number;
  /** hits / picked; null where it was never activated. */
  precision: number | null;
  /** hits / expected (its trigger rate on its should-trigger queries); null where no query expects it. */
  recall: number | null;
  /** Its near misses (`shouldNot` it): their runs, and how many of them activated it anyway. */
  nearMisses: { runs: number; picked: number };
}

/** Which skill was activated for which query: rows the expectation, columns the skill activated, counts of runs. */
export interface TriggerMatrix {
  rows: string[];
  columns: string[];
  counts: number[][];
}

/** A model on a catalog. */
export interface TriggerSide {
  model: string;
  variant: TriggerVariant['id'];
  queries: TriggerQueryResult[];
  skills: TriggerSkillStats[];
  matrix: TriggerMatrix;
  passed: number;
  /** Queries that could not be asked. */
  errors: number;
}

/** A query's trigger rate with the skill as it is against the other catalog, on one model. */
export interface TriggerDelta {
  query: number;
  model: string;
  with: number;
  against: number;
}

/** One case of a skill's `evals/evals.json` graded on one model, with the skill's instructions loaded and without them. */
export interface OutputCaseResult {
  /** The case's id in evals.json. */
  id: string;
  prompt: string;
  model: string;
  with: OutputGrade;
  against: OutputGrade;
}

export interface OutputGrade {
  answer: string;
  /** Each expectation, passed or not, with the grader's evidence. */
  expectations: { text: string; passed: boolean; evidence: string }[];
  passRate: number;
  error?: string;
}

/** The comparison a suite asks for: the skill with its catalog entry (and body) against without it, or its old version. */
export interface TriggerComparison {
  skill: string;
  against: 'without' | 'old';
  againstLabel: string;
  /** The queries compared: the skill's `evals/evals.json` prompts and every query naming it. */
  queries: number[];
  deltas: TriggerDelta[];
  /** Output quality of the skill's evals.json cases with expectations, where the suite asks for it (`outputs: true`). */
  outputs?: OutputCaseResult[];
}

export interface TriggerReport {
  kind: 'trigger';
  suite: { file: string; name: string };
  activation: TriggerActivation;
  runs: number;
  threshold: number;
  variants: TriggerVariant[];
  models: EvalModel[];
  queries: TriggerQueryInfo[];
  /** Model by model on the workspace's catalog, then on the other catalog where a comparison was asked. */
  sides: TriggerSide[];
  comparison?: TriggerComparison;
  /** Every query passed on the workspace's catalog, on every model. */
  pass: boolean;
  /** Queries that could not be asked. */
  errors: number;
  durationMs: number;
}

/** Trigger evals in the app, served with eval suites by the QA service (the suites are listed by `evalSuites`). */
export interface TriggerApi {
  /**
   * Runs a trigger suite of the skill (or its `evals/evals.json`) against the catalog of the workspace's Agent
   * Skills (or the folders the suite names) on the models named (profile ids; none: the profile in use); `outputs`
   * also grades the evals.json cases' answers with the skill's instructions and without, where the run compares.
   */
  runTriggerEval(skillId: string, file: string, models: string[], runs?: number | null, outputs?: boolean | null): Promise<TriggerReport>;
}
