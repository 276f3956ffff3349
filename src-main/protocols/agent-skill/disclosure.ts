/**
 * Progressive disclosure as an agent meets a skill, each layer with its size in tokens: the catalog entry (its
 * `<skill>` element in the `<available_skills>` block, in every session's prompt), the body (read when the
 * skill is activated), then every other file (read when the body leads to it). Files too large to be read whole
 * into a context, or not text, are listed with their size and not counted. Nothing is run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentSkillView, DisclosureLayer } from '../../contract';
import { catalogEntry } from './catalog';
import { isTextFile, skillFiles } from './files';
import { readOpenHuman } from './openhuman';
import { namedPaths } from './references';
import { scriptTools } from './scripts';
import { fieldText, readSkillMdFile, skillMdOf } from './skill-md';
import { TOKENIZER, tokenCounter } from './tokens';

/** A file larger than this is not counted (an agent would not read it whole either). */
export const MAX_COUNTED_BYTES = 512 * 1024;
/** Nor, all together, more than this much of one skill's files. */
export const MAX_COUNTED_TOTAL = 16 * 1024 * 1024;

export async function agentSkillView(dir: string): Promise<AgentSkillView> {
  const file = skillMdOf(dir);
  if (!file) throw new Error(`${dir} has no SKILL.md: it is not an Agent Skill.`);
  const count = await tokenCounter();
  const read = readSkillMdFile(file);
  const fm = read.frontmatter;
  const name = fieldText(fm, 'name')?.trim() || path.basename(dir);
  const description = fieldText(fm, 'description')?.trim();
  const entry = catalogEntry({ name, description: description ?? '', location: path.resolve(file) });
  const layers: DisclosureLayer[] = [
    { layer: 'catalog', label: 'Catalog entry', bytes: Buffer.byteLength(entry), lines: entry.split('\n').length, tokens: count(entry), text: entry },
    { layer: 'body', label: 'SKILL.md body', kind: 'skill-md', path: path.basename(file), bytes: Buffer.byteLength(read.body), lines: lineCount(read.body), tokens: count(read.body), text: read.body },
  ];
  const named = new Set(namedPaths(read.body, name).flatMap((r) => (r.rel ? [r.rel] : [])));
  const { files, capped } = skillFiles(dir, file);
  let counted = 0;
  for (const f of files) {
    if (f.kind === 'skill-md') continue;
    const layer: DisclosureLayer = { layer: 'resource', label: f.rel, path: f.rel, kind: f.kind, bytes: f.bytes, tokens: null, referenced: named.has(f.rel) || [...named].some((n) => f.rel.startsWith(`${n.replace(/\/$/, '')}/`)) || mentions(read.body, f.rel) };
    if (!isTextFile(f.abs)) layer.note = 'not text: an agent uses it as a file, not as words in its context';
    else if (f.bytes > MAX_COUNTED_BYTES) layer.note = `over ${MAX_COUNTED_BYTES / 1024} KB: not counted`;
    else if (counted + f.bytes > MAX_COUNTED_TOTAL) layer.note = 'not counted: the skill\'s files are over 16 MB together';
    else {
      try {
        const text = fs.readFileSync(f.abs, 'utf8');
        layer.tokens = count(text);
        layer.lines = lineCount(text);
        counted += f.bytes;
      } catch (err) {
        layer.note = `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
      }
    }
    layers.push(layer);
  }
  if (capped) layers.push({ layer: 'resource', label: capped, bytes: 0, tokens: null, note: capped });
  const allowed = fm?.['allowed-tools'];
  const allowedTools = typeof allowed === 'string' ? allowed.split(/\s+/).filter(Boolean) : Array.isArray(allowed) ? allowed.map(String) : [];
  const resources = layers.filter((l) => l.layer === 'resource' && l.tokens !== null).reduce((n, l) => n + (l.tokens ?? 0), 0);
  const openhuman = readOpenHuman(dir);
  return {
    name,
    ...(description ? { description } : {}),
    dir,
    skillMd: file,
    frontmatter: fm,
    allowedTools,
    layers,
    scripts: scriptTools(files),
    tokenizer: TOKENIZER,
    totals: { catalog: layers[0].tokens, body: layers[1].tokens, resources },
    ...(openhuman ? { openhuman } : {}),
  };
}

function lineCount(text: string): number {
  return text ? text.replace(/\n$/, '').split('\n').length : 0;
}

/** The body names the file by its path as a word of its own (`forms.md`, `scripts/fill.py`), link or not. */
function mentions(body: string, rel: string): boolean {
  const escaped = rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whatever the case: the body's intent is the file, even where it spells it otherwise (validation says so).
  return new RegExp(`(^|[^\\w/.-])${escaped}($|[^\\w/-])`, 'i').test(body);
}
