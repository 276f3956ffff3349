/**
 * The catalog an agent puts in its prompt at the start of every session: the `<available_skills>` block, in
 * the layout of the reference library's `to_prompt` (skills-ref `prompt.py`): each element on a line of its own,
 * name and description HTML-escaped and trimmed, the location the absolute path of SKILL.md.
 */

export interface CatalogSkill {
  name: string;
  description: string;
  /** The SKILL.md file. */
  location: string;
}

/** Python's `html.escape(s, quote=True)`. */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** One skill's `<skill>` element, as it sits in the block. */
export function catalogEntry(s: CatalogSkill): string {
  return ['<skill>', '<name>', htmlEscape(s.name.trim()), '</name>', '<description>', htmlEscape(s.description.trim()), '</description>', '<location>', s.location, '</location>', '</skill>'].join('\n');
}

/** The whole block for the skills given, in their order. */
export function catalogBlock(skills: CatalogSkill[]): string {
  if (!skills.length) return '<available_skills>\n</available_skills>';
  return ['<available_skills>', ...skills.map(catalogEntry), '</available_skills>'].join('\n');
}
