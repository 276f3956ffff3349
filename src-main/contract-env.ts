/**
 * A Python skill's environment, as the app shows it and prepares it ("Prepare the environment"): what the skill
 * lists, what its interpreter lacks or has at the wrong version, and a preparation's live output and end.
 * Types only (the renderer compiles this).
 */

/** One requirement the skill's interpreter does not meet. */
export interface EnvProblem {
  requirement: string;
  name: string;
  /** The version it has, where it has the package at the wrong one. */
  installed: string | null;
  kind: 'missing' | 'too-old' | 'other-version';
}

/** What a preparation came to. */
export interface EnvRunResult {
  ok: boolean;
  cancelled: boolean;
  /** One sentence: what happened, and what to do where it did not work. */
  message: string;
  venv: string;
  durationMs: number;
  /** The skill was restarted on the new environment (it was running, or had failed to start). */
  restarted: boolean;
  /** Refused: the `.venv` there is not the workbench's, and nothing of it was run; `fresh` sets it aside and makes a new one. */
  notOurs?: boolean;
}

/** A preparation under way, or the last one of this session. */
export interface EnvRun {
  running: boolean;
  /** The step under way, in a sentence. */
  step: string | null;
  /** The installer's latest lines (the newest few hundred). */
  lines: string[];
  result: EnvRunResult | null;
}

export interface EnvStatus {
  skillId: string;
  /** A Python skill that lists packages the workbench can install; otherwise `note` says why not. */
  applies: boolean;
  note?: string;
  /** The environment's folder: the one the skill runs on, or where a new one is made. */
  venv: string;
  exists: boolean;
  /** Where the requirements come from (manifest.json, requirements.txt, pyproject.toml), and them. */
  file: string | null;
  requirements: string[];
  /** The interpreter that runs the skill now, in words. */
  python: string | null;
  problems: EnvProblem[];
  /** Why the environment there is not finished (a preparation was cancelled or failed); null when it is. */
  unfinished: string | null;
  /** The same from the command line (`skillbench env <folder>`). */
  command: string;
  run: EnvRun | null;
}

/** Told as a preparation goes: its step, the installer's new lines, its end. */
export interface EnvEvent {
  skillId: string;
  step?: string;
  lines?: string[];
  result?: EnvRunResult;
}

export interface EnvApi {
  /** What the skill lists and what its interpreter lacks, read without running the skill. */
  envStatus(skillId: string): Promise<EnvStatus>;
  /**
   * Makes the skill's `.venv` and installs what it lists (`findLinks`: offline, from a folder of wheels); answers
   * at the end, the `pythonEnv` events telling the steps and the installer's output as they come. The skill is
   * restarted on it where it was running or had failed to start. A `.venv` the workbench did not make is never run:
   * the answer says so (`notOurs`), and `fresh` sets it aside, as it is, and makes a new one.
   */
  prepareEnv(skillId: string, opts?: { findLinks?: string; fresh?: boolean }): Promise<EnvRunResult>;
  /** Stops a preparation under way (the installer and its children); the environment is left marked unfinished. */
  cancelEnv(skillId: string): Promise<void>;
}

export interface EnvEvents {
  pythonEnv: EnvEvent;
}

export const ENV_EVENTS: { [K in keyof EnvEvents]: true } = { pythonEnv: true };
