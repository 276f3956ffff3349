/**
 * `skillbench list|inspect|call` on MCP servers (the command line in process, real server-everything): named by a folder
 * holding `.mcp.json`, by `--mcp-config FILE --server NAME`, by `--command "…"`, or by `--url`; and a call
 * recorded against an MCP server, replayed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { EVERYTHING, everythingHttp, everythingStdio, mcpFolder } from './mcp-helpers';
import { serverNameOf } from '../src-main/cli/mcp-source';

const quoted = (s: string) => `'${s}'`;

describe('the command line on MCP servers', () => {
  it('lists the servers of a folder and of a configuration file', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio(), other: { url: 'http://127.0.0.1:1/mcp' } });
    const listed = await cli(['list', dir, '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((s: { id: string; protocol: string }) => [s.id, s.protocol])).toEqual([
      [`${path.basename(dir)}#everything`, 'mcp'],
      [`${path.basename(dir)}#other`, 'mcp'],
    ]);
    const claude = path.join(cleanup.tempDir(), 'claude_desktop_config.json');
    fs.writeFileSync(claude, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    const fromFile = await cli(['list', '--mcp-config', claude]);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain('everything');
    expect(fromFile.stdout).toContain('MCP server');
  });

  it('inspects a server of a folder (picked with --server) and of a config file, showing output schemas', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio(), other: { url: 'http://127.0.0.1:1/mcp' } });
    const shown = await cli(['inspect', dir, '--server', 'everything']);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('(MCP server)');
    expect(shown.stdout).toMatch(/Note: MCP server .+ over stdio, protocol \d{4}-\d{2}-\d{2}/);
    expect(shown.stdout).toContain('get-structured-content');
    expect(shown.stdout).toContain('Output:');

    const several = await cli(['inspect', dir]);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/holds 2 skills/);

    const cfg = path.join(cleanup.tempDir(), 'servers.json');
    fs.writeFileSync(cfg, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    const json = await cli(['inspect', '--mcp-config', cfg, '--server', 'everything', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ protocol: 'mcp', name: 'everything', capabilities: { persistent: true } });
  });

  it('calls a tool by --command and by --mcp-config, with structuredContent and the whole MCP answer in --json', async ({ cleanup }) => {
    const byCommand = await cli(['call', '--command', `${quoted(process.execPath)} ${quoted(EVERYTHING)} stdio`, 'echo', '--args', '{"message":"from the shell"}']);
    expect(byCommand.stderr).toBe('');
    expect(byCommand.stdout.trim()).toBe('Echo: from the shell');
    expect(byCommand.code).toBe(0);

    const cfg = path.join(cleanup.tempDir(), '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(cfg));
    fs.writeFileSync(cfg, JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    const structured = await cli(['call', '--mcp-config', cfg, '--server', 'everything', 'get-structured-content', '--args', '{"location":"Los Angeles"}', '--json']);
    expect(structured.code).toBe(0);
    const body = JSON.parse(structured.stdout);
    expect(body).toMatchObject({ ok: true, protocol: 'mcp', result: { temperature: expect.any(Number) }, mcp: { isError: false, structuredContent: { temperature: expect.any(Number) } } });

    const failed = await cli(['call', '--mcp-config', cfg, 'get-sum', '--args', '{"a":"x"}']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('get-sum failed');

    const wrong = await cli(['call', cfg, '--command', 'x', 'echo']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/not both/);
  });

  it('calls a tool of a server given by --url', async ({ cleanup }) => {
    const { url } = await everythingHttp(cleanup);
    const r = await cli(['call', '--url', url, '--header', 'X-Test: 1', 'get-sum', '--args', '{"a":2,"b":40}']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('42');
    expect(r.code).toBe(0);
  });

  it('records a call against an MCP server and replays it', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const rec = path.join(cleanup.tempDir(), 'echo.jsonl');
    const home = cleanup.tempDir('mcp-home-');
    const made = await cli(['call', dir, 'echo', '--args', '{"message":"again"}', '--record', rec], { home });
    expect(made.code).toBe(0);
    const lines = fs.readFileSync(rec, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'header', skill: { protocol: 'mcp', name: 'everything' } });
    expect(lines.some((l) => l.type === 'call' && l.tool === 'echo' && l.outcome.mcp.content[0].text === 'Echo: again')).toBe(true);
    expect(lines.some((l) => l.type === 'message' && l.message.method === 'tools/call')).toBe(true);
    const replayed = await cli(['replay', rec], { home, cwd: dir });
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/✓ \S+ echo/);
    expect(replayed.stdout).toContain('The call matched.');
  });
});

describe('a server started by --command is named after what it runs', () => {
  it('takes the package or script a runner starts, not the runner', () => {
    const name = (line: string) => serverNameOf(line.split(' '));
    expect(name('node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio')).toBe('server-everything');
    expect(name('npx -y @modelcontextprotocol/server-filesystem@2026.8.31 /tmp')).toBe('server-filesystem');
    expect(name('uvx mcp-server-fetch')).toBe('mcp-server-fetch');
    expect(name('python3 -m weather_server')).toBe('weather_server');
    expect(name('docker run -i --rm mcp/github')).toBe('github');
    expect(name('./bin/my-server.sh --verbose')).toBe('my-server');
    expect(name('node')).toBe('node');
  });
});
