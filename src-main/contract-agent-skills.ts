/**
 * Agent Skills (a folder with SKILL.md, the agentskills.io specification) as the engine describes them to the
 * views and the command line: what an agent reads of one, layer by layer and in tokens; its scripts as tools;
 * its validation per the specification and per agent; skills that collide; skills an MCP server offers
 * (SEP-2640). Types only; nothing here may import Node or Electron.
 */
import type { DoctorReport, Finding } from './contract-authoring';
import type { JsonSchema } from './contract-types';

/** What a file of a skill is to an agent: SKILL.md itself, a reference read on demand, an asset, a script it runs. */
export type AgentSkillFileKind = 'skill-md' | 'reference' | 'asset' | 'script' | 'other';

/**
 * One layer of progressive disclosure as an agent meets it: the catalog entry (in the prompt from the start),
 * the body (read when the skill is activated), then each other file (read when the body leads to it).
 */
export interface DisclosureLayer {
  layer: 'catalog' | 'body' | 'resource';
  /** In words: "Catalog entry", "SKILL.md body", or the file's path relative to the skill. */
  label: string;
  /** Relative to the skill's folder, `/` separators (resources). */
  path?: string;
  kind?: AgentSkillFileKind;
  bytes: number;
  lines?: number;
  /** Null where the file was not counted (binary, or too large to read as a whole); `note` says which. */
  tokens: number | null;
  note?: string;
  /** The body names this file by a relative path (resources). */
  referenced?: boolean;
  /** The text as the agent reads it (catalog entry and body; files are read on demand). */
  text?: string;
}

/** One file of a skill as an agent reads it on demand: its text and tokens, or why it is not shown. */
export interface AgentSkillFileRead {
  /** Relative to the skill's folder, `/` separators. */
  path: string;
  kind: AgentSkillFileKind;
  bytes: number;
  /** The file's text; absent where it is not text or too large (`note` says which). */
  text?: string;
  tokens: number | null;
  note?: string;
}

/** A script of the skill offered as a tool: run once per call with the arguments given, its output shown. */
export interface AgentSkillScript {
  /** The tool's name: the script's path relative to the skill (`scripts/search.py`). */
  name: string;
  language: 'python' | 'shell' | 'node' | 'other';
  /** What the script says of its arguments (its docstring or header comment, its argparse arguments), read, not run. */
  usage?: string;
  /** The script also reads an action request (`{action, params}`) on stdin: it can be opened as an action skill too. */
  actionScript?: boolean;
}

/** Everything an agent would read of one Agent Skill, with the counts. */
export interface AgentSkillView {
  name: string;
  description?: string;
  dir: string;
  /** The SKILL.md file (its path). */
  skillMd: string;
  /** The front matter as read (leniently, as agents read it); null when it could not be read. */
  frontmatter: Record<string, unknown> | null;
  /** `allowed-tools`, one entry per tool pattern (the field is space-separated). */
  allowedTools: string[];
  layers: DisclosureLayer[];
  scripts: AgentSkillScript[];
  /** The tokenizer that counted, in words (an agent's own model may count differently). */
  tokenizer: string;
  /** Totals: what the catalog costs every session, what activation adds, and everything on demand. */
  totals: { catalog: number | null; body: number | null; resources: number | null };
  openhuman?: OpenHumanManifest;
}

/** What one agent would do with a skill, and why. */
export interface DialectVerdict {
  agent: string;
  label: string;
  outcome: 'loads' | 'ignores' | 'rejects';
  /** Every reason, in words: each key it ignores or understands, each rule it relaxes or enforces. */
  reasons: string[];
  /** Front matter keys this agent does not read (they are ignored, or the skill is rejected for them). */
  unknownKeys: string[];
  /** Keys beyond the specification this agent understands. */
  knownExtraKeys: string[];
  /** Where the behaviour is documented. */
  source: string;
}

/** One `[[inputs]]` entry of an OpenHuman skill.toml. */
export interface OpenHumanInput {
  name: string;
  description: string;
  required: boolean;
  type?: string;
}

/** A preflight gate OpenHuman runs before the skill, and what it checks, in order. */
export interface PreflightGate {
  name: string;
  required: boolean;
  /** `strict`, `any` or `none` for the GitHub gate. */
  identityMatch?: string;
  checks: string[];
}

/** OpenHuman's `skill.toml` beside SKILL.md: an agent definition with declared inputs and preflight gates. */
export interface OpenHumanManifest {
  file: string;
  id?: string;
  whenToUse?: string;
  inputs: OpenHumanInput[];
  /** The inputs as a form (a JSON Schema object), as OpenHuman asks for them at run time. */
  form: JsonSchema;
  gates: PreflightGate[];
  /** The agent definition's other fields, shown as they are. */
  agent: Record<string, unknown>;
  /** What OpenHuman would refuse or fall back on, in words (a bad skill.toml falls back to SKILL.md alone). */
  problems: string[];
}

/** Validation of one Agent Skill: per the specification (the reference validator's own verdict beside ours), per agent. */
export interface AgentSkillValidation {
  skill: string;
  dir: string;
  /** What the specification's reference validator (skills-ref) reports for this folder, message for message. */
  reference: { valid: boolean; errors: string[] };
  /** Every finding with its fix: the specification's rules, the YAML forgiven, the dialects, OpenHuman's file. */
  findings: Finding[];
  dialects: DialectVerdict[];
  openhuman?: OpenHumanManifest;
}

/** The doctor's report of an Agent Skill: its findings, with the reference validator's verdict, each agent's and OpenHuman's file. */
export type AgentSkillDoctorReport = DoctorReport & { agentSkill?: Omit<AgentSkillValidation, 'findings'> };

/** A folder that looks like an Agent Skill but is not one, and why. */
export interface NotASkill {
  dir: string;
  /** The file that made it look like one (relative to `dir`), where there is one. */
  file?: string;
  reason: string;
  fix: string;
}

/** Where a skill was found, for collisions: a workspace root or the user's. */
export interface SkillPlace {
  name: string;
  description?: string;
  dir: string;
  /** `project` (a workspace folder) or `user` (the home folder's). */
  scope: 'project' | 'user';
  /** The skills folder it is in, as written (`.claude/skills`, `~/.agents/skills`), or the opened folder. */
  root: string;
}

/** Two or more skills an agent could confuse: the same name, or descriptions close enough to pick the wrong one. */
export interface SkillCollision {
  kind: 'name' | 'description';
  skills: SkillPlace[];
  /** Descriptions: how close they are, 0 to 1 (the share of their content words in common). */
  score?: number;
  /** Descriptions: the content words both use. */
  overlap?: string[];
  /** Same name: which one each agent loads, by its precedence rules. */
  picks?: { agent: string; label: string; picked: string | null; why: string }[];
}

/** A file of a skill an MCP server serves (SEP-2640): its URI, digest and size. */
export interface McpSkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** A skill an MCP server offers (`skills/list`), as the Skills view shows it beside local ones. */
export interface McpSkillEntry {
  /** The server's skill id in the workbench (its origin: a skill URI is only unique within one server). */
  skillId: string;
  uri: string;
  name: string;
  description?: string;
  frontmatter: Record<string, unknown>;
  resources: McpSkillResource[] | 'dynamic';
  /** Problems with the entry itself (a name that is not the URI's last segment, a missing manifest), in words. */
  problems: string[];
}

/** A skill file read from an MCP server and checked against its entry (size and SHA-256). */
export interface McpSkillFile {
  uri: string;
  text?: string;
  blob?: string;
  mimeType?: string;
  verified: boolean;
  /** Why it failed verification (size, digest, not listed, front matter differing from the entry). */
  problem?: string;
  tokens?: number | null;
}

/** The catalog an agent would put in its prompt for every Agent Skill of the workspace, and what it costs. */
export interface AgentSkillCatalog {
  /** The `<available_skills>` block. */
  text: string;
  tokens: number;
  /** The skills in it, by id. */
  skills: string[];
  tokenizer: string;
}

/**
 * The window's commands for Agent Skills (the views build on these): what an agent reads of a skill, its
 * validation, the workspace's catalog, collisions, near misses, the warning before a script's first run, and
 * the skills an MCP server offers.
 */
export interface AgentSkillsApi {
  /** Every layer an agent reads of the skill, with its tokens; its scripts as tools; allowed-tools; OpenHuman's skill.toml. */
  agentSkillView(skillId: string): Promise<AgentSkillView>;
  /** One file of the skill (a path its layers list), read as an agent reads it on demand: text and tokens. */
  readAgentSkillFile(skillId: string, path: string): Promise<AgentSkillFileRead>;
  /** The specification's rules, its reference validator's verdict, each agent's, with a fix for each finding. */
  validateAgentSkill(skillId: string): Promise<AgentSkillValidation>;
  /** The `<available_skills>` block of every Agent Skill in the open folders. */
  agentSkillCatalog(): Promise<AgentSkillCatalog>;
  /** Agent Skills an agent could confuse, in the open folders and the user's own skills folders. */
  agentSkillCollisions(): Promise<SkillCollision[]>;
  /** Folders of the workspace that look like Agent Skills but are not, each with why. */
  notAgentSkills(): Promise<NotASkill[]>;
  /** The warning to show before a script of the skill runs, or null when it ran before as it is now. */
  scriptRunWarning(skillId: string, script: string): Promise<string | null>;
  /** The skills an MCP server offers (the Skills extension); the server is started if it is not running. */
  mcpSkills(skillId: string): Promise<McpSkillEntry[]>;
  /** A file of one of an MCP server's skills, verified against the entry last listed, with its tokens. */
  readMcpSkillFile(skillId: string, uri: string): Promise<McpSkillFile>;
}
