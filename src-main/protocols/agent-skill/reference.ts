/**
 * The specification's reference validator (agentskills/agentskills, skills-ref: `validator.py`, `parser.py`)
 * reproduced rule for rule and message for message, so that what we call valid is what it calls valid. Its
 * quirks are kept on purpose: the front matter ends at the second `---` anywhere in the file (Python's
 * `split("---", 2)`), names may use any lowercase letter (its `isalnum`), and its YAML is strictyaml's: every
 * value a string, and flow style (`[a, b]`, `{a: b}`), anchors, aliases, tags and duplicate keys refused.
 * An npm port named skills-ref exists, but it is not the specification's (another author, js-yaml, MIT): it is
 * not used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
/** The fields the specification defines (the reference's ALLOWED_FIELDS). */
export const SPEC_FIELDS = ['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility'] as const;

export class ReferenceParseError extends Error {}

/** skills-ref's `find_skill_md`: SKILL.md, else skill.md. */
function findSkillMd(dir: string): string | null {
  for (const name of ['SKILL.md', 'skill.md']) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) && fs.readdirSync(dir).includes(name)) return file;
  }
  return null;
}

/** skills-ref's `validate(skill_dir)`: the list of its error messages, empty when it finds the skill valid. */
export function referenceErrors(dir: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    return [`Path does not exist: ${dir}`];
  }
  if (!stat.isDirectory()) return [`Not a directory: ${dir}`];
  const file = findSkillMd(dir);
  if (!file) return ['Missing required file: SKILL.md'];
  let metadata: Record<string, unknown>;
  try {
    // Python's read_text: universal newlines.
    metadata = referenceFrontmatter(fs.readFileSync(file, 'utf8').replace(/\r\n?/g, '\n')).metadata;
  } catch (err) {
    if (err instanceof ReferenceParseError) return [err.message];
    throw err;
  }
  return validateMetadata(metadata, dir);
}

/** skills-ref's `parse_frontmatter`: the front matter's fields (every value a string, as strictyaml gives them) and the body. */
export function referenceFrontmatter(content: string): { metadata: Record<string, unknown>; body: string } {
  if (!content.startsWith('---')) throw new ReferenceParseError('SKILL.md must start with YAML frontmatter (---)');
  const parts = splitTwice(content, '---');
  if (parts.length < 3) throw new ReferenceParseError('SKILL.md frontmatter not properly closed with ---');
  const data = strictYaml(parts[1]);
  if (!isPlainObject(data)) throw new ReferenceParseError('SKILL.md frontmatter must be a YAML mapping');
  if (isPlainObject(data.metadata)) {
    data.metadata = Object.fromEntries(Object.entries(data.metadata).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  return { metadata: data, body: parts[2].trim() };
}

/** Python's `str.split(sep, 2)`. */
function splitTwice(s: string, sep: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < 2; i++) {
    const at = s.indexOf(sep, from);
    if (at < 0) break;
    out.push(s.slice(from, at));
    from = at + sep.length;
  }
  out.push(s.slice(from));
  return out;
}

/**
 * YAML as strictyaml reads it (with no schema): the failsafe schema (every scalar a string, an empty value ""),
 * and refused: anything YAML itself refuses, duplicate keys, flow collections, anchors, aliases and tags.
 */
export function strictYaml(src: string): unknown {
  const lc = new LineCounter();
  const doc = parseDocument(src, { schema: 'failsafe', uniqueKeys: true, lineCounter: lc, prettyErrors: false });
  const at = (offset: number | undefined) => (offset === undefined ? '' : ` (line ${lc.linePos(offset).line})`);
  if (doc.errors.length) {
    const e = doc.errors[0];
    const what = e.code === 'DUPLICATE_KEY' ? 'duplicate key' : e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new ReferenceParseError(`Invalid YAML in frontmatter: ${what}${at(e.pos[0])}`);
  }
  // Set inside the visitor (a holder, since the compiler does not follow assignments made in a callback).
  const found: { refused?: string } = {};
  visit(doc, (_key, node) => {
    if (found.refused) return visit.BREAK;
    // An empty document's contents are null.
    if (!node) return undefined;
    const n = node as { flow?: boolean; anchor?: string; tag?: string; range?: [number, number, number]; source?: string };
    const line = at(n.range?.[0]);
    if (isAlias(node)) found.refused = `an alias (*${String(n.source)}), which strictyaml refuses${line}`;
    else if ((isMap(node) || isSeq(node)) && n.flow) found.refused = `flow style (\`[…]\` or \`{…}\`), which strictyaml refuses${line}`;
    else if ((isMap(node) || isSeq(node) || isScalar(node)) && n.anchor) found.refused = `an anchor (&${n.anchor}), which strictyaml refuses${line}`;
    // The parser sets a tag only where the source wrote one.
    else if ((isMap(node) || isSeq(node) || isScalar(node)) && n.tag) found.refused = `a tag (${n.tag}), which strictyaml refuses${line}`;
    return undefined;
  });
  if (found.refused) throw new ReferenceParseError(`Invalid YAML in frontmatter: ${found.refused}`);
  return toStrings(doc.toJS());
}

function toStrings(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(toStrings);
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toStrings(x)]));
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** skills-ref's `validate_metadata`: in its order, in its words. */
export function validateMetadata(metadata: Record<string, unknown>, dir?: string): string[] {
  const errors: string[] = [];
  const extra = Object.keys(metadata).filter((k) => !(SPEC_FIELDS as readonly string[]).includes(k));
  if (extra.length) {
    errors.push(`Unexpected fields in frontmatter: ${[...extra].sort(pyOrder).join(', ')}. Only ${pyList([...SPEC_FIELDS].sort(pyOrder))} are allowed.`);
  }
  if (!('name' in metadata)) errors.push('Missing required field in frontmatter: name');
  else errors.push(...validateName(metadata.name, dir));
  if (!('description' in metadata)) errors.push('Missing required field in frontmatter: description');
  else errors.push(...validateDescription(metadata.description));
  if ('compatibility' in metadata) errors.push(...validateCompatibility(metadata.compatibility));
  return errors;
}

export function validateName(value: unknown, dir?: string): string[] {
  if (typeof value !== 'string' || !value.trim()) return ["Field 'name' must be a non-empty string"];
  const errors: string[] = [];
  const name = value.trim().normalize('NFKC');
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) errors.push(`Skill name '${name}' exceeds ${MAX_NAME_LENGTH} character limit (${length} chars)`);
  if (name !== name.toLowerCase()) errors.push(`Skill name '${name}' must be lowercase`);
  if (name.startsWith('-') || name.endsWith('-')) errors.push('Skill name cannot start or end with a hyphen');
  if (name.includes('--')) errors.push('Skill name cannot contain consecutive hyphens');
  if (![...name].every((c) => c === '-' || /^[\p{L}\p{N}]$/u.test(c))) {
    errors.push(`Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed.`);
  }
  if (dir) {
    const dirName = path.basename(dir);
    if (dirName.normalize('NFKC') !== name) errors.push(`Directory name '${dirName}' must match skill name '${name}'`);
  }
  return errors;
}

export function validateDescription(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return ["Field 'description' must be a non-empty string"];
  const length = [...value].length;
  return length > MAX_DESCRIPTION_LENGTH ? [`Description exceeds ${MAX_DESCRIPTION_LENGTH} character limit (${length} chars)`] : [];
}

export function validateCompatibility(value: unknown): string[] {
  if (typeof value !== 'string') return ["Field 'compatibility' must be a string"];
  const length = [...value].length;
  return length > MAX_COMPATIBILITY_LENGTH ? [`Compatibility exceeds ${MAX_COMPATIBILITY_LENGTH} character limit (${length} chars)`] : [];
}

/** Python's default string order (by code point). */
function pyOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A Python list of strings as `repr` prints it. */
function pyList(items: string[]): string {
  return `[${items.map((s) => `'${s}'`).join(', ')}]`;
}
