/**
 * Skills over MCP (SEP-2640, the Skills extension), both ways: our server (`skillbench mcp <folder>`) read by the
 * MCP SDK's own Client, checked against the extension's rules and the behaviour of its reference implementation
 * (modelcontextprotocol/ext-skills: entries with the verbatim front matter and every file's SHA-256 and size,
 * -32602 for what is not served, paginated lists, directory resources); and our client (the MCP adapter) reading
 * a server's skills and verifying each file against the entry it holds, a changed file caught.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { it, type Cleanup } from './cleanup-fixture';
import { SkillsServer } from '../src-main/bridge/skills-server';
import { discover } from '../src-main/protocols/discover';
import { listSkills, readSkillDirectory, readSkillFile, skillsSupport } from '../src-main/protocols/mcp';
import { cli } from './cli-run';
import { FIXTURES, ROOT } from './helpers';

const ANTHROPIC = path.join(FIXTURES, 'agent-skills', 'anthropic-like');
const Any = z.looseObject({});

async function connected(cleanup: Cleanup, folder: string): Promise<{ client: Client; server: SkillsServer }> {
  const server = new SkillsServer({ folder, refs: () => discover(folder), cacheMs: 0 });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(b);
  cleanup.add({ close: async () => (await client.close(), await server.close()) });
  return { client, server };
}

/** The same, read by a client on the v2 SDK (the one the workbench's MCP adapter is built on). */
async function connectedV2(cleanup: Cleanup, folder: string): Promise<{ client: ClientV2; server: SkillsServer }> {
  const server = new SkillsServer({ folder, refs: () => discover(folder), cacheMs: 0 });
  const [a, b] = InMemoryV2.createLinkedPair();
  await server.connect(a);
  const client = new ClientV2({ name: 'test-host', version: '2.0.0' });
  await client.connect(b);
  cleanup.add({ close: async () => (await client.close(), await server.close()) });
  return { client, server };
}

const sha = (file: string) => `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;

async function refusal(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(McpError);
    return (err as McpError).code;
  }
  throw new Error('expected the request to be refused');
}

describe('our server, read by the MCP SDK client', () => {
  it('declares the extension, lists each skill with its verbatim front matter and a complete manifest, and refuses what it cannot serve', async ({ cleanup }) => {
    const folder = path.join(ANTHROPIC, 'skills');
    const { client, server } = await connected(cleanup, folder);
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } });
    expect(skillsSupport(client)).toEqual({ directoryRead: true });
    // long-desc's description is over 1,024 characters: not served, and said why.
    expect(server.catalog().refused).toEqual([{ dir: path.join(folder, 'long-desc'), reason: expect.stringMatching(/^Description exceeds 1024 character limit/) }]);
    const list = (await client.request({ method: 'skills/list', params: {} }, Any)) as { skills: { uri: string; frontmatter: unknown; resources: { uri: string; digest: string; size: number }[] }[]; ttlMs: number; cacheScope: string; nextCursor?: string };
    expect(list.skills.map((s) => s.uri)).toEqual(['skill://brand-kit/SKILL.md', 'skill://pdf-forms/SKILL.md']);
    expect(list).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'public' });
    expect(list.nextCursor).toBeUndefined();
    const pdf = list.skills[1];
    expect(pdf.frontmatter).toEqual({
      name: 'pdf-forms',
      description: 'Use this skill whenever the user wants to fill, read or check PDF forms. If the user mentions a .pdf file with fields, use this skill.',
      license: 'Proprietary. LICENSE.txt has complete terms',
    });
    const dir = path.join(folder, 'pdf-forms');
    expect(pdf.resources).toEqual(
      ['SKILL.md', 'LICENSE.txt', 'fields.md', 'forms.md', 'reference.md', 'scripts/check_fields.py'].map((rel) => ({ uri: `skill://pdf-forms/${rel}`, digest: sha(path.join(dir, rel)), size: fs.statSync(path.join(dir, rel)).size })),
    );
    const got = (await client.request({ method: 'skills/get', params: { uri: 'skill://pdf-forms/SKILL.md' } }, Any)) as { skill: unknown };
    expect(got.skill).toEqual(pdf);
    expect(await refusal(client.request({ method: 'skills/get', params: { uri: 'skill://long-desc/SKILL.md' } }, Any))).toBe(ErrorCode.InvalidParams);
    expect(await refusal(client.request({ method: 'skills/get', params: { uri: 'skill://pdf-forms/forms.md' } }, Any))).toBe(ErrorCode.InvalidParams);
  });

  it('serves every file as a resource (its bytes are the digest listed), the discovery index, and directories', async ({ cleanup }) => {
    const { client } = await connected(cleanup, ANTHROPIC);
    const md = await client.readResource({ uri: 'skill://skills/pdf-forms/SKILL.md' });
    const file = path.join(ANTHROPIC, 'skills', 'pdf-forms', 'SKILL.md');
    expect(md.contents).toEqual([{ uri: 'skill://skills/pdf-forms/SKILL.md', mimeType: 'text/markdown', text: fs.readFileSync(file, 'utf8') }]);
    expect(`sha256:${createHash('sha256').update((md.contents[0] as { text: string }).text).digest('hex')}`).toBe(sha(file));
    // The path's last segment must be the name: template/ holds template-skill, so it is not served.
    const index = JSON.parse(((await client.readResource({ uri: 'skill://index.json' })).contents[0] as { text: string }).text) as { $schema: string; skills: { name: string; type: string; url: string; digest: string }[] };
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.map((s) => [s.name, s.type, s.url])).toEqual([
      ['brand-kit', 'skill-md', 'skill://skills/brand-kit/SKILL.md'],
      ['pdf-forms', 'skill-md', 'skill://skills/pdf-forms/SKILL.md'],
    ]);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['skill://index.json', 'skill://skills/brand-kit/SKILL.md', 'skill://skills/pdf-forms/SKILL.md']);
    const dirRead = (uri: string) => client.request({ method: 'resources/directory/read', params: { uri } }, Any) as Promise<{ resources: { uri: string; name: string; mimeType: string }[] }>;
    expect((await dirRead('skill://skills')).resources).toEqual([
      { uri: 'skill://skills/brand-kit', name: 'brand-kit', mimeType: 'inode/directory' },
      { uri: 'skill://skills/pdf-forms', name: 'pdf-forms', mimeType: 'inode/directory' },
    ]);
    expect((await dirRead('skill://skills/pdf-forms')).resources.map((r) => [r.name, r.mimeType])).toEqual([
      ['LICENSE.txt', 'text/plain'], ['SKILL.md', 'text/markdown'], ['fields.md', 'text/markdown'], ['forms.md', 'text/markdown'], ['reference.md', 'text/markdown'], ['scripts', 'inode/directory'],
    ]);
    expect((await dirRead('skill://skills/pdf-forms/scripts')).resources).toEqual([{ uri: 'skill://skills/pdf-forms/scripts/check_fields.py', name: 'check_fields.py', mimeType: 'text/x-python' }]);
    expect(await refusal(dirRead('skill://skills/pdf-forms/SKILL.md'))).toBe(ErrorCode.InvalidParams);
    expect(await refusal(client.readResource({ uri: 'skill://skills/pdf-forms/../../template/SKILL.md' }))).toBe(ErrorCode.InvalidParams);
  });

  it('pages skills/list, each page whole entries, the cursor opaque', async ({ cleanup }) => {
    const folder = cleanup.tempDir();
    for (let i = 0; i < 53; i++) {
      const d = path.join(folder, `skill-${String(i).padStart(2, '0')}`);
      fs.mkdirSync(d);
      fs.writeFileSync(path.join(d, 'SKILL.md'), `---\nname: skill-${String(i).padStart(2, '0')}\ndescription: Skill number ${i}\n---\nBody ${i}\n`);
    }
    const { client } = await connected(cleanup, folder);
    const first = (await client.request({ method: 'skills/list', params: {} }, Any)) as { skills: unknown[]; nextCursor: string };
    expect(first.skills).toHaveLength(50);
    const second = (await client.request({ method: 'skills/list', params: { cursor: first.nextCursor } }, Any)) as { skills: { uri: string }[]; nextCursor?: string };
    expect(second.skills.map((s) => s.uri)).toEqual(['skill://skill-50/SKILL.md', 'skill://skill-51/SKILL.md', 'skill://skill-52/SKILL.md']);
    expect(second.nextCursor).toBeUndefined();
    expect(await refusal(client.request({ method: 'skills/list', params: { cursor: 'not-ours' } }, Any))).toBe(ErrorCode.InvalidParams);
  });
});

describe('our client, reading a server\'s skills', () => {
  it('lists them, and verifies each file read against the entry it holds: a changed file, an unlisted file and changed front matter are caught', async ({ cleanup }) => {
    const folder = cleanup.tempDir();
    fs.cpSync(path.join(ANTHROPIC, 'skills', 'pdf-forms'), path.join(folder, 'pdf-forms'), { recursive: true });
    const { client } = await connectedV2(cleanup, folder);
    const [entry] = await listSkills(client, 'srv#docs');
    expect(entry).toMatchObject({ skillId: 'srv#docs', uri: 'skill://pdf-forms/SKILL.md', name: 'pdf-forms', problems: [] });
    const md = await readSkillFile(client, entry, entry.uri);
    expect(md).toMatchObject({ verified: true, text: expect.stringContaining('# PDF forms') });
    expect(await readSkillDirectory(client, 'skill://pdf-forms/scripts')).toEqual([expect.objectContaining({ name: 'check_fields.py' })]);
    // The file changes after the entry was listed: its size no longer matches.
    fs.appendFileSync(path.join(folder, 'pdf-forms', 'forms.md'), '\nA line added later.\n');
    expect(await readSkillFile(client, entry, 'skill://pdf-forms/forms.md')).toMatchObject({ verified: false, problem: expect.stringMatching(/bytes read, \d+ listed/) });
    // Same size, other bytes: the digest.
    const ref = path.join(folder, 'pdf-forms', 'reference.md');
    fs.writeFileSync(ref, fs.readFileSync(ref, 'utf8').replace('AcroForm', 'AcroFORM'));
    expect(await readSkillFile(client, entry, 'skill://pdf-forms/reference.md')).toMatchObject({ verified: false, problem: 'its SHA-256 is not the one listed' });
    // A file the entry does not list is a change to the skill.
    fs.writeFileSync(path.join(folder, 'pdf-forms', 'new.md'), '# New\n');
    expect(await readSkillFile(client, entry, 'skill://pdf-forms/new.md')).toMatchObject({ verified: false, problem: expect.stringMatching(/not listed in the skill's entry/) });
    // Front matter that differs from the entry's fails even where the bytes match the listed digest.
    const skewed = { ...entry, frontmatter: { ...entry.frontmatter, description: 'Something else' } };
    expect(await readSkillFile(client, skewed, entry.uri)).toMatchObject({ verified: false, problem: "its front matter differs from the entry's" });
  });

  it('the MCP adapter reads the skills of `skillbench mcp <folder>` run as its own process (inspect --command)', async () => {
    const bin = path.join(ROOT, 'bin', 'skillbench.cjs');
    const r = await cli(['inspect', '--command', `node ${bin} mcp ${path.join(ANTHROPIC, 'skills')}`, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { protocol: string; skills: { name: string; uri: string; resources: unknown[]; problems: string[] }[] };
    expect(out.protocol).toBe('mcp');
    expect(out.skills.map((s) => [s.name, s.uri, s.problems])).toEqual([
      ['brand-kit', 'skill://brand-kit/SKILL.md', []],
      ['pdf-forms', 'skill://pdf-forms/SKILL.md', []],
    ]);
    expect(out.skills[1].resources).toHaveLength(6);
  });
});
