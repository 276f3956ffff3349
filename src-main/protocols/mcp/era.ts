/**
 * The protocol's two eras, as the client meets them. `legacy` is MCP up to 2025-11-25 (`initialize`, a session, the
 * server's own requests); `modern` is 2026-07-28 and after (stateless: `server/discover`, the version and the
 * client's capabilities in every request's `_meta`, questions to the user inside a call's answer). By default the
 * client asks `server/discover` first and falls back to `initialize` (`auto`); a server may be set to one era
 * (kept per server in the skill's folder under the home, `mcp-era.json`, or `--era` on the command line).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Client, VersionNegotiationMode } from '@modelcontextprotocol/client';
import type { McpEra, McpEraMode } from '../../contract';
import { writeFileAtomicSync } from '../../host/atomic-write';
import { PRIVATE, PRIVATE_DIR, skillFolder } from '../../host/workbench-home';

/** The revision a client set to `modern` asks for. */
export const MODERN_VERSION = '2026-07-28';
const FILE = 'mcp-era.json';
const MODES: McpEraMode[] = ['auto', 'legacy', 'modern'];

export function isEraMode(v: unknown): v is McpEraMode {
  return MODES.includes(v as McpEraMode);
}

/** The era chosen for a server: `auto` unless one was saved. */
export function eraMode(home: string, skillId: string): McpEraMode {
  try {
    const mode = (JSON.parse(fs.readFileSync(path.join(skillFolder(home, skillId), FILE), 'utf8')) as { mode?: unknown })?.mode;
    return isEraMode(mode) ? mode : 'auto';
  } catch {
    return 'auto';
  }
}

export function setEraMode(home: string, skillId: string, mode: McpEraMode): void {
  if (!isEraMode(mode)) throw new Error(`Choose the era auto, legacy or modern, not "${String(mode)}".`);
  const file = path.join(skillFolder(home, skillId), FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  writeFileAtomicSync(file, JSON.stringify({ mode }, null, 2) + '\n', PRIVATE);
}

/** The SDK's negotiation for a mode: `auto` probes, `modern` pins the revision (no fallback), `legacy` never probes. */
export function negotiationOf(mode: McpEraMode): VersionNegotiationMode {
  return mode === 'modern' ? { pin: MODERN_VERSION } : mode;
}

/** The era a connection settled on, and why, in words for the Server tab and `inspect`. */
export function eraOf(client: Client, mode: McpEraMode, chosenBy: string): { era: McpEra; reason: string; supportedVersions?: string[] } {
  const version = client.getNegotiatedProtocolVersion() ?? 'an unknown version';
  if (client.getProtocolEra() === 'modern') {
    const supported = client.getDiscoverResult()?.supportedVersions;
    const reason = `the server answered server/discover with ${version}${mode === 'modern' ? `; modern chosen ${chosenBy}` : ''}`;
    return { era: 'modern', reason, ...(supported?.length ? { supportedVersions: [...supported] } : {}) };
  }
  const why = mode === 'legacy' ? `legacy chosen ${chosenBy}` : 'the server did not take server/discover';
  return { era: 'legacy', reason: `initialize answered ${version}; ${why}` };
}
