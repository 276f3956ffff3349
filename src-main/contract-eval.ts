/**
 * The contract's evals (part of the one contract: contract.ts re-exports everything here): a suite of cases, each
 * a prompt (or several turns) for a model with a skill's tools, what the model is expected to do, and how often it
 * must do it; run on one model or several side by side. The suite file's format is qa/eval-suite.ts's.
 * Types only; nothing may import Node or Electron.
 */
import type { Difference } from './contract-qa';

/** One case of a suite, as the app lists it. */
export interface EvalCaseInfo {
  name: string;
  /** The prompts, one per turn. */
  turns: string[];
  runs: number;
  /** The share of runs that must pass (0 to 1). */
  passRate: number;
}

/** A suite file found beside a skill's collections; a broken one is described rather than hidden. */
export interface EvalSuiteInfo {
  file: string;
  name: string;
  /** A trigger suite (contract-triggers.ts, run by `runTriggerEval`), or an Agent Skill's own `evals/evals.json` run as one; else cases. */
  kind?: 'trigger';
  cases: EvalCaseInfo[];
  /** A trigger suite's queries written in it (each skill's evals.json adds its own when it runs). */
  queries?: number;
  /** What a trigger run compares: the skill as it is against without it (its evals.json), where it does. */
  compares?: string;
  /** The skill's evals.json has cases with expectations, which can be graded with its instructions and without. */
  gradable?: boolean;
  /** Why the file cannot be run, with its line, where it cannot. */
  error?: string;
}

/** A model an eval runs on: an app's model profile, or one the command line or the suite names. */
export interface EvalModel {
  /** The profile's id, or `<provider>:<model>` (with `@<base URL>` where one is given). */
  id: string;
  label: string;
  provider: 'openai' | 'anthropic';
  model: string;
  baseUrl?: string;
}

/** The skill's suites, and the models they can run on (the app's model profiles). */
export interface EvalSuites {
  suites: EvalSuiteInfo[];
  models: EvalModel[];
  /** The profile in use, where there is one. */
  activeModel?: string;
}

/** One thing a run is checked for, and what came of it. */
export interface EvalCheck {
  kind: 'tool' | 'forbid' | 'answer' | 'turn';
  /** What was expected, in a few words (`get_price {"symbol":"BTC"}`, `the answer contains "BTC"`). */
  expected: string;
  pass: boolean;
  /** What the model did instead, in a sentence. */
  message: string;
  /** Field by field, where the model came close (the same tool, other arguments): `recorded` is what was expected. */
  differences?: Difference[];
}

/** One run of a case on one model. */
export interface EvalRun {
  /** From 1. */
  n: number;
  pass: boolean;
  checks: EvalCheck[];
  /** Every tool call the model asked for, all turns together. */
  toolCalls: { tool: string; arguments: unknown; ok: boolean }[];
  /** The last turn's final answer. */
  answer: string;
  /** Why a turn ended without an answer. */
  error?: string;
  durationMs: number;
  usage: { inputTokens?: number; outputTokens?: number; costUsd?: number };
}

/** A case on a model: its runs and its pass rate. */
export interface EvalCell {
  case: string;
  /** An EvalModel's id. */
  model: string;
  runs: EvalRun[];
  passed: number;
  /** passed / runs made. */
  rate: number;
  /** The rate it must reach. */
  threshold: number;
  pass: boolean;
  /** The model could not be asked (unreachable, the key refused): the cell says nothing about the model. */
  error?: string;
}

export interface EvalReport {
  suite: { file: string; name: string };
  skill: { name: string; dir: string };
  models: EvalModel[];
  cases: EvalCaseInfo[];
  /** Case by case, model by model (the cases a shard ran, where it was sharded). */
  cells: EvalCell[];
  /** Every cell reached its pass rate. */
  pass: boolean;
  /** Cells that could not run. */
  errors: number;
  durationMs: number;
}

/** Evals in the app, served with the recordings by the QA service. */
export interface EvalApi {
  /** The suites in the skill's `.skillbench/evals/`, and the models they can run on. */
  evalSuites(skillId: string): Promise<EvalSuites>;
  /**
   * Runs a suite on the skill with the models named (profile ids; none: the profile in use), each case `runs`
   * times where given (else as the suite says).
   */
  runEvalSuite(skillId: string, file: string, models: string[], runs?: number | null): Promise<EvalReport>;
}
