/**
 * The Agent Skills of a folder as SEP-2640 serves them: each skill's `skill://<skill-path>/<file>` URIs (the
 * skill-path its folder's path below the served folder, its last segment the skill's name), its entry (the
 * SKILL.md URI, the front matter as it is written, every file with its SHA-256 and size), its directories, and
 * the skills that cannot be served and why (a name that is not its folder's, a skill over the limits every host
 * must accept: 512 files, 16 MiB). Built afresh from the disk when asked, so an edited skill is served as it is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { McpSkillResource, SkillRef } from '../contract';
import { readSkillMdFile, skillFiles, skillMdOf, validateDescription, validateName } from '../protocols/agent-skill';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
export const MAX_RESOURCES_PER_SKILL = 512;
export const MAX_BYTES_PER_SKILL = 16 * 1024 * 1024;
export const DIRECTORY_MIME = 'inode/directory';
export const INDEX_URI = 'skill://index.json';
/** The Agent Skills discovery index's schema, which `skill://index.json` follows (the extension's earlier enumeration, kept for hosts that read it). */
export const INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export interface ServedFile {
  uri: string;
  rel: string;
  abs: string;
  size: number;
  digest: string;
  mimeType: string;
}

export interface ServedSkill {
  /** `skill://<skill-path>/SKILL.md`. */
  uri: string;
  /** The skill's root directory resource: `skill://<skill-path>`. */
  root: string;
  skillPath: string;
  name: string;
  description: string;
  dir: string;
  frontmatter: Record<string, unknown>;
  files: ServedFile[];
  /** Directory resources below the root (relative paths). */
  dirs: string[];
}

export interface SkillCatalog {
  skills: ServedSkill[];
  /** Skills found but not served, each with why. */
  refused: { dir: string; reason: string }[];
}

/** The skills given (Agent Skill refs found below `folder`) as they are served. */
export function skillCatalog(folder: string, refs: SkillRef[]): SkillCatalog {
  const base = path.resolve(folder);
  const skills: ServedSkill[] = [];
  const refused: SkillCatalog['refused'] = [];
  for (const ref of refs.filter((r) => r.protocol === 'agent-skill')) {
    const dir = path.resolve(ref.dir);
    const md = skillMdOf(dir);
    if (!md || path.basename(md) !== 'SKILL.md') {
      refused.push({ dir, reason: 'its file is skill.md; the extension addresses SKILL.md by that name' });
      continue;
    }
    const read = readSkillMdFile(md);
    const fm = read.frontmatter;
    if (!fm) {
      refused.push({ dir, reason: read.problem?.message ?? 'its front matter cannot be read' });
      continue;
    }
    const rel = path.relative(base, dir).split(path.sep).join('/');
    const skillPath = rel && !rel.startsWith('..') ? rel : path.basename(dir);
    const name = typeof fm.name === 'string' ? fm.name : '';
    const description = typeof fm.description === 'string' ? fm.description : '';
    // The extension's rules: the specification's name and description rules, and the name as the path's last segment.
    const problems = [...validateName(fm.name), ...validateDescription(fm.description)];
    if (name !== skillPath.split('/').pop()) problems.unshift(`its name "${name}" is not the last segment of its path (${skillPath}), as the extension requires`);
    if (problems.length) {
      refused.push({ dir, reason: problems.join('; ') });
      continue;
    }
    const listing = skillFiles(dir, md);
    const root = `skill://${skillPath.split('/').map(encodeURIComponent).join('/')}`;
    const files = listing.files.map((f) => ({ uri: `${root}/${f.rel.split('/').map(encodeURIComponent).join('/')}`, rel: f.rel, abs: f.abs, size: f.bytes, digest: digestOf(f.abs), mimeType: mimeOf(f.rel) }));
    const bytes = files.reduce((n, f) => n + f.size, 0);
    if (listing.capped || files.length > MAX_RESOURCES_PER_SKILL || bytes > MAX_BYTES_PER_SKILL) {
      refused.push({ dir, reason: `it has ${listing.capped ? 'more than 2,000' : files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB: over the ${MAX_RESOURCES_PER_SKILL} files and 16 MiB every host must accept` });
      continue;
    }
    skills.push({ uri: `${root}/SKILL.md`, root, skillPath, name, description, dir, frontmatter: fm, files, dirs: listing.dirs });
  }
  skills.sort((a, b) => (a.uri < b.uri ? -1 : 1));
  return { skills, refused };
}

/** A skill's SEP-2640 entry: the same in `skills/list` and `skills/get`. */
export function entryOf(s: ServedSkill): { uri: string; frontmatter: Record<string, unknown>; resources: McpSkillResource[] } {
  return { uri: s.uri, frontmatter: s.frontmatter, resources: s.files.map((f) => ({ uri: f.uri, digest: f.digest, size: f.size })) };
}

/** `skill://index.json`, in the Agent Skills discovery index's format with `skill://` URLs. */
export function indexOf(catalog: SkillCatalog): string {
  const skills = catalog.skills.map((s) => ({ name: s.name, type: 'skill-md', description: s.description, url: s.uri, digest: s.files.find((f) => f.rel === 'SKILL.md')!.digest }));
  return `${JSON.stringify({ $schema: INDEX_SCHEMA, skills }, null, 2)}\n`;
}

export function digestOf(file: string): string {
  return `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
}

const MIME: Record<string, string> = {
  md: 'text/markdown', mdx: 'text/markdown', txt: 'text/plain', py: 'text/x-python', sh: 'text/x-shellscript', js: 'text/javascript', mjs: 'text/javascript', ts: 'text/x-typescript',
  json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', toml: 'application/toml', csv: 'text/csv', xml: 'application/xml', xsd: 'application/xml', html: 'text/html', htm: 'text/html', css: 'text/css',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', pdf: 'application/pdf', ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2', zip: 'application/zip',
};

export function mimeOf(rel: string): string {
  return MIME[/\.([^./]+)$/.exec(rel)?.[1]?.toLowerCase() ?? ''] ?? (/(^|\/)(LICENSE|README)[^/]*$/i.test(rel) ? 'text/plain' : 'application/octet-stream');
}

export function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || /json|yaml|toml|xml|svg/.test(mime);
}
