/**
 * The Agent Skills of a folder served over MCP as SEP-2640 (the Skills extension, final on 2026-09-13) defines,
 * on the MCP SDK's `Server`: the `io.modelcontextprotocol/skills` extension declared (with `directoryRead`) beside
 * the `resources` capability it requires; `skills/list` (paginated) and `skills/get` (-32602 for a URI that is no
 * skill's SKILL.md); every file a `skill://` resource read with `resources/read` (text as text, the rest base64);
 * `resources/directory/read` on every directory of the namespace; and `skill://index.json`, the discovery index of
 * the extension's earlier drafts, for hosts that still read it. Results carry `ttlMs` and `cacheScope` as the
 * extension's 2026-07-28 form asks; older clients ignore them. Nothing of a skill is run: the server only reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ProtocolError, ProtocolErrorCode, Server, type Transport } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import type { McpEra, SkillRef } from '../contract';
import { DIRECTORY_MIME, entryOf, INDEX_URI, indexOf, isTextMime, SKILLS_EXTENSION, skillCatalog, type ServedSkill, type SkillCatalog } from './skills-catalog';

/** Entries per page of `skills/list` and `resources/directory/read`. */
export const PAGE_SIZE = 50;
const TTL_MS = 60_000;

const ListSkills = { params: z.looseObject({ cursor: z.string().optional() }).optional() };
const GetSkill = { params: z.looseObject({ uri: z.string() }) };
const ReadDirectory = { params: z.looseObject({ uri: z.string(), cursor: z.string().optional() }) };

export interface SkillsServerOptions {
  /** The folder served: skill paths are relative to it. */
  folder: string;
  /** The Agent Skills below it, as discovery found them (called again whenever the catalog is read, so edits show). */
  refs: () => SkillRef[];
  name?: string;
  version?: string;
  /** How long a catalog read from the disk is used before it is read again (ms; default 1000). */
  cacheMs?: number;
}

export class SkillsServer {
  private readonly servers = new Set<Server>();

  constructor(private readonly opts: SkillsServerOptions) {}

  private cached: { at: number; catalog: SkillCatalog } | null = null;

  /** The catalog as the disk holds it (read again when it is older than `cacheMs`: a burst of reads hashes the files once). */
  catalog(): SkillCatalog {
    const now = performance.now();
    if (this.cached && now - this.cached.at < (this.opts.cacheMs ?? 1000)) return this.cached.catalog;
    const catalog = skillCatalog(this.opts.folder, this.opts.refs());
    this.cached = { at: now, catalog };
    return catalog;
  }

  /** A new MCP server for one legacy connection (an HTTP session). */
  async connect(transport: Transport): Promise<Server> {
    const server = this.newServer();
    await server.connect(transport);
    return server;
  }

  /** Both eras over one stdio connection: what the client opens with settles it. */
  serveStdio(transport: Transport): StdioServerHandle {
    return serveStdio(() => this.newServer(), { transport });
  }

  /** The server of one request of a modern HTTP client (or one stateless legacy request). */
  requestServer(_era: McpEra): Promise<Server> {
    return Promise.resolve(this.newServer());
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers].map((s) => s.close().catch(() => undefined)));
  }

  private newServer(): Server {
    const server = this.build();
    this.servers.add(server);
    const closed = server.onclose;
    server.onclose = () => {
      this.servers.delete(server);
      closed?.();
    };
    return server;
  }

  private build(): Server {
    const catalog = this.catalog();
    const server = new Server(
      { name: this.opts.name ?? `skills-${path.basename(path.resolve(this.opts.folder))}`, version: this.opts.version ?? '0.1.0' },
      {
        capabilities: { resources: {}, extensions: { [SKILLS_EXTENSION]: { directoryRead: true } } },
        instructions: `Agent Skills from ${path.basename(path.resolve(this.opts.folder))}: ${catalog.skills.map((s) => s.name).join(', ') || 'none'}. List them with skills/list; read each file at its skill:// URI.`,
      },
    );
    server.setRequestHandler('resources/list', () => {
      const c = this.catalog();
      return {
        resources: [
          { uri: INDEX_URI, name: 'index.json', description: 'The skills this server serves (Agent Skills discovery index)', mimeType: 'application/json' },
          ...c.skills.map((s) => ({ uri: s.uri, name: s.name, description: s.description, mimeType: 'text/markdown' })),
        ],
      };
    });
    server.setRequestHandler('resources/read', (req) => this.read(req.params.uri));
    server.setRequestHandler('skills/list', ListSkills, (params) => {
      const { page, nextCursor } = paged(this.catalog().skills, params?.cursor);
      return { skills: page.map(entryOf), ...(nextCursor ? { nextCursor } : {}), ttlMs: TTL_MS, cacheScope: 'public' };
    });
    server.setRequestHandler('skills/get', GetSkill, (params) => {
      const skill = this.catalog().skills.find((s) => s.uri === params.uri);
      if (!skill) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No skill is served at ${params.uri}`);
      return { skill: entryOf(skill), ttlMs: TTL_MS, cacheScope: 'public' };
    });
    server.setRequestHandler('resources/directory/read', ReadDirectory, (params) => {
      const children = directoryChildren(this.catalog().skills, params.uri.replace(/\/$/, ''));
      if (!children) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${params.uri} is not a directory resource of this server`);
      const { page, nextCursor } = paged(children, params.cursor);
      return { resources: page, ...(nextCursor ? { nextCursor } : {}) };
    });
    return server;
  }

  private read(uri: string): { contents: ({ uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string })[] } {
    const c = this.catalog();
    if (uri === INDEX_URI) return { contents: [{ uri, mimeType: 'application/json', text: indexOf(c) }] };
    for (const s of c.skills) {
      const f = s.files.find((x) => x.uri === uri);
      if (!f) continue;
      // The file as listed, and inside the skill's folder as the disk resolves it (a link may not lead out).
      const real = fs.realpathSync(f.abs);
      if (!real.startsWith(fs.realpathSync(s.dir) + path.sep)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${uri} leads outside its skill's folder`);
      const bytes = fs.readFileSync(real);
      // As text only where the text is the bytes (valid UTF-8): a host checks the digest of what it was sent.
      const text = isTextMime(f.mimeType) ? bytes.toString('utf8') : null;
      return { contents: [text !== null && Buffer.from(text, 'utf8').equals(bytes) ? { uri, mimeType: f.mimeType, text } : { uri, mimeType: f.mimeType, blob: bytes.toString('base64') }] };
    }
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No skill file is served at ${uri}`);
  }
}

/** The direct children of a directory resource (a skill's root or a folder in it, or a prefix of skill paths), or null when `uri` is none. */
export function directoryChildren(skills: ServedSkill[], uri: string): { uri: string; name: string; mimeType: string }[] | null {
  const out = new Map<string, { uri: string; name: string; mimeType: string }>();
  let isDir = false;
  for (const s of skills) {
    if (uri === s.root || uri.startsWith(`${s.root}/`)) {
      const sub = uri === s.root ? '' : decodeURIComponent(uri.slice(s.root.length + 1));
      if (sub && !s.dirs.includes(sub)) continue;
      isDir = true;
      const prefix = sub ? `${sub}/` : '';
      for (const f of s.files) {
        if (!f.rel.startsWith(prefix) || f.rel.slice(prefix.length).includes('/')) continue;
        out.set(f.uri, { uri: f.uri, name: path.posix.basename(f.rel), mimeType: f.mimeType });
      }
      for (const d of s.dirs) {
        if (!d.startsWith(prefix) || d.slice(prefix.length).includes('/') || d === sub) continue;
        const u = `${s.root}/${d.split('/').map(encodeURIComponent).join('/')}`;
        out.set(u, { uri: u, name: path.posix.basename(d), mimeType: DIRECTORY_MIME });
      }
    } else if (s.root.startsWith(`${uri}/`) && /^skill:\/\/./.test(uri)) {
      // A prefix of skill paths (`skill://acme` of `skill://acme/billing/refunds`): its next segments.
      isDir = true;
      const next = s.root.slice(uri.length + 1).split('/')[0];
      const u = `${uri}/${next}`;
      out.set(u, { uri: u, name: decodeURIComponent(next), mimeType: DIRECTORY_MIME });
    }
  }
  return isDir ? [...out.values()].sort((a, b) => (a.uri < b.uri ? -1 : 1)) : null;
}

/** One page of a list and the cursor of the next (an opaque offset). */
function paged<T>(items: T[], cursor: string | undefined): { page: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10);
  if (!Number.isInteger(start) || start < 0 || start > items.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The cursor ${cursor} is not one this server gave`);
  const end = start + PAGE_SIZE;
  return { page: items.slice(start, end), ...(end < items.length ? { nextCursor: Buffer.from(String(end)).toString('base64url') } : {}) };
}
