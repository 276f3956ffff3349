/**
 * MCP servers over Streamable HTTP on loopback (server-everything, with a bearer token kept in the encrypted
 * store), and the filesystem server on a temporary folder, through the workbench.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { FILESYSTEM, everythingHttp, mcpBench, mcpFolder } from './mcp-helpers';
import { eventually } from './helpers';
import { Workbench } from '../src-main/workbench/workbench';
import { readSettings } from '../src-main/runtime/skill-settings';
import { skillFolder } from '../src-main/host/workbench-home';

describe('an MCP server over Streamable HTTP', () => {
  it('is added by URL with a bearer token kept in the encrypted store, and speaks every feature the same way', async ({ cleanup }) => {
    const { url } = await everythingHttp(cleanup);
    const dir = cleanup.tempDir('mcp-http-');
    const home = cleanup.tempDir('mcp-home-');
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [dir], namedFolders: true }));
    const token = 'tok-7f3a9c1e5d2b8a64';
    const written = await wb.mcp.addMcpServer(dir, { name: 'web', transport: 'http', url, headers: { 'X-Client': 'skillbench' }, bearerToken: token });
    const id = `${path.basename(dir)}#web`;
    expect(written).toMatchObject({ file: path.join(fs.realpathSync(dir), '.mcp.json'), added: ['web'], replaced: [], skillIds: [id] });
    // The token is in the encrypted store, not in .mcp.json, the settings file, or anything the app is told.
    expect(fs.readFileSync(written.file, 'utf8')).not.toContain(token);
    expect(JSON.parse(fs.readFileSync(written.file, 'utf8')).mcpServers.web).toEqual({ type: 'http', url, headers: { 'X-Client': 'skillbench' } });
    expect(readSettings(skillFolder(home, id)).secretEnv).toEqual(['MCP_BEARER_TOKEN']);
    expect(fs.readFileSync(path.join(skillFolder(home, id), 'settings.json'), 'utf8')).not.toContain(token);

    await wb.startSkill(id);
    const server = await wb.mcp.mcpServerInfo(id);
    expect(server).toMatchObject({ transport: 'http', url, capabilities: { tools: true, resources: true } });
    const echo = await wb.callTool(id, 'get-structured-content', { location: 'Chicago' });
    expect(echo.outcome!.mcp!.structuredContent).toMatchObject({ temperature: expect.any(Number) });
    expect((await wb.mcp.mcpGetPrompt(id, 'simple-prompt', {})).messages.length).toBeGreaterThan(0);
    expect((await wb.mcp.mcpPing(id)).ms).toBeGreaterThanOrEqual(0);

    // Messages over HTTP go to the message history too.
    const messages = await wb.getMessages(id);
    expect(messages.some((m) => m.direction === 'out' && m.method === 'tools/call')).toBe(true);
    expect(messages.some((m) => m.direction === 'in' && m.kind === 'response')).toBe(true);
    expect(JSON.stringify(messages) + (await wb.getLogs(id)).map((l) => l.text).join('\n')).not.toContain(token);

    // Sampling over HTTP: the server's request reaches the user the same way.
    const asked: string[] = [];
    wb.events.on('mcpRequest', (r) => asked.push(r.requestId));
    const pending = wb.callTool(id, 'trigger-sampling-request', { prompt: 'Say hi' });
    const req = await new Promise<string>((resolve) => {
      const t = setInterval(() => asked[0] && (clearInterval(t), resolve(asked[0])), 20);
    });
    await wb.mcp.mcpAnswerSampling(req, { action: 'decline', reason: 'not now' });
    expect((await pending).outcome!.ok).toBe(false);
  });

  it('notices a server that went away, and reconnects once it is back, as the supervisor does for a process', async ({ cleanup }) => {
    const first = await everythingHttp(cleanup);
    const dir = mcpFolder(cleanup, { web: { type: 'http', url: first.url } });
    const { wb, id } = mcpBench(cleanup, dir, 'web');
    expect((await wb.callTool(id, 'echo', { message: 'one' })).outcome!.text).toBe('Echo: one');
    first.proc.kill('SIGKILL');
    await new Promise((resolve) => first.proc.once('exit', resolve));
    const lost = await wb.callTool(id, 'echo', { message: 'two' });
    expect(lost.outcome!.ok).toBe(false);
    await eventually(async () => (await wb.listSkills()).find((s) => s.id === id)?.crashes?.last.detail.includes('cannot be reached'), 10_000, 'the crash report');
    await everythingHttp(cleanup, first.port);
    await eventually(async () => (await wb.listSkills()).find((s) => s.id === id)?.status === 'ready', 30_000, 'the reconnection');
    expect((await wb.callTool(id, 'echo', { message: 'three' })).outcome!.text).toBe('Echo: three');
  });

  it('sends the bearer token as Authorization, and a refusal is said without it', async ({ cleanup }) => {
    const seen: (string | undefined)[] = [];
    const srv = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'nope' }));
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    cleanup.add({ close: () => new Promise((resolve) => srv.close(resolve)) });
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/mcp`;
    const dir = cleanup.tempDir('mcp-http-');
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [dir], namedFolders: true }));
    const token = 'tok-secret-0d9e8f7a6b';
    const { skillIds } = await wb.mcp.addMcpServer(dir, { name: 'guarded', transport: 'http', url, bearerToken: token });
    const err = await wb.startSkill(skillIds[0]).then(() => null, (e: Error) => e);
    expect(err).toBeTruthy();
    expect(seen[0]).toBe(`Bearer ${token}`);
    expect(err!.message).not.toContain(token);
  });

  it('refuses an address that is not http(s), and a folder that is not open', async ({ cleanup }) => {
    const dir = cleanup.tempDir('mcp-http-');
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir('mcp-home-'), kind: 'browser', folders: [dir], namedFolders: true }));
    await expect(wb.mcp.addMcpServer(dir, { name: 'x', transport: 'http', url: 'ftp://example.com' })).rejects.toThrow(/not an http\(s\) address/);
    await expect(wb.mcp.addMcpServer(cleanup.tempDir('elsewhere-'), { name: 'x', transport: 'stdio', command: 'node' })).rejects.toThrow(/not one of the open folders/);
    await expect(wb.mcp.addMcpServer(dir, { name: 'bad name!', transport: 'stdio', command: 'node' })).rejects.toThrow(/its name may use only/);
    expect(fs.existsSync(path.join(dir, '.mcp.json'))).toBe(false);
  });
});

describe('the filesystem server on a temporary folder', () => {
  it('lists and reads the folder it is given (its root is the skill folder), with structuredContent', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, {}, 'mcp-fs-');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'first line\nsecond line\n');
    fs.writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { files: { command: process.execPath, args: [FILESYSTEM, dir] } } }));
    const { wb, id } = mcpBench(cleanup, dir, 'files');
    const info = await wb.inspectSkill(id);
    expect(info.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'list_directory', 'write_file']));
    const read = await wb.callTool(id, 'read_text_file', { path: path.join(dir, 'notes.txt') });
    expect(read.outcome).toMatchObject({ ok: true, data: { content: 'first line\nsecond line\n' } });
    const listing = await wb.callTool(id, 'list_directory', { path: dir });
    expect(listing.outcome!.text).toContain('notes.txt');
    // Outside its folder: the server's own refusal, as a tool error.
    const outside = await wb.callTool(id, 'read_text_file', { path: '/etc/hostname' });
    expect(outside.outcome!.ok).toBe(false);
    expect(outside.outcome!.error!.message).toMatch(/denied|outside|allowed/i);
  });

  it('keeps the folders it was started with: the workbench gives no roots it was not asked to give', async ({ cleanup }) => {
    // server-filesystem replaces its folders with the client's roots: a root the workbench made up (the folder of
    // .mcp.json) would let it read what sits beside its own folder.
    const dir = mcpFolder(cleanup, {}, 'mcp-fs-');
    const allowed = path.join(dir, 'allowed');
    fs.mkdirSync(allowed);
    fs.writeFileSync(path.join(dir, 'beside.txt'), 'not for the server\n');
    fs.writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { files: { command: process.execPath, args: [FILESYSTEM, allowed] } } }));
    const { wb, id } = mcpBench(cleanup, dir, 'files');
    await wb.startSkill(id);
    expect(await wb.mcp.mcpGetRoots(id)).toEqual([]);
    const dirs = await wb.callTool(id, 'list_allowed_directories', {});
    expect(dirs.outcome!.text).toContain(fs.realpathSync(allowed));
    const beside = await wb.callTool(id, 'read_text_file', { path: path.join(dir, 'beside.txt') });
    expect(beside.outcome!.ok).toBe(false);
    expect((await wb.getMessages(id)).some((m) => m.method === 'roots/list')).toBe(false);
  });
});
