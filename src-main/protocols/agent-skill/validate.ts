/**
 * An Agent Skill checked as the specification, its reference validator and the agents that load it would: every
 * error the reference validator (skills-ref) reports becomes one error finding, so our verdict is its verdict;
 * what the specification recommends beyond it (a string map for metadata, `allowed-tools` as a space-separated
 * string, relative references one level deep that exist, a body under 500 lines and about 5,000 tokens) are
 * warnings; so is each thing the lenient reading forgave; then what each agent would do, and OpenHuman's
 * skill.toml. Every finding has a fix. Nothing is run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSkillValidation, Finding, Severity } from '../../contract';
import { verdicts, type Dialect } from './dialects';
import { skillFiles } from './files';
import { readOpenHuman } from './openhuman';
import { namedPaths } from './references';
import { referenceErrors } from './reference';
import { readSkillMdFile, skillMdOf, type SkillMdRead } from './skill-md';
import { countTokens } from './tokens';

export const BODY_MAX_LINES = 500;
export const BODY_MAX_TOKENS = 5000;

const TITLES: Record<string, string> = {
  SKILL_MD_MISSING: 'There is no SKILL.md',
  SKILL_MD_LOWERCASE: 'skill.md is not SKILL.md',
  FRONTMATTER_MISSING: 'SKILL.md has no front matter',
  FRONTMATTER_NOT_CLOSED: 'The front matter is not closed',
  FRONTMATTER_NOT_MAPPING: 'The front matter is not a mapping',
  YAML_INVALID: 'The front matter is not valid YAML',
  YAML_FORGIVEN: 'Agents have to forgive the YAML',
  UNEXPECTED_FIELDS: 'Front matter keys the specification does not define',
  NAME_MISSING: 'The name is missing',
  NAME_INVALID: 'The name breaks the naming rules',
  NAME_DIR_MISMATCH: 'The name is not the folder’s name',
  NAME_NOT_ASCII: 'The name uses letters beyond a–z',
  DESCRIPTION_MISSING: 'The description is missing',
  DESCRIPTION_TOO_LONG: 'The description is too long',
  COMPATIBILITY_INVALID: 'The compatibility field is wrong',
  COMPATIBILITY_EMPTY: 'The compatibility field is empty',
  METADATA_NOT_STRING_MAP: 'metadata is not a map of strings',
  ALLOWED_TOOLS_FORM: 'allowed-tools is not a space-separated string',
  LICENSE_FILE_MISSING: 'The licence file named is missing',
  REFERENCE_MISSING: 'A file the skill names does not exist',
  REFERENCE_OUTSIDE: 'A reference leaves the skill’s folder',
  REFERENCE_NOT_RELATIVE: 'A path is written from the project’s root',
  REFERENCE_CHAIN: 'References nested more than one level deep',
  REFERENCE_CASE: 'A file is named in another case than it has',
  BODY_TOO_LONG: 'The body is long',
  BODY_EMPTY: 'The body is empty',
  AGENT_SKIPS: 'An agent would not load the skill',
  AGENT_KEY_VALUE: 'An agent’s own key has a value it does not understand',
  OPENHUMAN_MANIFEST: 'OpenHuman’s skill.toml needs attention',
  OPENHUMAN_INPUTS: 'OpenHuman asks for inputs',
  OPENHUMAN_GATE: 'OpenHuman checks a preflight gate first',
};

export function agentSkillTitle(code: string): string {
  return TITLES[code] ?? code;
}

/** A message as one sentence: a full stop added where it has none. */
function sentence(s: string): string {
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

class Out {
  readonly list: Finding[] = [];
  add(severity: Severity, code: string, message: string, fix: string, where: { file?: string; line?: number; field?: string } = {}): void {
    this.list.push({ severity, code, title: agentSkillTitle(code), message: sentence(message), fix, ...where });
  }
}

export interface ValidateOptions {
  dialects?: Dialect[];
}

export async function validateAgentSkill(dir: string, opts: ValidateOptions = {}): Promise<AgentSkillValidation> {
  const f = new Out();
  const reference = referenceErrors(dir);
  const file = skillMdOf(dir);
  const name = path.basename(dir);
  if (!file) {
    for (const e of reference) f.add('error', 'SKILL_MD_MISSING', e, 'Add SKILL.md (exactly that name) with `name:` and `description:` in its front matter.');
    return { skill: name, dir, reference: { valid: false, errors: reference }, findings: f.list, dialects: [] };
  }
  const rel = path.basename(file);
  const read = readSkillMdFile(file);
  if (rel === 'skill.md') f.add('warning', 'SKILL_MD_LOWERCASE', 'The file is skill.md: the reference validator accepts it, but agents look for a file named exactly SKILL.md.', 'Rename it to SKILL.md.', { file: rel });

  for (const e of reference) referenceFinding(f, e, read, rel);
  for (const x of read.forgiven) f.add('warning', 'YAML_FORGIVEN', `${capital(x.what)}.`, x.fix, { file: rel, ...(x.line ? { line: x.line } : {}) });
  const fm = read.frontmatter;
  if (fm) recommendations(f, fm, read, dir, rel);
  await bodyChecks(f, read, dir, rel, fm && typeof fm.name === 'string' ? fm.name : name);

  const nameProblems = reference.filter((e) => /^Skill name|^Directory name|^Field 'name'|: name$/.test(e));
  const dialects = verdicts({ frontmatter: fm, unreadable: read.problem?.message, forgiven: read.forgiven.map((x) => x.what), referenceErrors: reference, nameProblems }, opts.dialects);
  for (const v of dialects) {
    if (v.agent === 'skills-ref') continue;
    if (v.outcome !== 'loads') f.add('warning', 'AGENT_SKIPS', `${v.label} ${v.outcome === 'ignores' ? 'ignores' : 'rejects'} this skill: ${v.reasons.join(' ')}`, 'Fix what is said; the reasons name each rule.', { file: rel });
    for (const r of v.reasons.filter((x) => /not true or false|documents is `fork`|no effect without|not a mapping of hook/.test(x))) f.add('warning', 'AGENT_KEY_VALUE', `${v.label}: ${r}`, 'Use the values the agent documents.', { file: rel });
  }

  const openhuman = readOpenHuman(dir) ?? undefined;
  if (openhuman) {
    const oh = path.basename(openhuman.file);
    for (const p of openhuman.problems) f.add('warning', 'OPENHUMAN_MANIFEST', p, `Fix ${oh}: OpenHuman needs \`id\` and \`when_to_use\`, and well-formed \`[[inputs]]\` and \`[github]\`.`, { file: oh });
    if (openhuman.inputs.length) {
      f.add('info', 'OPENHUMAN_INPUTS', `OpenHuman asks for ${openhuman.inputs.length} input${openhuman.inputs.length === 1 ? '' : 's'} before it runs the skill: ${openhuman.inputs.map((i) => `${i.name}${i.required ? ' (required)' : ''}${i.type ? ` ${i.type}` : ''}`).join(', ')}.`, '', { file: oh });
    }
    for (const g of openhuman.gates) f.add('info', 'OPENHUMAN_GATE', `The ${g.name} gate${g.required ? `, identity match ${g.identityMatch}, checks in order` : ''}: ${g.checks.join('; ')}.`, '', { file: oh });
  }
  const skill = fm && typeof fm.name === 'string' && fm.name.trim() ? fm.name.trim() : name;
  return { skill, dir, reference: { valid: reference.length === 0, errors: reference }, findings: sorted(f.list), dialects, ...(openhuman ? { openhuman } : {}) };
}

/** One reference error as a finding: its code, its words, a fix, and where in SKILL.md. */
function referenceFinding(f: Out, e: string, read: SkillMdRead, rel: string): void {
  const at = (key: string) => (read.keyLines[key] ? { line: read.keyLines[key], field: key } : { field: key });
  const lenient = read.frontmatter ? ' Agents that read YAML leniently still load it (see the warnings), but the specification\'s validator refuses it.' : '';
  if (e.startsWith('SKILL.md must start')) f.add('error', 'FRONTMATTER_MISSING', e, 'Begin SKILL.md with a line `---`, the `name:` and `description:` lines, and a line `---`.', { file: rel, line: 1 });
  else if (e.startsWith('SKILL.md frontmatter not properly closed')) f.add('error', 'FRONTMATTER_NOT_CLOSED', e, 'End the front matter with a line `---`; the reference validator also ends it at the first `---` anywhere, so none may appear inside a value.', { file: rel });
  else if (e.startsWith('SKILL.md frontmatter must be a YAML mapping')) f.add('error', 'FRONTMATTER_NOT_MAPPING', e, 'Write the front matter as `key: value` lines.', { file: rel, line: 2 });
  else if (e.startsWith('Invalid YAML')) f.add('error', 'YAML_INVALID', `${sentence(e)}${lenient}`, 'Write plain block YAML: quote values that hold `: ` or start with a special character, indent with spaces, and write lists and maps on lines of their own (`- item`, `key: value`), without anchors or tags.', { file: rel, ...lineOf(e) });
  else if (e.startsWith('Unexpected fields')) {
    const keys = /fields in frontmatter: (.*?)\. Only/.exec(e)?.[1] ?? '';
    f.add('error', 'UNEXPECTED_FIELDS', e, `Move them under \`metadata:\` (a map of strings), or keep them for the agent that reads them (Claude Code reads \`model\`, \`context\`, \`agent\`, \`hooks\`, \`argument-hint\`, \`user-invocable\`, \`disable-model-invocation\`) knowing that the specification's validator refuses the skill: ${keys}.`, { file: rel, ...at(keys.split(', ')[0]) });
  } else if (e.endsWith('field in frontmatter: name') || e === "Field 'name' must be a non-empty string") f.add('error', 'NAME_MISSING', e, `Add \`name: ${path.basename(path.dirname(read.file))}\` (the folder's name).`, { file: rel, ...at('name') });
  else if (e.startsWith('Directory name')) f.add('error', 'NAME_DIR_MISMATCH', e, 'Rename the folder to the skill\'s name, or the name to the folder\'s.', { file: rel, ...at('name') });
  else if (e.startsWith('Skill name')) f.add('error', 'NAME_INVALID', e, 'Use 1 to 64 lowercase letters, digits and single hyphens, not at the start or end (pdf-processing).', { file: rel, ...at('name') });
  else if (e.endsWith('field in frontmatter: description') || e === "Field 'description' must be a non-empty string") f.add('error', 'DESCRIPTION_MISSING', e, 'Add `description:` saying what the skill does and when to use it: agents choose skills by it.', { file: rel, ...at('description') });
  else if (e.startsWith('Description exceeds')) f.add('error', 'DESCRIPTION_TOO_LONG', e, 'Shorten it to 1,024 characters; move detail into the body.', { file: rel, ...at('description') });
  else f.add('error', 'COMPATIBILITY_INVALID', e, 'Give `compatibility` as one string of at most 500 characters (what the skill needs: a product, packages, network).', { file: rel, ...at('compatibility') });
}

function lineOf(e: string): { line?: number } {
  const m = /\(line (\d+)\)/.exec(e);
  // The reference parses from just after the first `---`, so its lines are SKILL.md's.
  return m ? { line: Number(m[1]) } : {};
}

/** What the specification asks for beyond what its validator checks, as the skill is read by agents. */
function recommendations(f: Out, fm: Record<string, unknown>, read: SkillMdRead, dir: string, rel: string): void {
  const at = (key: string) => ({ file: rel, field: key, ...(read.keyLines[key] ? { line: read.keyLines[key] } : {}) });
  const name = typeof fm.name === 'string' ? fm.name.trim() : '';
  if (name && /[^ -~]/.test(name) && !/[A-Z]/.test(name)) {
    f.add('warning', 'NAME_NOT_ASCII', `The name "${name}" uses letters beyond a–z: the reference validator accepts any lowercase letter, but the specification's text names a–z, 0–9 and hyphens, and agents built to it may refuse it.`, 'Use a–z, 0–9 and hyphens.', at('name'));
  }
  if ('compatibility' in fm && fm.compatibility === '') f.add('warning', 'COMPATIBILITY_EMPTY', 'compatibility is empty: the specification asks for 1 to 500 characters when it is given.', 'Remove it, or say what the skill needs.', at('compatibility'));
  if ('metadata' in fm) {
    const m = fm.metadata;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) {
      f.add('warning', 'METADATA_NOT_STRING_MAP', `metadata is ${m === null ? 'empty' : Array.isArray(m) ? 'a list' : JSON.stringify(m)}, not a map from strings to strings.`, 'Write `metadata:` with `key: "value"` lines under it.', at('metadata'));
    } else {
      const bad = Object.entries(m).filter(([, v]) => typeof v !== 'string');
      if (bad.length) {
        f.add('warning', 'METADATA_NOT_STRING_MAP', `metadata values must be strings; agents reading YAML 1.2 get ${bad.map(([k, v]) => `${k} as ${v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a map' : `the ${typeof v} ${JSON.stringify(v)}`}`).join(', ')} (the reference validator turns them into text).`, `Quote the values (${bad.map(([k]) => `${k}: "…"`).join(', ')}); nest nothing under metadata.`, at('metadata'));
      }
    }
  }
  if ('allowed-tools' in fm) {
    const t = fm['allowed-tools'];
    if (typeof t !== 'string') f.add('warning', 'ALLOWED_TOOLS_FORM', `allowed-tools is ${Array.isArray(t) ? 'a YAML list' : JSON.stringify(t)}: the specification defines a space-separated string (experimental, and agents differ in support).`, `Write it on one line: allowed-tools: ${Array.isArray(t) ? t.join(' ') : 'Read Bash(git:*)'}`, at('allowed-tools'));
    else if (!t.trim()) f.add('warning', 'ALLOWED_TOOLS_FORM', 'allowed-tools is empty.', 'Remove it, or list the tools the skill may use without asking, separated by spaces.', at('allowed-tools'));
  }
  if (typeof fm.license === 'string') {
    const named = /\b([\w.-]+\.(?:txt|md))\b/i.exec(fm.license)?.[1];
    if (named && !fs.existsSync(path.join(dir, named))) f.add('warning', 'LICENSE_FILE_MISSING', `license names ${named}, which is not in the skill's folder.`, `Add ${named} to the skill, or name the licence itself (MIT, Apache-2.0).`, at('license'));
  }
}

async function bodyChecks(f: Out, read: SkillMdRead, dir: string, rel: string, name: string): Promise<void> {
  const body = read.body;
  const lines = body.replace(/\n+$/, '').split('\n').length;
  if (!body.trim()) {
    f.add('warning', 'BODY_EMPTY', 'SKILL.md has no body: an agent that activates the skill gets no instructions.', 'Write the instructions below the front matter.', { file: rel });
    return;
  }
  const tokens = await countTokens(body);
  if (lines > BODY_MAX_LINES || tokens > BODY_MAX_TOKENS) {
    f.add('warning', 'BODY_TOO_LONG', `The body is ${lines.toLocaleString('en-US')} lines and ${tokens.toLocaleString('en-US')} tokens (o200k): the specification recommends under ${BODY_MAX_LINES} lines and about ${BODY_MAX_TOKENS.toLocaleString('en-US')} tokens, since an agent reads all of it on activation.`, 'Move detailed material into references/ files the body points to.', { file: rel });
  }
  const exists = (p: string) => fs.existsSync(path.join(dir, p));
  const direct = new Set<string>();
  // One finding per path and problem, with every line it is on.
  const byPath = new Map<string, { ref: ReturnType<typeof namedPaths>[number]; lines: number[] }>();
  for (const ref of namedPaths(body, name)) {
    const key = `${ref.written}\u0000${ref.rel}`;
    const seen = byPath.get(key);
    if (seen) seen.lines.push(read.bodyLine + ref.line - 1);
    else byPath.set(key, { ref, lines: [read.bodyLine + ref.line - 1] });
  }
  for (const { ref, lines } of byPath.values()) {
    const where = { file: rel, line: lines[0] };
    const also = lines.length > 1 ? ` (lines ${lines.join(', ')})` : '';
    if (ref.rel === null) {
      f.add('warning', 'REFERENCE_OUTSIDE', `${ref.written} leads outside the skill's folder${also}: an agent that installs the skill elsewhere will not find it.`, 'Keep the files the skill needs inside its folder and name them relative to it.', where);
      continue;
    }
    if (ref.fromProjectRoot) {
      f.add('warning', 'REFERENCE_NOT_RELATIVE', `${ref.written} is written from a project's root${also}: it works only where the skill is installed at that path.`, `Write it relative to the skill's folder: ${ref.rel}.`, where);
    }
    if (!exists(ref.rel)) f.add('warning', 'REFERENCE_MISSING', `${ref.written} is named in SKILL.md${also} but ${ref.rel} does not exist in the skill.`, `Add ${ref.rel}, or correct the path (relative to the skill's folder).`, where);
    else direct.add(ref.rel);
  }
  // A file named as it is not spelled on disk (FORMS.md for forms.md): found where names ignore case, not on Linux.
  const all = new Map(skillFiles(dir, read.file).files.map((x) => [x.rel.toLowerCase(), x.rel]));
  const spelled = new Map<string, number>();
  body.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+\.(?:md|mdx|py|sh|js|txt|json|csv))(?![\w/-])/gi)) if (!spelled.has(m[1])) spelled.set(m[1], read.bodyLine + i);
  });
  for (const [name, line] of spelled) {
    const onDisk = all.get(name.toLowerCase());
    if (onDisk && onDisk !== name && !exists(name)) f.add('warning', 'REFERENCE_CASE', `SKILL.md names ${name}, but the file is ${onDisk}: found where file names ignore case (macOS, Windows), not on Linux.`, `Write ${onDisk}, as the file is spelled.`, { file: rel, line });
  }
  // One level deep: a referenced document that leads on to further files of the skill the body never names.
  for (const doc of [...direct].filter((p) => /\.(md|mdx)$/i.test(p))) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, doc), 'utf8');
    } catch {
      continue;
    }
    const base = path.posix.dirname(doc);
    const further = namedPaths(text, name)
      .map((r) => (r.rel === null ? null : exists(r.rel) ? r.rel : exists(path.posix.join(base, r.rel)) ? path.posix.join(base, r.rel) : null))
      .filter((p): p is string => !!p && p !== doc && !direct.has(p) && /\.(md|mdx)$/i.test(p));
    if (further.length) {
      f.add('warning', 'REFERENCE_CHAIN', `${doc} leads on to ${[...new Set(further)].join(', ')}, which SKILL.md does not name: a chain two levels deep, which an agent may read only in part.`, 'Name every file the agent needs from SKILL.md itself (keep references one level deep).', { file: doc });
    }
  }
}

function capital(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function sorted(list: Finding[]): Finding[] {
  return list.map((x, i) => ({ x, i })).sort((a, b) => ORDER[a.x.severity] - ORDER[b.x.severity] || a.i - b.i).map(({ x }) => x);
}
