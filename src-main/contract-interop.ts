/**
 * Skills using each other (SkillDefinition `interop_schema`): what a skill exposes, as the Interop panel
 * shows it, and the answer to a call the user makes from there. Types only (the renderer compiles this).
 */

/** Who may use an endpoint: `skills` (other skills, through the host), `frontend` (the app). None: private. */
export type InteropVisibility = 'skills' | 'frontend';

export interface ExposedData {
  name: string;
  description?: string;
  visibility: string[];
  /** JSON Schema of what it returns, as the skill declared it. */
  schema?: unknown;
}

export interface ExposedFunction {
  name: string;
  description?: string;
  visibility: string[];
  /** JSON Schema of its arguments (the panel builds its form from it). */
  parameters: unknown;
  returns?: unknown;
}

/** What one skill exposes; `note` says why there is nothing when the reason is not the skill's choice. */
export interface SkillExposure {
  skillId: string;
  name: string;
  data: ExposedData[];
  functions: ExposedFunction[];
  note?: string;
}

/** A call made from the Interop panel: what the skill answered (`data`), or why it failed, in plain words. */
export interface InteropAnswer {
  skillId: string;
  name: string;
  durationMs: number;
  data?: unknown;
  error?: string;
}

/** The Interop panel's commands (served by the workbench's interop service). */
export interface InteropApi {
  /** What a SkillDefinition skill exposes to other skills (`interop_schema`); starts it if it is not running. */
  listExposed(skillId: string): Promise<SkillExposure>;
  /** Calls a function the skill exposes, as another skill would (the user is the caller); an error is in the answer. */
  callExposed(skillId: string, fn: string, args: unknown): Promise<InteropAnswer>;
  /** Asks for a data item the skill exposes, with its parameters. */
  requestExposed(skillId: string, dataName: string, params: unknown): Promise<InteropAnswer>;
}

