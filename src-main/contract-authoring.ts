/**
 * The contract's authoring commands: doctor, new skill, saved requests and collections (part of the one
 * contract: contract.ts re-exports everything here). Types only, plus the method-name map; nothing may
 * import Node or Electron.
 *
 * Every folder the renderer sends is checked by the workbench: a new skill's parent must be an open
 * workspace folder (or inside one, or one the native picker returned), and a collection must be one the
 * workbench lists for that skill. Names are checked too: the browser bridge is reachable by any page that
 * holds the token, so nothing here may become a path outside those places.
 */
import type { Difference } from './contract-qa';
import type { CallOutcome, Protocol } from './contract-types';

// ---- Doctor ----

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  severity: Severity;
  /** A short stable code (`SCHEMA_INVALID`, `COMMITTED_SECRET`, …) for tools and tests. */
  code: string;
  /** What the code means, in plain words ("Python syntax error"): what the app shows as the finding's title. */
  title: string;
  /** What is wrong, in plain words. */
  message: string;
  /** What to do about it. */
  fix: string;
  /** Relative to the skill's folder, `/` separators. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** The field or tool concerned, where there is one: `tick_interval`, `runtime.command`, `tool greet`. */
  field?: string;
}

export interface DoctorReport {
  skill: string;
  protocol: Protocol;
  dir: string;
  /** Errors first, then warnings, then information. */
  findings: Finding[];
  /** No errors (warnings allowed). */
  ok: boolean;
}

// ---- New skill ----

export interface NewSkillRequest {
  protocol: Protocol;
  /** The skill's name; also the name of its folder. */
  name: string;
  /** The folder the skill's folder is made in: an open workspace folder, a folder inside one, or a picked one. */
  parent: string;
}

export interface NewSkillResult {
  /** The new skill's id in the workspace (it is opened and selected). */
  skillId: string;
  name: string;
  protocol: Protocol;
  dir: string;
  /** The files written, relative to `dir`. */
  files: string[];
}

// ---- Saved requests and collections ----

/**
 * A check on a call's outcome. Paths resolve against `{ok, text, data, error}`; without one, against the
 * result (`data`, else `text`).
 */
export interface Assertion {
  is_error?: boolean;
  path?: string;
  exists?: boolean;
  equals?: unknown;
  contains?: unknown;
  matches?: string;
  /** With `equals`: fields left out of the comparison, dotted from the value compared or from the outcome (`*` is any one step). */
  ignore?: string[];
  /** With `equals`: numbers match when they differ by at most `abs`, or `rel` times the larger (as a replay tolerance). */
  numeric?: { abs?: number; rel?: number };
}

export interface AssertionResult {
  assertion: Assertion;
  pass: boolean;
  /** What was expected and what came, short, for tables. */
  expected: string;
  actual: string;
  /** One sentence; for a failure it says what differed. */
  message: string;
  /** What the assertion looked at, dotted from the outcome: `data.gas_limit`; `data` or `text` for the whole result. */
  at?: string;
  /** For a failure, each field that differs, dotted from the outcome as a replay names them (`recorded`: expected, `replayed`: actual). */
  differences?: Difference[];  /** Where the path finds nothing: the existing path nearest to it, written as the check wrote its own (`cost_usd` or `data.cost_usd`). */
  suggestion?: string;
}

export interface SavedRequest {
  name: string;
  tool: string;
  args: unknown;
  timeoutMs?: number;
  assertions: Assertion[];
}

export interface CollectionSummary {
  name: string;
  dir: string;
  requests: number;
  environments: string[];
  secrets: string[];
}

/** A collection as the app shows it: its requests, its variables, and which secrets have a value. */
export interface CollectionDetails {
  name: string;
  /** Its folder (what the other commands take to name it). */
  dir: string;
  /** In the skill's own `.skillbench/collections`, or in a folder the user chose. */
  place: 'skill' | 'folder';
  requests: (SavedRequest & { file: string })[];
  /** Plain variables per environment (they are in the collection's files, for the team to see). */
  environments: Record<string, Record<string, unknown>>;
  /** Secret variable names, and per environment whether a value is set. Values never leave the store. */
  secrets: string[];
  secretsSet: Record<string, Record<string, boolean>>;
  /** Why the collection cannot be read, when it cannot: it is listed anyway so it can be fixed. */
  error?: string;
}

export interface SaveRequestInput {
  /** An existing collection (its `dir`), or the name of a new one. */
  collection: { dir: string } | { name: string; folder?: string };
  request: SavedRequest;
}

export interface SaveRequestResult {
  collection: CollectionDetails;
  /** The file the request was written to. */
  file: string;
}

export interface RequestResult {
  name: string;
  file: string;
  tool: string;
  /** As saved: placeholders unfilled, so no secret is in here. */
  args: unknown;
  pass: boolean;
  /** Secrets scrubbed. */
  outcome: CallOutcome;
  assertions: AssertionResult[];
  durationMs: number;
}

export interface RunReport {
  collection: { name: string; dir: string };
  env: string | null;
  skill: { id: string; name: string; protocol: Protocol; dir: string };
  results: RequestResult[];
  passed: number;
  failed: number;
}

/** Authoring commands in the app. */
export interface AuthoringApi {
  /**
   * Reviews a skill the way `skillbench doctor` does (it is started once to list its tools). From then on the
   * workbench sends `filesChanged` whenever the skill's files change, so the report can be checked again.
   */
  runDoctor(skillId: string): Promise<DoctorReport>;
  /** Creates a skill from the protocol's template, opens it in the workspace and selects it. */
  createSkill(req: NewSkillRequest): Promise<NewSkillResult>;

  /** The skill's collections with their requests: those in its folder, and those saved elsewhere from here. */
  listCollections(skillId: string): Promise<CollectionDetails[]>;
  /** Saves a call into a collection (a new one is made in the skill's folder unless a folder is given). */
  saveRequest(skillId: string, input: SaveRequestInput): Promise<SaveRequestResult>;
  deleteRequest(skillId: string, collectionDir: string, name: string): Promise<CollectionDetails>;
  /** Runs every request of a collection against the skill, in order, and checks its assertions. */
  runCollection(skillId: string, collectionDir: string, env?: string | null): Promise<RunReport>;
  /** Creates an environment or replaces its plain variables (`null` removes the environment). */
  setEnvironment(skillId: string, collectionDir: string, env: string, variables: Record<string, unknown> | null): Promise<CollectionDetails>;
  /** Sets a secret variable's value for one environment (encrypted; `null` clears it). Write-only. */
  setCollectionSecret(skillId: string, collectionDir: string, env: string, name: string, value: string | null): Promise<CollectionDetails>;
  /**
   * `value` with every value the workbench keeps as one of the skill's secrets replaced by `••••`: what a call
   * may show outside the app (its command line, copied).
   */
  maskSecrets(skillId: string, value: unknown): Promise<unknown>;
}

