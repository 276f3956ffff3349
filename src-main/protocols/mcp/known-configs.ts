/**
 * Where the MCP tools people use keep their configurations, on each platform: Claude Desktop's
 * `claude_desktop_config.json`, Cursor's `~/.cursor/mcp.json`, VS Code's user `mcp.json`, and a project's
 * `.cursor/mcp.json` and `.vscode/mcp.json`. Only files that exist are returned; nothing is run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { McpConfigFound } from '../../contract';
import { readMcpConfigFile } from './config';

interface Place {
  file: string;
  source: string;
}

/** The user-level files of this platform. */
export function userConfigPlaces(home = os.homedir(), platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): Place[] {
  const appData = appDataDir(home, platform, env);
  return [
    { file: path.join(appData, 'Claude', 'claude_desktop_config.json'), source: 'Claude Desktop' },
    { file: path.join(home, '.cursor', 'mcp.json'), source: 'Cursor (this user)' },
    { file: path.join(appData, 'Code', 'User', 'mcp.json'), source: 'VS Code (this user)' },
  ];
}

/** Where desktop apps keep their settings on this platform (Claude Desktop's and VS Code's folders are in it). */
export function appDataDir(home: string, platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME ?? path.join(home, '.config');
}

/** A project folder's files. */
export function projectConfigPlaces(folder: string): Place[] {
  const name = path.basename(folder);
  return [
    { file: path.join(folder, '.cursor', 'mcp.json'), source: `Cursor (${name})` },
    { file: path.join(folder, '.vscode', 'mcp.json'), source: `VS Code (${name})` },
  ];
}

export function findConfigs(places: Place[]): McpConfigFound[] {
  const out: McpConfigFound[] = [];
  for (const p of places) {
    if (!fs.existsSync(p.file) || out.some((o) => o.file === p.file)) continue;
    const shape = p.file.endsWith('claude_desktop_config.json') ? 'claude-desktop' : p.file.includes(`${path.sep}.cursor${path.sep}`) ? 'cursor' : 'vscode';
    try {
      const parsed = readMcpConfigFile(p.file);
      out.push({ file: p.file, shape: parsed.shape, source: p.source, servers: parsed.servers.map((s) => s.name) });
    } catch (err) {
      out.push({ file: p.file, shape, source: p.source, servers: [], problem: (err as Error).message });
    }
  }
  return out;
}
