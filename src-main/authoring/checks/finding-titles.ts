/**
 * Each finding's title: what its code means, in plain words, for people who configure skills and never
 * read codes. The code stays on the finding (for tools, tests and `skillbench doctor --json`).
 */

const TITLES: Record<string, string> = {
  NOT_DETECTED: 'Not recognised as a skill',
  PYTHON_SYNTAX: 'Python syntax error',
  COMMITTED_SECRET: 'A secret is kept in the skill’s files',
  ENV_NOT_GIVEN: 'The skill reads a variable it will not get',

  MANIFEST_MISSING: 'manifest.json is missing',
  MANIFEST_NOT_JSON: 'manifest.json cannot be read',
  MANIFEST_FIELD: 'A manifest field needs attention',
  MANIFEST_UNKNOWN_KEY: 'manifest.json has a key nothing reads',
  NO_MANIFEST: 'No manifest.json',
  NO_SKILL_MD: 'No SKILL.md',
  NO_SKILL_EXPORT: 'The entry may not define the skill',
  ID_UNDERSCORE: 'The real host refuses this id',
  DEPENDENCY_MISSING: 'A package the skill needs is not installed',
  DEPENDENCY_VERSION: 'A package the skill needs is at the wrong version',
  DEPENDENCY_STAND_IN: 'The workbench stands in for a package the skill needs',
  ENV_UNFINISHED: 'The skill’s Python environment is not finished',
  DEPENDENCIES_UNCHECKED: 'The dependencies were not checked',
  REPO_SDK_BEHIND: 'The repository’s SDK is older than the skill',
  MISSING_DESCRIPTION: 'A description is missing',
  COMMAND_NOT_FOUND: 'The program that runs the skill is not installed',
  ENTRY_NOT_FOUND: 'A file the skill needs is missing',
  ENTRY_INVALID: 'An entry is written wrongly',
  ENTRY_OUTSIDE: 'An entry is outside the skill’s folder',
  ENTRY_FUNCTION_MISSING: 'The function an entry names is missing',
  TICK_INTERVAL_TOO_SHORT: 'Ticks are set too often',

  NO_AGENT_YAML: 'No agent.yaml',
  AGENT_YAML_INVALID: 'agent.yaml cannot be read',
  AGENT_FIELD: 'A field of agent.yaml needs attention',
  AGENT_UNKNOWN_KEY: 'agent.yaml has a key nothing reads',
  NOT_ACTION_SCRIPT: 'The script may not be an action skill',
  NO_DISPATCH: 'The script does one job, whatever the action',
  AGENT_DESCRIBES_SKILL: 'The agent’s description stands in for the skill’s',
  AGENT_SECRETS: 'The agent needs secrets',
  SCHEDULE_INVALID: 'A schedule entry is wrong',
  SCHEDULE_PROMPT: 'A schedule entry is a prompt for the agent',
  NO_SUPPORTED_ACTIONS: 'Unknown actions get no list of the known ones',
  NO_JSON_OUTPUT: 'The script may not print its answer as JSON',

  NOT_AGENT_SKILL: 'Not an Agent Skill, though it looks like one',
  NAME_COLLISION: 'Another skill has the same name',
  DESCRIPTION_COLLISION: 'Another skill’s description is close to this one’s',

  NO_AI_FILES: 'No tools are declared',
  AI_SYNTAX: 'A tool declaration is malformed',
  AI_UNREADABLE: 'A .ai file cannot be read',
  NOT_PYTHON_TOOL: 'A tool the workbench does not run',
  NO_BINDINGS: 'The tool bindings file is missing',
  BINDINGS_INVALID: 'The tool bindings file is malformed',
  NO_BINDING: 'A tool has no binding',
  BINDING_INVALID: 'A tool binding is wrong',
  BINDING_NOTE: 'A tool binding is written unusually',
  SANDBOX_REQUIRED: 'A tool needs namel3ss’s sandbox to run',
  CONTAINER_RUNNER: 'A tool runs in a container',
  RUNNER_UNKNOWN: 'A tool is bound to a runner namel3ss does not have',
  CAPABILITY_BLOCKED: 'A tool’s guarantees keep it from running',
  HTTP_TOOL_INVALID: 'An http tool declares what namel3ss does not give it',
  HTTP_CAPABILITY: 'An http tool needs the http capability',
  HTTP_NETWORK_DENIED: 'An http tool is denied the network',
  NODE_MISSING: 'A node tool has no node to run on',
  PACK_UNAVAILABLE: 'A tool’s pack is not available',
  BINDING_UNUSED: 'A binding names no declared tool',
  CONFIG_INVALID: 'The app’s settings file is wrong',

  LIVE_STARTED: 'Started, and listed its tools',
  LIVE_SKIPPED: 'Not started for this check',
  LIVE_START_FAILED: 'The skill does not start',
  LIVE_TIMEOUT: 'The skill takes too long to start',
  NO_TOOLS: 'No tools listed',
  SDK_WARNING: 'The SDK warns about the skill',
  WRITES_OWN_FOLDER: 'The skill writes into its own folder',
  DUPLICATE_TOOL: 'Two tools share a name',
  TOOL_NAME_FORM: 'A tool name AI providers refuse',
  SCHEMA_INVALID: 'A tool’s input schema is invalid',
  SCHEMA_NOT_OBJECT: 'A tool’s arguments are not an object',

  SETUP_CHECKED: 'Setup wizard looked at',
  SETUP_START_FAILED: 'The setup wizard does not start',
  SETUP_STEP: 'A setup step needs attention',
  SETUP_FIELD: 'A setup field needs attention',
  SETUP_FIELD_TYPE: 'A setup field has an unknown type',
  SETUP_SELECT_OPTIONS: 'A choice has nothing to choose from',
  SETUP_DEFAULT: 'A setup field’s default does not fit',
  SETUP_PASSWORD_DEFAULT: 'A password field has a default value',
};

/** The title of a finding's code; for a code without one, the code in words ("SOME_CODE" -> "Some code"). */
export function findingTitle(code: string): string {
  const known = TITLES[code];
  if (known) return known;
  const words = code.toLowerCase().replace(/_+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}

/** Every code with a title of its own (for a test that no code goes without). */
export const TITLED_CODES = Object.keys(TITLES);
