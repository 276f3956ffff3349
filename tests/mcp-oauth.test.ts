/**
 * OAuth 2.1 for HTTP MCP servers against a real local authorization server and a protected MCP server
 * (oauth-rig.ts): the workbench connects, lists and calls through the whole flow (discovery, registration or a
 * client metadata document, PKCE, the loopback redirect, the token), refreshes a short-lived token, recovers a
 * mid-session 401, steps up on a 403 insufficient_scope; the debugger's steps say what went wrong in plain words
 * and never show a secret.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { McpOAuthState, WorkbenchApi } from '../src-main/contract';
import { SecretStore } from '../src-main/host/secret-store';
import { McpOAuth } from '../src-main/protocols/mcp';
import { apiThrough, workbenchDoor } from '../src-main/workbench/door';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { eventually, waitFor } from './helpers';
import { collect, mcpFolder } from './mcp-helpers';
import { playBrowser, startRig, type Rig, type RigOptions } from './oauth-rig';

async function rigFor(cleanup: Cleanup, opts: RigOptions = {}): Promise<Rig> {
  return cleanup.add(await startRig(opts));
}

/** The app on a folder whose `.mcp.json` names the protected server; its "browser" is the test. */
function app(cleanup: Cleanup, rig: Rig, opened: string[] = []): { wb: Workbench; api: WorkbenchApi; id: string; home: string } {
  const dir = mcpFolder(cleanup, { protected: { type: 'http', url: rig.mcpUrl } });
  const home = cleanup.tempDir('oauth-home-');
  const wb = cleanup.add(
    new Workbench({
      home,
      kind: 'electron',
      folders: [dir],
      namedFolders: true,
      openExternal: (url) => {
        opened.push(url);
        void playBrowser(url);
        return Promise.resolve(true);
      },
    }),
  );
  return { wb, api: apiThrough(workbenchDoor(wb)), id: `${path.basename(dir)}#protected`, home };
}

/** One flow's steps by kind and outcome, in order. */
const shape = (s: McpOAuthState, flow = s.steps.at(-1)!.flow) => s.steps.filter((x) => x.flow === flow).map((x) => `${x.kind}:${x.outcome}`);

/** Nothing the authorization server issued appears in `text`. */
function leaksNone(rig: Rig, text: string): void {
  for (const t of rig.issued) expect(text).not.toContain(t);
}

/** A flow driven directly (no workbench): the command line's path. */
function direct(cleanup: Cleanup, rig: Rig, extra: Partial<ConstructorParameters<typeof McpOAuth>[0]> = {}): McpOAuth {
  const secrets = SecretStore.open(cleanup.tempDir('oauth-secrets-'));
  const oauth = new McpOAuth({ serverUrl: rig.mcpUrl, secrets, interactive: { open: (url) => (void playBrowser(url), true) }, ...extra });
  cleanup.add(oauth);
  return oauth;
}

describe('OAuth for an HTTP MCP server, in the app', () => {
  it('connects through the whole flow, lists and calls; the steps are shown with their secrets masked', async ({ cleanup }) => {
    const rig = await rigFor(cleanup);
    const opened: string[] = [];
    const { wb, api, id, home } = app(cleanup, rig, opened);
    const told = collect(wb, 'mcpOAuthStep');
    await api.startSkill(id);
    const tools = await api.mcpListTools(id);
    expect(tools.map((t) => t.name).sort()).toEqual(['admin', 'echo', 'whoami']);
    const call = await api.callTool(id, 'whoami', {});
    expect(call.outcome?.ok).toBe(true);
    expect(call.outcome?.text).toMatch(/^client_\S+ with mcp$/);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain(`${rig.issuer}/authorize?`);
    expect(rig.lastAuthorize?.get('code_challenge_method')).toBe('S256');
    expect(rig.lastAuthorize?.get('resource')).toBe(rig.mcpUrl);
    expect(rig.lastAuthorize?.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const state = await api.mcpOAuthState(id);
    expect(state.status).toBe('authorized');
    expect(state.registration).toBe('dynamic');
    expect(state.scope).toBe('mcp');
    expect(state.refreshable).toBe(true);
    const flow = state.steps.find((s) => s.kind === 'authorization')!.flow;
    expect(shape(state, flow)).toEqual([
      'challenge:info',
      'resource-metadata:ok',
      'auth-server-metadata:ok',
      'registration:ok',
      'authorization:waiting',
      'callback:ok',
      'token:ok',
      'done:ok',
    ]);
    const tokenStep = state.steps.find((s) => s.kind === 'token')!;
    expect(tokenStep.request?.body).toMatch(/code_verifier=•••• \(\d+ characters\)/);
    expect(tokenStep.response?.body).toMatch(/"access_token": "•••• \(\d+ characters\)"/);
    expect(tokenStep.response?.body).toMatch(/"refresh_token": "••••/);
    expect(told.length).toBeGreaterThanOrEqual(8);
    // Tokens are nowhere in clear: the answer, the events, the secrets file, the server's log and messages.
    leaksNone(rig, JSON.stringify(state) + JSON.stringify(told) + fs.readFileSync(path.join(home, 'secrets.json'), 'utf8'));
    leaksNone(rig, JSON.stringify(await api.getLogs(id)) + JSON.stringify(await api.getMessages(id)));
  });

  it('refreshes a short-lived token before it is sent', async ({ cleanup }) => {
    const rig = await rigFor(cleanup, { accessTtl: 1 });
    const { api, id } = app(cleanup, rig);
    expect((await api.callTool(id, 'echo', { text: 'one' })).outcome?.text).toBe('one');
    // A token that lives a second is refreshed before it is sent: no 401 needed.
    const before = rig.counts.unauthorized;
    expect((await api.callTool(id, 'echo', { text: 'two' })).outcome?.text).toBe('two');
    expect(rig.counts.refresh).toBeGreaterThanOrEqual(1);
    expect(rig.counts.unauthorized).toBe(before);
    const state = await api.mcpOAuthState(id);
    expect(state.steps.filter((s) => s.kind === 'refresh' && s.outcome === 'ok').length).toBe(rig.counts.refresh);
  });

  it('recovers a token revoked mid-session (the request sent again once), and steps up for a wider scope', async ({ cleanup }) => {
    const rig = await rigFor(cleanup);
    const opened: string[] = [];
    const { api, id } = app(cleanup, rig, opened);
    expect((await api.callTool(id, 'echo', { text: 'two' })).outcome?.text).toBe('two');
    // Revoked: the server answers 401 mid-session; the refresh token brings a new one and the call goes through.
    const mark = (await api.mcpOAuthState(id)).steps.at(-1)!.seq;
    rig.revoke('access');
    const calls = rig.counts.mcp;
    expect((await api.callTool(id, 'echo', { text: 'three' })).outcome?.text).toBe('three');
    expect(rig.counts.mcp).toBe(calls + 1);
    let state = await api.mcpOAuthState(id);
    expect(shape(state, state.steps.find((s) => s.kind === 'challenge' && s.seq > mark)!.flow)).toEqual([
      'challenge:info',
      'resource-metadata:ok',
      'auth-server-metadata:ok',
      'refresh:ok',
      'done:ok',
      'retry:ok',
    ]);

    // Refresh token revoked too: the user is sent to sign in again, then the request goes through.
    rig.revoke('refresh');
    expect((await api.callTool(id, 'echo', { text: 'four' })).outcome?.text).toBe('four');
    expect(opened).toHaveLength(2);

    // The admin tool needs a scope the token lacks: 403 insufficient_scope, a new sign-in for both scopes.
    const admin = await api.callTool(id, 'admin', {});
    expect(admin.outcome?.text).toBe('admin done');
    expect(opened).toHaveLength(3);
    expect(rig.lastAuthorize?.get('scope')).toBe('mcp admin');
    state = await api.mcpOAuthState(id);
    expect(state.scope).toBe('mcp admin');
    expect(state.steps.find((s) => s.kind === 'challenge' && s.response?.status === 403)?.problem).toMatch(/lacks the scope this request needs \(admin\)/);
  });

  it('signs in from the Authorization section (browser mode shows the address), starts the server, signs out; a stdio server and one with its own token have nothing to authorize', async ({ cleanup }) => {
    const rig = await rigFor(cleanup, { staticToken: 'own-token-0123456789' });
    const dir = mcpFolder(cleanup, {
      protected: { type: 'http', url: rig.mcpUrl },
      mine: { type: 'http', url: rig.mcpUrl, headers: { Authorization: 'Bearer own-token-0123456789' } },
      local: { command: process.execPath, args: ['-e', ''] },
    });
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [dir], namedFolders: true }));
    const api = apiThrough(workbenchDoor(wb));
    const id = (name: string) => `${path.basename(dir)}#${name}`;
    expect((await api.mcpOAuthState(id('local'))).status).toBe('not-http');
    expect((await api.mcpOAuthState(id('mine'))).status).toBe('own-token');
    expect((await api.callTool(id('mine'), 'whoami', {})).outcome?.text).toBe('own token');
    expect((await api.mcpOAuthState(id('protected'))).status).toBe('none');

    // Browser mode: nothing opens by itself; the section answers the address to open.
    const started = await api.mcpOAuthAuthorize(id('protected'));
    expect(started.status).toBe('authorizing');
    expect(started.authorizationUrl).toContain('/authorize?');
    expect((await playBrowser(started.authorizationUrl!)).text).toContain('Authorized');
    await eventually(async () => (await api.mcpOAuthState(id('protected'))).status === 'authorized', 5000, 'the sign-in to end');
    // Signed in, the server was started.
    await waitFor(() => wb.idleRuntime(id('protected')).status === 'ready', 5000, 'the server to connect');
    const out = await api.mcpOAuthLogout(id('protected'));
    expect(out.status).toBe('none');
    expect(out.steps.at(-1)?.title).toBe('Signed out');
  });
});

describe('OAuth flows and what the debugger says of their failures', () => {
  it('presents a client ID metadata document where the server takes them, registering nothing', async ({ cleanup }) => {
    const doc = 'https://client.example/skillbench/oauth-client.json';
    const rig = await rigFor(cleanup, { cimd: { [doc]: { client_id: doc, client_name: 'Skill Workbench', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none' } } });
    const oauth = direct(cleanup, rig, { clientMetadataUrl: doc });
    await oauth.authorize();
    const state = oauth.state();
    expect(rig.counts.register).toBe(0);
    expect(rig.lastAuthorize?.get('client_id')).toBe(doc);
    expect(state.registration).toBe('client-metadata-document');
    expect(state.steps.map((s) => s.kind)).toContain('client-metadata-document');
    // Without a document address the same server is registered with (the fallback), and the step says why.
    const fallback = direct(cleanup, rig);
    await fallback.authorize();
    expect(rig.counts.register).toBe(1);
    expect(fallback.state().steps.find((s) => s.kind === 'auth-server-metadata')?.problem).toMatch(/takes client ID metadata documents, but no document address is set/);
  });

  const faults: [string, RigOptions, RegExp, string][] = [
    ['a wrong issuer', { wrongIssuer: true }, /names the issuer https:\/\/elsewhere\.example, not http:\/\/127\.0\.0\.1:\d+ where it was fetched/, 'auth-server-metadata'],
    ['no PKCE S256', { pkce: 'plain' }, /supports PKCE only with plain, not S256/, 'auth-server-metadata'],
    ['no PKCE at all', { pkce: 'absent' }, /does not list code_challenge_methods_supported/, 'auth-server-metadata'],
    ['a refused redirect address', { refuseLoopback: true }, /refused the redirect address http:\/\/127\.0\.0\.1:\d+\/callback/, 'registration'],
    ['an expired code', { expiredCodes: true }, /refused the code \(invalid_grant\): it had expired, had been used already/, 'token'],
    ['a declined authorization', { deny: true }, /declined \(access_denied\)/, 'callback'],
    ['neither registration nor metadata documents', { dcr: false }, /takes neither a client ID metadata document from this client nor dynamic client registration/, 'done'],
  ];
  for (const [what, opts, words, kind] of faults) {
    it(`says what went wrong: ${what}`, async ({ cleanup }) => {
      const rig = await rigFor(cleanup, opts);
      const oauth = direct(cleanup, rig);
      await expect(oauth.authorize()).rejects.toThrow(words);
      const state = oauth.state();
      expect(state.status).toBe('failed');
      expect(state.error).toMatch(words);
      expect(state.steps.find((s) => s.kind === kind && s.outcome === 'error')?.problem).toMatch(words);
    });
  }

  it('turns away an answer whose state does not match, and stops waiting when cancelled', async ({ cleanup }) => {
    const rig = await rigFor(cleanup);
    let address = '';
    const oauth = direct(cleanup, rig, { interactive: { open: (url) => ((address = url), true) } });
    const flow = oauth.authorize();
    await waitFor(() => address, 5000, 'the address to open');
    const forged = await playBrowser(address, (back) => back.searchParams.set('state', 'forged'));
    expect(forged.status).toBe(400);
    expect(oauth.state().steps.find((s) => s.kind === 'callback')?.problem).toMatch(/state did not match the one sent: it was turned away/);
    expect(oauth.state().status).toBe('authorizing');
    oauth.cancel();
    await expect(flow).rejects.toThrow(/cancelled before the browser came back/);
  });

  it('a 401 without an OAuth challenge asks for a credential of another kind, and no sign-in starts', async ({ cleanup }) => {
    const srv = http.createServer((_req, res) => res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' }).end());
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    cleanup.add({ close: () => new Promise((resolve) => srv.close(resolve)) });
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/mcp`;
    let opened = 0;
    const dir = mcpFolder(cleanup, { basic: { type: 'http', url } });
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'electron', folders: [dir], namedFolders: true, openExternal: () => Promise.resolve(!!++opened) }));
    const api = apiThrough(workbenchDoor(wb));
    await expect(api.inspectSkill(`${path.basename(dir)}#basic`)).rejects.toThrow(/answered 401 without an OAuth challenge .* Give it a bearer token/);
    expect(opened).toBe(0);
  });

  it('without anyone to sign in (the command line), names the command that does', async ({ cleanup }) => {
    const rig = await rigFor(cleanup);
    const oauth = direct(cleanup, rig, { interactive: undefined });
    const res = oauth.fetch(rig.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    await expect(res).rejects.toThrow(/wants authorization \(OAuth\), and none is kept for it here\. Run .*auth http:\/\/127\.0\.0\.1:\d+\/mcp to sign in/);
  });
});
