/**
 * The contract's agent commands: what a real agents project's `agent.yaml` says beyond its skills
 * (metadata, secrets, schedules, and the fields the workbench only shows), discovering an action
 * script's actions by running it (only when the user asks), and the schedules driven like ticks.
 * Also what a namel3ss app's service bindings look like from here. Part of the one contract:
 * contract.ts re-exports everything here, and holds the agent commands (AgentApi). Types only.
 */
/** One `secrets:` entry: a secret setting, kept in the encrypted store and passed as an environment variable. */
export interface AgentSecret {
  name: string;
  description?: string;
  required: boolean;
  /** A value is stored for it in the workbench, or the workbench's own environment has it. */
  set: boolean;
}

/** One `schedule:` entry: a cron expression that calls one of the agent's skills with an action. */
export interface AgentSchedule {
  /** Stable within the agent: the entry's `name`, else `<skill>.<action>` (`prompt-<n>` for a prompt), made unique. */
  id: string;
  cron: string;
  /** The skill it calls (a name from `skills:`); empty for a prompt. */
  skill: string;
  /** The action it calls; empty for a prompt. */
  action: string;
  /**
   * The task as a prompt for the agent (a `task:` that is not `<skill>.<action>`, or `prompt:`), as agents projects
   * write it: it runs as a chat turn with a model, the agent's skills as its tools. Without a model it is only shown.
   */
  prompt?: string;
  params: Record<string, unknown>;
  /** `enabled: false` in agent.yaml: listed, never run on its own. */
  enabled: boolean;
  description?: string;
  /** Why it cannot run (a cron expression that does not parse, a skill that is not listed). */
  problem?: string;
}

export interface AgentDetails {
  /** agent.yaml, relative to the agent folder. */
  file: string;
  /** `metadata: {id, name, description, model}` (or the same keys at the top level). */
  id?: string;
  name?: string;
  description?: string;
  model?: string;
  secrets: AgentSecret[];
  /** The schedules that call this skill. */
  schedules: AgentSchedule[];
  /** `allowed_tools`, `max_turns`, `workspace`, `security` as written: shown, never acted on. */
  readOnly: { key: string; value: unknown }[];
}

/** A schedule as it runs in the workbench. */
export interface ScheduleState extends AgentSchedule {
  /** Epoch ms of the next run, or null when paused, disabled or broken. */
  nextRun: number | null;
  paused: boolean;
  running: boolean;
  /** Runs so far in this session (on time and "run now"). */
  count: number;
  lastRun?: number;
  lastOk?: boolean;
  /** A prompt, and no model is configured: shown, and passed over when due (never an error). */
  needsModel?: boolean;
}

/** A namel3ss tool bound to the service runner: where it goes, and whether something answers there. */
export interface ServiceBindingInfo {
  tool: string;
  url: string | null;
  health: 'ok' | 'unreachable' | 'error' | 'unconfigured';
  detail: string;
}
