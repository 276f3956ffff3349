/**
 * MCP configurations users already have, read and imported: Claude Desktop, Cursor, VS Code and a project's
 * `.mcp.json`; merged into a folder's `.mcp.json` atomically, the folder's servers then in the workspace.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { discover } from '../src-main/protocols/discover';
import { expandVars, readMcpConfigFile } from '../src-main/protocols/mcp/config';
import { EVERYTHING } from './mcp-helpers';
import { findConfigs, userConfigPlaces } from '../src-main/protocols/mcp/known-configs';

function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

describe('reading MCP configurations', () => {
  it("reads Claude Desktop's file (mcpServers, stdio)", ({ cleanup }) => {
    const file = write(path.join(cleanup.tempDir(), 'claude_desktop_config.json'), JSON.stringify({
      mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } } },
      globalShortcut: 'Ctrl+Space',
    }));
    expect(readMcpConfigFile(file)).toEqual({
      shape: 'claude-desktop',
      servers: [{ name: 'fs', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } }],
      skipped: [],
      notes: [],
    });
  });

  it("reads Cursor's .cursor/mcp.json, URL servers with headers included, and skips what cannot be used", ({ cleanup }) => {
    const file = write(path.join(cleanup.tempDir(), '.cursor', 'mcp.json'), JSON.stringify({
      mcpServers: {
        remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
        local: { command: 'python', args: ['server.py'] },
        old: { url: 'https://old.example.com/sse', type: 'sse' },
        broken: { args: ['x'] },
      },
    }));
    const parsed = readMcpConfigFile(file);
    expect(parsed.shape).toBe('cursor');
    expect(parsed.servers).toEqual([
      { name: 'remote', transport: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
      { name: 'local', transport: 'stdio', command: 'python', args: ['server.py'] },
    ]);
    expect(parsed.skipped.map((s) => s.name)).toEqual(['old', 'broken']);
    expect(parsed.skipped[0].reason).toMatch(/SSE/);
    expect(parsed.skipped[1].reason).toMatch(/neither a "command" nor a "url"/);
  });

  it("reads VS Code's .vscode/mcp.json (servers, type, inputs as variables), comments and trailing commas included", ({ cleanup }) => {
    const file = write(path.join(cleanup.tempDir(), '.vscode', 'mcp.json'), `{
      // VS Code allows comments
      "inputs": [{ "type": "promptString", "id": "api-key", "description": "Your API key", "password": true }],
      "servers": {
        "github": { "type": "http", "url": "https://api.example.com/mcp/", "headers": { "Authorization": "Bearer \${input:api-key}" } },
        "memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], },
      },
    }`);
    const parsed = readMcpConfigFile(file);
    expect(parsed.shape).toBe('vscode');
    expect(parsed.servers).toEqual([
      { name: 'github', transport: 'http', url: 'https://api.example.com/mcp/', headers: { Authorization: 'Bearer ${API_KEY}' } },
      { name: 'memory', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
    ]);
    expect(parsed.notes).toEqual(['github: set API_KEY as a secret in the skill\'s settings (VS Code asked for "Your API key").']);
  });

  it("reads a project's .mcp.json (Claude Code's, type http too), and says plainly what is wrong with a broken one", ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const file = write(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { a: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, b: { command: 'node', args: ['s.js'], cwd: 'sub' } } }));
    expect(readMcpConfigFile(file)).toMatchObject({ shape: 'mcp.json', servers: [{ name: 'a', transport: 'http' }, { name: 'b', transport: 'stdio', cwd: 'sub' }] });
    write(file, '{"mcpServers": [1, 2]}');
    expect(() => readMcpConfigFile(file)).toThrow(/has no "mcpServers" object/);
    write(file, '{ nope');
    expect(() => readMcpConfigFile(file)).toThrow(/is not valid JSON/);
    expect(() => readMcpConfigFile(path.join(dir, 'missing.json'))).toThrow(/There is no file/);
  });

  it('fills in ${VARS} from the settings, then the environment, else says which one is missing', () => {
    expect(expandVars('Bearer ${TOKEN}', { TOKEN: 'abc' }, {}, 's')).toBe('Bearer abc');
    expect(expandVars('${HOME_X:-/fallback}/x', {}, {}, 's')).toBe('/fallback/x');
    expect(expandVars('${FROM_ENV}', {}, { FROM_ENV: 'e' }, 's')).toBe('e');
    expect(() => expandVars('${NOPE}', {}, {}, 'srv')).toThrow(/"srv" needs the variable NOPE/);
  });
});

describe('a folder with .mcp.json in the workspace', () => {
  it('shows each server as a skill folder#server, and still finds the skills below it', ({ cleanup }) => {
    const dir = cleanup.tempDir('proj-');
    write(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { one: { command: 'node' }, two: { url: 'http://127.0.0.1:1/mcp' } } }));
    const refs = discover(dir);
    expect(refs.map((r) => [r.id, r.protocol, r.name])).toEqual([
      [`${path.basename(dir)}#one`, 'mcp', 'one'],
      [`${path.basename(dir)}#two`, 'mcp', 'two'],
    ]);
  });

  it('imports each of the four shapes into a folder, merging with what its .mcp.json already holds, atomically', async ({ cleanup }) => {
    const src = cleanup.tempDir('src-');
    const target = cleanup.tempDir('target-');
    write(path.join(target, '.mcp.json'), JSON.stringify({ mcpServers: { kept: { command: 'node', args: ['kept.js'] } }, other: 'untouched' }));
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [target], namedFolders: true }));

    const claude = write(path.join(src, 'claude_desktop_config.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } }));
    const preview = await wb.mcp.readMcpConfig(claude);
    expect(preview.servers.map((s) => s.name)).toEqual(['everything']);
    const first = await wb.mcp.importMcpConfig(claude, target);
    const base = path.basename(target);
    expect(first).toMatchObject({ shape: 'claude-desktop', added: ['everything'], replaced: [], skillIds: [`${base}#everything`] });
    const cursor = write(path.join(src, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { remote: { url: 'http://127.0.0.1:1/mcp' } } }));
    expect(await wb.mcp.importMcpConfig(cursor, target)).toMatchObject({ shape: 'cursor', added: ['remote'] });
    const vscode = write(path.join(src, '.vscode', 'mcp.json'), JSON.stringify({ servers: { kept: { type: 'stdio', command: 'python3', args: ['k.py'] }, extra: { type: 'stdio', command: 'x' } } }));
    expect(await wb.mcp.importMcpConfig(vscode, target, ['kept'])).toMatchObject({ shape: 'vscode', added: [], replaced: ['kept'] });
    const project = write(path.join(src, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { type: 'http', url: 'http://127.0.0.1:2/mcp' } } }));
    expect(await wb.mcp.importMcpConfig(project, target)).toMatchObject({ shape: 'mcp.json', added: ['proj'] });

    const doc = JSON.parse(fs.readFileSync(path.join(target, '.mcp.json'), 'utf8'));
    expect(doc.other).toBe('untouched');
    expect(Object.keys(doc.mcpServers)).toEqual(['kept', 'everything', 'remote', 'proj']);
    expect(doc.mcpServers.kept).toEqual({ command: 'python3', args: ['k.py'] });
    expect(fs.readdirSync(target).filter((f) => f !== '.mcp.json')).toEqual([]);
    const ids = (await wb.listSkills()).filter((s) => s.protocol === 'mcp').map((s) => s.id).sort();
    expect(ids).toEqual(['everything', 'kept', 'proj', 'remote'].map((n) => `${base}#${n}`));
    // The imported server runs.
    expect((await wb.callTool(`${base}#everything`, 'echo', { message: 'imported' })).outcome!.text).toBe('Echo: imported');

    // A broken .mcp.json in the target is refused and left as it is.
    write(path.join(target, '.mcp.json'), '{ broken');
    await expect(wb.mcp.importMcpConfig(project, target)).rejects.toThrow(/fix it first; it was left as it is/);
    expect(fs.readFileSync(path.join(target, '.mcp.json'), 'utf8')).toBe('{ broken');
    await expect(wb.mcp.importMcpConfig(vscode, target, ['nobody'])).rejects.toThrow(/no usable server named nobody/);
  });

  it("finds the configurations of Claude Desktop, Cursor and VS Code where they keep them, and the open folders' own", async ({ cleanup }) => {
    const home = cleanup.tempDir('user-');
    const places = userConfigPlaces(home, 'linux', {});
    write(places[0].file, JSON.stringify({ mcpServers: { a: { command: 'x' } } }));
    write(places[1].file, '{ broken');
    expect(findConfigs(places)).toEqual([
      { file: path.join(home, '.config', 'Claude', 'claude_desktop_config.json'), shape: 'claude-desktop', source: 'Claude Desktop', servers: ['a'] },
      { file: path.join(home, '.cursor', 'mcp.json'), shape: 'cursor', source: 'Cursor (this user)', servers: [], problem: expect.stringMatching(/not valid JSON/) },
    ]);
    expect(userConfigPlaces('/Users/ada', 'darwin', {})[2].file).toBe('/Users/ada/Library/Application Support/Code/User/mcp.json');

    const project = cleanup.tempDir('proj-');
    write(path.join(project, '.vscode', 'mcp.json'), JSON.stringify({ servers: { b: { type: 'stdio', command: 'y' } } }));
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [project], namedFolders: true }));
    const found = await wb.mcp.findMcpConfigs();
    expect(found.find((f) => f.file === path.join(project, '.vscode', 'mcp.json'))).toEqual({
      file: path.join(project, '.vscode', 'mcp.json'), shape: 'vscode', source: `VS Code (${path.basename(project)})`, servers: ['b'],
    });
  });

  it('adds one server by command, args and env', async ({ cleanup }) => {
    const target = cleanup.tempDir('target-');
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [target], namedFolders: true }));
    const w = await wb.mcp.addMcpServer(target, { name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: { GREETING: 'hi' } });
    expect(w.skillIds).toEqual([`${path.basename(target)}#everything`]);
    const env = await wb.callTool(w.skillIds[0], 'get-env', {});
    expect(env.outcome!.text).toContain('"GREETING": "hi"');
    // Only the safe variables and its own reach it, not the whole environment.
    expect(env.outcome!.text).not.toContain('VITEST');
  });
});
