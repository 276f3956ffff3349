/**
 * What each agent does with an Agent Skill, as data: a new agent is one entry of DIALECTS. Each entry says where
 * the agent looks for skills, which scope wins a name clash, which front matter keys it understands beyond the
 * specification, what it does with keys it does not know, and how strictly it reads names and YAML, with where
 * that is documented. `verdicts` applies the table to one skill. Where a source does not say how an agent
 * behaves, the entry says so rather than guess.
 */
import type { DialectVerdict } from '../../contract';
import { SPEC_FIELDS } from './reference';

export interface Dialect {
  id: string;
  label: string;
  /** Skill folders relative to the project and to the home folder, in the order the agent reads them. */
  roots: { project: string[]; user: string[] };
  /** Which scope's skill the agent keeps when two share a name; null where its documentation does not say. */
  wins: 'project' | 'user' | null;
  /** Keys beyond the specification's six it reads, with what each does. */
  extraKeys: Record<string, string>;
  /** Keys it does not know: ignored, or the skill is refused. */
  unknownKeys: 'ignore' | 'reject';
  /** strict: the specification's rules refuse the skill; lenient: a bad name or a long one is warned about and loaded. */
  names: 'strict' | 'lenient';
  /** strict: strictyaml's reading (the reference's); lenient: a value with `: ` is retried quoted; yaml: plain YAML, unreadable YAML skips the skill. */
  yaml: 'strict' | 'lenient' | 'yaml';
  /** Without a description the skill is: refused, skipped, or loaded with the body's first paragraph standing in. */
  noDescription: 'reject' | 'skip' | 'first-paragraph';
  source: string;
  notes?: string[];
}

const CLAUDE_KEYS: Record<string, string> = {
  'disable-model-invocation': 'true keeps the skill out of the model\'s catalog: only the user invokes it (/name)',
  'user-invocable': 'false hides it from the / menu: only the model invokes it',
  context: '`fork` runs the skill in a forked subagent context',
  agent: 'which subagent type runs it when `context: fork` is set',
  model: 'the model the skill runs with',
  hooks: 'hooks scoped to the skill\'s life',
  'argument-hint': 'the hint shown after /name for its arguments',
};

export const DIALECTS: Dialect[] = [
  {
    id: 'skills-ref',
    label: 'The specification\'s reference validator (skills-ref)',
    roots: { project: [], user: [] },
    wins: null,
    extraKeys: {},
    unknownKeys: 'reject',
    names: 'strict',
    yaml: 'strict',
    noDescription: 'reject',
    source: 'agentskills/agentskills, skills-ref/src/skills_ref/validator.py and parser.py',
  },
  {
    id: 'client-guide',
    label: 'A client built to the specification\'s client guide',
    roots: { project: ['.agents/skills'], user: ['.agents/skills'] },
    wins: 'project',
    extraKeys: {},
    unknownKeys: 'ignore',
    names: 'lenient',
    yaml: 'lenient',
    noDescription: 'skip',
    source: 'agentskills.io, "How to add skills support to your agent" (docs/client-implementation/adding-skills-support.mdx): project skills override user skills; a name that breaks the rules is warned about and loaded; no description or unreadable YAML skips the skill; a value with a colon is retried quoted',
  },
  {
    id: 'claude-code',
    label: 'Claude Code',
    roots: { project: ['.claude/skills'], user: ['.claude/skills'] },
    wins: 'user',
    extraKeys: CLAUDE_KEYS,
    unknownKeys: 'ignore',
    names: 'lenient',
    yaml: 'yaml',
    noDescription: 'first-paragraph',
    source: 'Claude Code documentation, Skills (code.claude.com/docs/en/skills): personal skills (~/.claude/skills) win over project skills (.claude/skills), enterprise over both; plugin skills are namespaced; its front matter reference lists the extra keys',
    notes: ['Claude Code counts its catalog against a budget of its own; a skill with `disable-model-invocation: true` is not in it at all.'],
  },
  {
    id: 'codex',
    label: 'Codex',
    roots: { project: ['.agents/skills'], user: ['.agents/skills'] },
    wins: null,
    extraKeys: {},
    unknownKeys: 'ignore',
    names: 'lenient',
    yaml: 'lenient',
    noDescription: 'skip',
    source: 'developers.openai.com/codex/skills: .agents/skills from the working folder up to the repository root, and ~/.agents/skills; optional metadata in agents/openai.yaml; the catalog is capped at about 2% of the context window (8,000 characters when unknown), descriptions shortened first; which of two same-named skills wins is not documented there',
  },
  {
    id: 'openhuman',
    label: 'OpenHuman',
    roots: { project: ['.openhuman/skills', '.agents/skills', '.openhuman/workflows', 'skills'], user: ['.openhuman/skills', '.agents/skills', '.openhuman/workflows'] },
    wins: 'project',
    extraKeys: {},
    unknownKeys: 'ignore',
    names: 'lenient',
    yaml: 'yaml',
    noDescription: 'first-paragraph',
    source: 'tinyhumansai/openhuman, src/openhuman/skills/ops_discover.rs and ops_parse.rs: project skills (.openhuman/skills and .agents/skills, read only when .openhuman/trust exists) win over user skills, which win over the legacy <workspace>/skills; unreadable front matter is a warning and the skill loads without it; skill.toml adds inputs and preflight gates',
  },
];

export function dialect(id: string): Dialect {
  const d = DIALECTS.find((x) => x.id === id);
  if (!d) throw new Error(`No agent dialect "${id}". Known: ${DIALECTS.map((x) => x.id).join(', ')}`);
  return d;
}

/** What the skill is, as the verdicts need it. */
export interface SkillFacts {
  frontmatter: Record<string, unknown> | null;
  /** The lenient reader's problem (front matter missing or unreadable YAML). */
  unreadable?: string;
  /** What the lenient reader forgave (quoted colons, tabs, duplicate keys, a byte-order mark). */
  forgiven: string[];
  /** The reference validator's errors. */
  referenceErrors: string[];
  /** The name breaks the specification's name rules or differs from the folder's name. */
  nameProblems: string[];
}

export function verdicts(s: SkillFacts, dialects: Dialect[] = DIALECTS): DialectVerdict[] {
  return dialects.map((d) => verdict(d, s));
}

function verdict(d: Dialect, s: SkillFacts): DialectVerdict {
  const base = { agent: d.id, label: d.label, source: d.source };
  const keys = Object.keys(s.frontmatter ?? {});
  const unknownKeys = keys.filter((k) => !(SPEC_FIELDS as readonly string[]).includes(k) && !(k in d.extraKeys));
  const knownExtraKeys = keys.filter((k) => k in d.extraKeys);
  const reasons: string[] = [];
  const out = (outcome: DialectVerdict['outcome']): DialectVerdict => ({ ...base, outcome, reasons, unknownKeys, knownExtraKeys });

  if (d.yaml === 'strict') {
    if (s.referenceErrors.length) {
      reasons.push(...s.referenceErrors);
      return out('rejects');
    }
    reasons.push('Valid by every rule the reference checks.');
    return out('loads');
  }
  if (!s.frontmatter) {
    reasons.push(`${s.unreadable ?? 'The front matter cannot be read.'} ${d.noDescription === 'first-paragraph' ? `${d.label} loads it without its front matter, named after its folder.` : `${d.label} skips it.`}`);
    return out(d.noDescription === 'first-paragraph' ? 'loads' : 'ignores');
  }
  if (d.yaml === 'yaml' && s.forgiven.some((f) => /holds `: `|tabs/.test(f))) {
    reasons.push(`Its front matter is not YAML as written (${s.forgiven.filter((f) => /holds `: `|tabs/.test(f)).join('; ')}): ${d.label} reads it with a plain YAML parser, ${d.noDescription === 'first-paragraph' ? 'and loads the skill without its front matter' : 'and skips the skill'}.`);
    return out(d.noDescription === 'first-paragraph' ? 'loads' : 'ignores');
  }
  for (const f of s.forgiven) reasons.push(`Forgiven: ${f}.`);
  const description = s.frontmatter.description;
  if (typeof description !== 'string' || !description.trim()) {
    if (d.noDescription === 'skip') {
      reasons.push(`It has no description, which ${d.label} needs to list it: skipped.`);
      return out('ignores');
    }
    reasons.push(`It has no description: ${d.label} uses the first paragraph of its body instead.`);
  }
  for (const p of s.nameProblems) reasons.push(d.names === 'lenient' ? `${p}: warned about, loaded anyway.` : `${p}: refused.`);
  for (const e of s.referenceErrors.filter((x) => /^(Description|Compatibility) exceeds|^Field 'compatibility'/.test(x))) {
    reasons.push(`${e}: the specification's validator refuses it; ${d.label} is not documented to (${/^Description/.test(e) ? 'what of the description reaches the model is its own choice' : 'it does not read the field'}).`);
  }
  if (d.names === 'strict' && s.nameProblems.length) return out('rejects');
  for (const k of knownExtraKeys) reasons.push(`\`${k}\`: ${d.extraKeys[k]}.`);
  if (unknownKeys.length) reasons.push(`${d.unknownKeys === 'ignore' ? 'Ignored' : 'Refused'}: ${unknownKeys.map((k) => `\`${k}\``).join(', ')} (not keys ${d.label} reads).`);
  if (d.unknownKeys === 'reject' && unknownKeys.length) return out('rejects');
  if (d.id === 'claude-code') claudeValues(s.frontmatter, reasons);
  if (!reasons.length) reasons.push('Loads it as written.');
  return out('loads');
}

/** Values of Claude Code's own keys it would not understand. */
function claudeValues(fm: Record<string, unknown>, reasons: string[]): void {
  for (const k of ['disable-model-invocation', 'user-invocable']) {
    if (k in fm && typeof fm[k] !== 'boolean') reasons.push(`\`${k}\` is ${JSON.stringify(fm[k])}, not true or false.`);
  }
  if ('context' in fm && fm.context !== 'fork') reasons.push(`\`context\` is ${JSON.stringify(fm.context)}; the value Claude Code documents is \`fork\`.`);
  if ('agent' in fm && fm.context !== 'fork') reasons.push('`agent` has no effect without `context: fork`.');
  if ('hooks' in fm && (typeof fm.hooks !== 'object' || fm.hooks === null)) reasons.push('`hooks` is not a mapping of hook events.');
}
