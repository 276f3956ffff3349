/**
 * MCP Apps (SEP-1865, 2026-01-26): a tool's `_meta.ui.resourceUri` names a `ui://` resource whose HTML the Tools tab
 * shows in a frame. The workbench reads it from the server, checks it is one (`text/html;profile=mcp-app`), builds
 * the Content-Security-Policy the spec asks for from the origins its `_meta.ui.csp` declares, and holds the document
 * here, served at MCP_APP_ROUTE with that policy and the `sandbox allow-scripts` directive (so the document is
 * sandboxed even if opened on its own). Held documents are few and bounded; each is kept until pushed out.
 */
import { randomBytes } from 'node:crypto';
import type { McpAppCsp, McpAppResource, McpResourceContents } from '../contract';
import { MCP_APP_ROUTE } from '../contract';

export const APP_MIME = 'text/html;profile=mcp-app';
/** An app's HTML larger than this is refused (the frame would have to load it all). */
export const MAX_APP_BYTES = 8 * 1024 * 1024;
const MAX_DOCS = 24;
const MAX_HELD_BYTES = 48 * 1024 * 1024;

interface Doc {
  html: string;
  csp: string;
  bytes: number;
}

export class McpAppDocs {
  private readonly docs = new Map<string, Doc>();
  private held = 0;

  put(html: string, csp: string): string {
    const id = randomBytes(18).toString('base64url');
    const bytes = Buffer.byteLength(html);
    this.docs.set(id, { html, csp, bytes });
    this.held += bytes;
    // The oldest go first: a frame still showing one keeps its document (loaded already).
    for (const [old, d] of this.docs) {
      if (this.docs.size <= MAX_DOCS && this.held <= MAX_HELD_BYTES) break;
      if (old === id) break;
      this.docs.delete(old);
      this.held -= d.bytes;
    }
    return id;
  }

  get(id: string | null): Doc | undefined {
    return id ? this.docs.get(id) : undefined;
  }

  /** The response for MCP_APP_ROUTE: the document with its own policy, or 404. */
  response(id: string | null): { status: number; headers: Record<string, string>; body: string } {
    const doc = this.get(id);
    if (!doc) return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'This app is no longer held: show it again from its tool.\n' };
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `sandbox allow-scripts; ${doc.csp}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
      body: doc.html,
    };
  }
}

/** An origin as a CSP source: `https://cdn.example.com`, `https://*.example.com`, `wss://host:443`; anything else is refused. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

function origins(list: unknown, field: string, notes: string[]): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    notes.push(`_meta.ui.csp.${field} is not a list: left out.`);
    return [];
  }
  const ok = list.filter((s): s is string => typeof s === 'string' && SOURCE.test(s));
  const bad = list.filter((s) => !(typeof s === 'string' && SOURCE.test(s)));
  if (bad.length) notes.push(`_meta.ui.csp.${field}: ${bad.map((b) => JSON.stringify(b)).join(', ')} ${bad.length === 1 ? 'is not an origin' : 'are not origins'}: left out.`);
  return ok;
}

/**
 * The spec's policy from the declared origins; none declared is its restrictive default. `'self'` is left out of
 * connect-src: the frame's own origin is the workbench's, which the app has no business reaching.
 */
export function appCsp(csp: McpAppCsp): string {
  const res = (csp.resourceDomains ?? []).join(' ');
  const with_ = (base: string, extra: string) => (extra ? `${base} ${extra}` : base);
  return [
    "default-src 'none'",
    with_("script-src 'self' 'unsafe-inline'", res),
    with_("style-src 'self' 'unsafe-inline'", res),
    `connect-src ${csp.connectDomains?.length ? csp.connectDomains.join(' ') : "'none'"}`,
    with_("img-src 'self' data:", res),
    with_("font-src 'self'", res),
    with_("media-src 'self' data:", res),
    `frame-src ${csp.frameDomains?.length ? csp.frameDomains.join(' ') : "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUriDomains?.length ? csp.baseUriDomains.join(' ') : "'self'"}`,
    "form-action 'none'",
  ].join('; ');
}

/** The app's document out of what `resources/read` answered: its HTML, policy and what it asks for; or why it is not one. */
export function appResourceOf(skillId: string, uri: string, contents: McpResourceContents[]): Omit<McpAppResource, 'src'> & { html: string } {
  if (!uri.startsWith('ui://')) throw new Error(`${uri} is not an MCP App resource: those are named ui://…`);
  const c = contents.find((x) => x.uri === uri) ?? contents[0];
  if (!c) throw new Error(`The server answered nothing for ${uri}.`);
  const notes: string[] = [];
  const mime = (c.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
  if (mime !== APP_MIME) {
    if (!mime.startsWith('text/html')) throw new Error(`${uri} is ${c.mimeType ? `of type ${c.mimeType}` : 'of no type'}, not an MCP App (${APP_MIME}).`);
    notes.push(`The server gives its type as ${c.mimeType}, not ${APP_MIME}: shown as an app all the same.`);
  }
  const html = typeof c.text === 'string' ? c.text : typeof c.blob === 'string' ? Buffer.from(c.blob, 'base64').toString('utf8') : null;
  if (html === null) throw new Error(`${uri} holds neither text nor a blob.`);
  const bytes = Buffer.byteLength(html);
  if (bytes > MAX_APP_BYTES) throw new Error(`${uri} is ${Math.round(bytes / 1024 / 1024)} MB of HTML, over the ${MAX_APP_BYTES / 1024 / 1024} MB an app may be.`);
  const ui = ((c as { _meta?: { ui?: Record<string, unknown> } })._meta?.ui ?? {}) as { csp?: Record<string, unknown>; permissions?: Record<string, unknown>; prefersBorder?: unknown; domain?: unknown };
  const raw = ui.csp && typeof ui.csp === 'object' ? ui.csp : {};
  const declared: McpAppCsp = {};
  for (const field of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = origins(raw[field], field, notes);
    if (list.length) declared[field] = list;
  }
  const permissions = ui.permissions && typeof ui.permissions === 'object' ? Object.keys(ui.permissions).filter((k) => ['camera', 'microphone', 'geolocation', 'clipboardWrite'].includes(k)) : [];
  if (permissions.length) notes.push(`It asks for ${permissions.join(', ')}: the workbench grants no browser permission to an app.`);
  if (typeof ui.domain === 'string') notes.push(`It asks for its own origin (${ui.domain}): the workbench gives every app a unique, opaque one.`);
  return {
    skillId,
    uri,
    html,
    csp: appCsp(declared),
    declared,
    permissions,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    bytes,
    notes,
  };
}

/** The frame's address, relative to the page (under browser mode's prefix, or app:// in the desktop app). */
export function appSrc(id: string): string {
  return `${MCP_APP_ROUTE.slice(1)}?id=${encodeURIComponent(id)}`;
}
