/**
 * MCP Apps and host profiles on the engine's side, against our fixture server (tests/fixtures/mcp-apps-server, the
 * MCP SDK's McpServer over stdio): the `ui://` resource read, checked and held for its frame with the spec's CSP,
 * served at MCP_APP_ROUTE sandboxed; and the server seeing each host profile's clientInfo, capabilities and
 * protocol version, chosen in the server's settings or by `--as`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { MCP_APP_ROUTE } from '../src-main/contract';
import { HOST_PROFILES } from '../src-main/common/mcp-host-profiles';
import { startServer } from '../src-main/server/serve';
import { appCsp, appResourceOf } from '../src-main/workbench/mcp-apps';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { ROOT } from './helpers';
import { mcpBench } from './mcp-helpers';
import { scaled } from './machine-factor';

const FIXTURE = path.join(ROOT, 'tests', 'fixtures', 'mcp-apps-server');

/** The fixture in a folder of the test's own (its `.mcp.json` runs `node server.mjs` there). */
function appFolder(dir: string): string {
  fs.copyFileSync(path.join(FIXTURE, 'server.mjs'), path.join(dir, 'server.mjs'));
  fs.writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { 'counter-app': { command: process.execPath, args: ['server.mjs'] } } }));
  return dir;
}

describe('MCP Apps: the ui:// resource for the frame', () => {
  it('reads the app, holds it with the spec’s policy, and serves it sandboxed at its route', async ({ cleanup }) => {
    const dir = appFolder(cleanup.tempDir('apps-'));
    // The server lives in the skill folder: node_modules is found from the repository (the fixture imports the SDK).
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const { wb, id } = mcpBench(cleanup, dir, 'counter-app');
    await wb.startSkill(id);
    const tools = (await wb.mcp.mcpListTools(id)).map((t) => [t.name, t._meta]);
    expect(tools).toContainEqual(['show-counter', { ui: { resourceUri: 'ui://counter/app.html' } }]);

    const app = await wb.mcp.mcpAppResource(id, 'ui://counter/app.html');
    expect(app).toMatchObject({ skillId: id, uri: 'ui://counter/app.html', prefersBorder: true, permissions: [], notes: [] });
    expect(app.src).toMatch(/^mcp-app\?id=[\w-]+$/);
    // Nothing declared: the spec's restrictive default (no connections, no frames).
    expect(app.csp).toContain("default-src 'none'");
    expect(app.csp).toContain("connect-src 'none'");
    expect(app.csp).toContain("frame-src 'none'");

    const server = cleanup.add(await startServer({ workbench: wb, rendererDir: cleanup.tempDir() }));
    const url = `http://127.0.0.1:${server.port}${MCP_APP_ROUTE}?${app.src.split('?')[1]}&token=${server.token}`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(`sandbox allow-scripts; ${app.csp}`);
    expect(await res.text()).toContain('<button id="add"');
    expect((await fetch(`http://127.0.0.1:${server.port}${MCP_APP_ROUTE}?id=nope&token=${server.token}`)).status).toBe(404);
    expect((await fetch(url.replace(/&token=.*/, ''))).status).toBe(401);

    await expect(wb.mcp.mcpAppResource(id, 'file:///etc/passwd')).rejects.toThrow(/not an MCP App resource/);
  }, scaled(60_000));

  it('builds the policy from the declared origins, leaving out what is not one', () => {
    const app = appResourceOf('s', 'ui://x', [
      {
        uri: 'ui://x',
        mimeType: 'text/html;profile=mcp-app',
        text: '<p>hi</p>',
        _meta: { ui: { csp: { connectDomains: ['https://api.example.com', "'unsafe-eval'"], resourceDomains: ['https://*.cdn.example'], frameDomains: 'https://x' }, permissions: { camera: {} } } },
      } as never,
    ]);
    expect(app.declared).toEqual({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example'] });
    expect(app.csp).toBe(appCsp(app.declared));
    expect(app.csp).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example");
    expect(app.csp).toContain('connect-src https://api.example.com');
    expect(app.notes.join(' ')).toMatch(/"'unsafe-eval'" is not an origin.*frameDomains is not a list.*camera/);
    expect(() => appResourceOf('s', 'ui://x', [{ uri: 'ui://x', mimeType: 'application/json', text: '{}' }])).toThrow(/not an MCP App/);
  });
});

describe('host profiles: connecting as another client would', () => {
  it('the server sees each profile’s clientInfo, capabilities and protocol version (--as)', async () => {
    for (const p of HOST_PROFILES) {
      const r = await cli(['call', FIXTURE, 'client-info', '--as', p.id, '--json']);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout).result).toEqual({ clientInfo: p.clientInfo, capabilities: p.capabilities, protocolVersion: p.protocolVersion });
    }
    // What the profile's client does not offer is refused as it would be: the server's tool fails, the log says why.
    const conformance = path.join(ROOT, 'tests', 'fixtures', 'mcp-conformance-server');
    const sampled = await cli(['call', conformance, 'test_sampling', '--as', 'claude-code', '--args', '{"prompt":"hi"}', '--json']);
    expect(JSON.stringify(JSON.parse(sampled.stdout).mcp)).toMatch(/Method not found/);
    const wrong = await cli(['call', FIXTURE, 'client-info', '--as', 'netscape']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--as takes a host profile: claude-desktop, claude-code, cursor, vscode, chatgpt/);
  }, scaled(60_000));

  it('the server’s settings choose one, and the Server tab’s answer says which', async ({ cleanup }) => {
    const dir = appFolder(cleanup.tempDir('apps-'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const { wb, id } = mcpBench(cleanup, dir, 'counter-app');
    await wb.updateSkillSettings(id, { hostProfile: 'claude-desktop' });
    const seen = await wb.callTool(id, 'client-info', {});
    expect(seen.outcome?.data).toEqual({ clientInfo: { name: 'claude-ai', version: '0.1.0' }, capabilities: {}, protocolVersion: '2025-06-18' });
    expect((await wb.mcp.mcpServerInfo(id)).connectedAs).toMatchObject({ profile: 'claude-desktop', label: 'Claude Desktop' });
    await expect(wb.updateSkillSettings(id, { hostProfile: 'netscape' })).rejects.toThrow(/no host profile "netscape"/);
    // "" is the workbench itself again.
    await wb.updateSkillSettings(id, { hostProfile: '' });
    await wb.restartSkill(id);
    const self = await wb.callTool(id, 'client-info', {});
    expect((self.outcome?.data as { clientInfo: { name: string } }).clientInfo.name).toBe('skillbench');
    expect((await wb.mcp.mcpServerInfo(id)).connectedAs).toMatchObject({ label: 'Skill Workbench', capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } });
  }, scaled(60_000));
});
