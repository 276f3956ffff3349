/**
 * MCP servers, the fifth protocol: a folder's `.mcp.json` shows each of its servers as a skill
 * (`folder#server`), run by the MCP SDK's client over the workbench's own process and logs (adapter.ts).
 * The folder is still looked through for other skills: a project's `.mcp.json` sits at its root.
 */
import path from 'node:path';
import type { McpServerConfig, SkillRef } from '../../contract';
import type { ProtocolModule } from '../adapter';
import { makeRef } from '../refs';
import { McpSkill } from './adapter';
import { folderServers, MCP_JSON, readMcpConfigFile } from './config';

/** The skills a config file's servers are; `dir` is the folder they run in and are given as their root. */
export function refsOf(servers: McpServerConfig[], file: string, dir: string, root: string): SkillRef[] {
  return servers.map((s) =>
    makeRef({
      name: s.name,
      protocol: 'mcp',
      dir,
      root,
      entry: file,
      several: true,
      description: s.transport === 'http' ? `MCP server at ${s.url}` : `MCP server: ${[s.command, ...(s.args ?? [])].join(' ')}`,
    }),
  );
}

/** The folder a config file's servers belong to: a `.cursor` or `.vscode` file's project, else its own folder. */
export function projectOf(file: string): string {
  const dir = path.dirname(path.resolve(file));
  return ['.cursor', '.vscode'].includes(path.basename(dir)) ? path.dirname(dir) : dir;
}

export const mcpProtocol: ProtocolModule = {
  protocol: 'mcp',
  detect(dir, root) {
    return refsOf(folderServers(dir), path.join(dir, MCP_JSON), dir, root);
  },
  detectFile(file) {
    // A configuration named directly (a path to .mcp.json, Claude Desktop's, Cursor's or VS Code's file).
    if (!/(^|[\\/])(\.mcp\.json|mcp\.json|claude_desktop_config\.json)$/.test(file)) return [];
    let servers: McpServerConfig[];
    try {
      servers = readMcpConfigFile(file).servers;
    } catch {
      return [];
    }
    const dir = projectOf(file);
    return refsOf(servers, path.resolve(file), dir, dir);
  },
  create: (ref, ctx) => new McpSkill(ref, ctx),
  perCall: false,
  hostServices: false,
  walkInside: true,
};

// The protocol's public face: what the rest of the engine uses of it.
export { BEARER_TOKEN_VAR } from './adapter';
export { eraMode, isEraMode, setEraMode } from './era';
export { type ParsedConfig, entryOf, mergeIntoFolder, parseMcpConfig, readMcpConfigFile } from './config';
export { appDataDir, findConfigs, projectConfigPlaces, userConfigPlaces } from './known-configs';
export { entryOf as skillEntryOf, getSkill, listSkills, readSkillDirectory, readSkillFile, skillsSupport, SKILLS_EXTENSION } from './skills';
export { AuthorizationFailed, AuthorizationNeeded, CLIENT_METADATA_URL_VAR, DEFAULT_WAIT_MS, McpOAuth, serverKey } from './oauth';
export { stripPrefix } from './results';
