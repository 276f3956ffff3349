/**
 * The client side of the Skills extension (SEP-2640): a server that declares `io.modelcontextprotocol/skills`
 * has its skills listed (`skills/list`, every page), fetched one by one (`skills/get`) and its files read with
 * `resources/read`, each checked as a host must check it: against the entry it holds (size, then SHA-256; a
 * file the entry does not list fails), SKILL.md's front matter field by field against the entry's. Nothing read
 * is run. A skill URI is unique only within its server, so every entry carries the server's skill id.
 */
import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { McpSkillEntry, McpSkillFile, McpSkillResource } from '../../contract';
import { readSkillMd } from '../agent-skill';
import { isObject } from '../../common/values';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
const DIGEST = /^sha256:[0-9a-f]{64}$/;

const Entry = z.looseObject({ uri: z.string(), frontmatter: z.record(z.string(), z.unknown()), resources: z.unknown() });
const ListResult = z.looseObject({ skills: z.array(Entry), nextCursor: z.string().optional() });
const GetResult = z.looseObject({ skill: Entry });
const DirectoryResult = z.looseObject({ resources: z.array(z.looseObject({ uri: z.string(), name: z.string().optional(), mimeType: z.string().optional() })), nextCursor: z.string().optional() });

/** What the server declared of the extension, or null when it offers no skills. */
export function skillsSupport(client: { getServerCapabilities(): object | undefined }): { directoryRead: boolean } | null {
  const ext = (client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[SKILLS_EXTENSION];
  if (!isObject(ext)) return null;
  return { directoryRead: ext.directoryRead === true };
}

/** Every skill the server lists, each entry checked. */
export async function listSkills(client: Client, skillId: string, opts: { timeout?: number } = {}): Promise<McpSkillEntry[]> {
  const out: McpSkillEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: 'skills/list', params: cursor ? { cursor } : {} }, ListResult, opts);
    out.push(...page.skills.map((e) => entryOf(skillId, e)));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

export async function getSkill(client: Client, skillId: string, uri: string, opts: { timeout?: number } = {}): Promise<McpSkillEntry> {
  return entryOf(skillId, (await client.request({ method: 'skills/get', params: { uri } }, GetResult, opts)).skill);
}

/** The direct children of a directory resource (only on a server that declared `directoryRead`). */
export async function readSkillDirectory(client: Client, uri: string, opts: { timeout?: number } = {}): Promise<{ uri: string; name?: string; mimeType?: string }[]> {
  const out: { uri: string; name?: string; mimeType?: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: 'resources/directory/read', params: { uri, ...(cursor ? { cursor } : {}) } }, DirectoryResult, opts);
    out.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** An entry as the Skills view shows it, with what is wrong with it in words (a host must not load an entry without a manifest). */
export function entryOf(skillId: string, e: z.infer<typeof Entry>): McpSkillEntry {
  const problems: string[] = [];
  const name = typeof e.frontmatter.name === 'string' ? e.frontmatter.name : '';
  const description = typeof e.frontmatter.description === 'string' ? e.frontmatter.description : undefined;
  if (!name) problems.push('its front matter has no name');
  if (!description) problems.push('its front matter has no description');
  if (!/\/SKILL\.md$/.test(e.uri)) problems.push(`its URI ${e.uri} does not end in /SKILL.md`);
  const segments = e.uri.replace(/\/SKILL\.md$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/');
  if (name && decodeURIComponent(segments[segments.length - 1] ?? '') !== name) problems.push(`its name "${name}" is not the last segment of its path`);
  let resources: McpSkillResource[] | 'dynamic';
  if (e.resources === 'dynamic') resources = 'dynamic';
  else if (Array.isArray(e.resources) && e.resources.every((r) => isObject(r) && typeof r.uri === 'string' && typeof r.digest === 'string' && typeof r.size === 'number')) {
    resources = e.resources as McpSkillResource[];
    for (const r of resources) if (!DIGEST.test(r.digest)) problems.push(`${r.uri}: its digest ${r.digest} is not sha256: and 64 lowercase hex digits`);
    if (!resources.some((r) => r.uri === e.uri)) problems.push('its resources do not list its SKILL.md');
  } else {
    resources = [];
    problems.push('it has no valid resources (a list of files, or "dynamic"): a host must not load it');
  }
  return { skillId, uri: e.uri, name, ...(description ? { description } : {}), frontmatter: e.frontmatter, resources, problems };
}

/**
 * A file of a skill read and checked against the entry held: listed, of the size listed, of the digest listed;
 * a SKILL.md's front matter equal to the entry's. A file that fails is returned with `verified: false` and why.
 */
export async function readSkillFile(client: Client, entry: McpSkillEntry, uri: string, opts: { timeout?: number } = {}): Promise<McpSkillFile> {
  const listed = entry.resources === 'dynamic' ? null : entry.resources.find((r) => r.uri === uri);
  const result = await client.readResource({ uri }, { ...opts, cacheMode: 'bypass' });
  const c = result.contents.find((x) => x.uri === uri) ?? result.contents[0];
  const text = c && 'text' in c && typeof c.text === 'string' ? c.text : undefined;
  const blob = c && 'blob' in c && typeof c.blob === 'string' ? c.blob : undefined;
  const bytes = text !== undefined ? Buffer.from(text, 'utf8') : Buffer.from(blob ?? '', 'base64');
  const file: McpSkillFile = { uri, ...(text !== undefined ? { text } : {}), ...(blob !== undefined ? { blob } : {}), ...(c?.mimeType ? { mimeType: c.mimeType } : {}), verified: false };
  if (entry.resources === 'dynamic') {
    file.problem = 'the skill is dynamic: its server publishes no digests, so nothing can be verified';
  } else if (!listed) {
    file.problem = `${uri} is not listed in the skill's entry: a file it does not list is a change to the skill`;
  } else if (bytes.length !== listed.size) {
    file.problem = `${bytes.length} bytes read, ${listed.size} listed`;
  } else if (`sha256:${createHash('sha256').update(bytes).digest('hex')}` !== listed.digest) {
    file.problem = 'its SHA-256 is not the one listed';
  } else if (uri === entry.uri && text !== undefined) {
    const fm = readSkillMd(text).frontmatter;
    if (!fm || canonical(fm) !== canonical(entry.frontmatter)) file.problem = 'its front matter differs from the entry\'s';
  }
  if (!file.problem) file.verified = true;
  return file;
}

/** JSON with sorted keys, for comparing two front matters field by field. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}
