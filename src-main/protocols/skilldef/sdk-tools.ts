/**
 * The tools a SkillDefinition SDK puts on every skill: the original SDK lists five interop tools for the AI
 * (other skills, their data and functions) after the skill's own, and so does the bundled one. They are the
 * SDK's, not the author's: the app lists them apart ("SDK tools"), and counts say how many of a skill's are its own.
 */
export const SDK_TOOL_NAMES: ReadonlySet<string> = new Set(['list-skills', 'list-skill-data', 'list-skill-functions', 'request-skill-data', 'call-skill-function']);

export function isSdkTool(name: string): boolean {
  return SDK_TOOL_NAMES.has(name);
}
