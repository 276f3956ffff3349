/**
 * `skillbench auth <url>` against the local authorization server (oauth-rig.ts), in a real process as a user runs
 * it: it prints the address, the test plays the browser, the tokens land in the encrypted store; then `call --url`
 * (a real process), `inspect --url` and the `mcp --url` bridge use them. Without them, the command line says
 * which command signs in; a refused sign-in exits 1, a command that cannot run exits 2.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli, cliProcess } from './cli-run';
import { ROOT } from './helpers';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN } from './mcp-bridge-client';
import { freePort } from './mcp-helpers';
import { playBrowser, startRig } from './oauth-rig';

/** `skillbench auth …` in a process of its own; `browse` gets the address it prints, as a user would. */
function authProcess(args: string[], home: string, browse: (address: string) => Promise<unknown>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'skillbench.cjs'), 'auth', ...args], { cwd: ROOT, env: { ...process.env, SKILLBENCH_HOME: home, BROWSER: 'none', TMPDIR: path.join(home, 'tmp') } });
    let stdout = '';
    let stderr = '';
    let browsed = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      const address = /^ {2}(http\S+)$/m.exec(stderr)?.[1];
      if (address && !browsed) {
        browsed = true;
        browse(address).catch(reject);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('skillbench auth', () => {
  it('signs in device-style in a real process; call, inspect and the mcp bridge then use the stored token', async ({ cleanup }) => {
    const rig = cleanup.add(await startRig());
    const home = cleanup.tempDir('oauth-cli-');
    // The processes' temporary configs (`--url`) go under the home, not beside other tests' (tests/cli.test.ts counts those).
    const TMPDIR = path.join(home, 'tmp');
    fs.mkdirSync(TMPDIR);
    // Nothing kept yet: the command line names the command that signs in, and cannot run (2).
    const before = await cli(['call', '--url', rig.mcpUrl, 'whoami'], { home });
    expect(before.code).toBe(2);
    expect(before.stderr).toMatch(/wants authorization \(OAuth\), and none is kept for it here\. Run .*auth http:\/\/127\.0\.0\.1:\d+\/mcp to sign in/);

    const signedIn = await authProcess([rig.mcpUrl, '--no-open', '--json'], home, (address) => playBrowser(address));
    expect(signedIn.stderr).toContain(`To sign in to ${rig.mcpUrl}, open this address`);
    expect(signedIn.code).toBe(0);
    const answer = JSON.parse(signedIn.stdout) as { ok: boolean; status: string; scope: string; registration: string; steps: { kind: string }[] };
    expect(answer).toMatchObject({ ok: true, status: 'authorized', scope: 'mcp', registration: 'dynamic' });
    expect(answer.steps.map((s) => s.kind)).toEqual(['challenge', 'resource-metadata', 'auth-server-metadata', 'registration', 'authorization', 'callback', 'token', 'done']);
    for (const t of rig.issued) expect(signedIn.stdout + signedIn.stderr + fs.readFileSync(path.join(home, 'secrets.json'), 'utf8')).not.toContain(t);

    const called = await cliProcess(['call', '--url', rig.mcpUrl, 'whoami'], { home, env: { TMPDIR } });
    expect(called.stderr).toBe('');
    expect(called.code).toBe(0);
    expect(called.stdout.trim()).toMatch(/^client_\S+ with mcp$/);

    const inspected = await cli(['inspect', '--url', rig.mcpUrl, '--json'], { home });
    expect(inspected.code).toBe(0);
    expect((JSON.parse(inspected.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name).sort()).toEqual(['admin', 'echo', 'whoami']);

    // A revoked access token mid-way: the bridge refreshes it, as it does a short-lived one.
    rig.revoke('access');
    const bridge = new Client({ name: 'oauth-test', version: '1.0.0' });
    await bridge.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--url', rig.mcpUrl], env: { PATH: process.env.PATH ?? '', SKILLBENCH_HOME: home, TMPDIR }, cwd: ROOT }));
    cleanup.add(bridge);
    const echoed = await bridge.callTool({ name: 'echo', arguments: { text: 'through the bridge' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'through the bridge' }]);
    expect(rig.counts.refresh).toBe(1);

    const out = await cli(['auth', rig.mcpUrl, '--logout'], { home });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Signed out of ${rig.mcpUrl}`);
  });

  it('exits 1 when the sign-in is refused, 2 when it cannot run, and asks for a wider scope with --scope', async ({ cleanup }) => {
    const refused = cleanup.add(await startRig({ wrongIssuer: true }));
    const r = await cli(['auth', refused.mcpUrl, '--no-open'], { env: { BROWSER: 'none' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/names the issuer https:\/\/elsewhere\.example/);
    expect((await cli(['auth'])).code).toBe(2);
    expect((await cli(['auth', 'ftp://x'])).stderr).toContain('auth takes an http(s) address');
    const gone = await cli(['auth', `http://127.0.0.1:${await freePort()}/mcp`, '--no-open']);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/cannot be reached \(ECONNREFUSED\)/);

    // The browser opened for the user (BROWSER names it): here a stand-in that approves.
    const rig = cleanup.add(await startRig());
    const home = cleanup.tempDir('oauth-cli-scope-');
    const wide = await cli(['auth', rig.mcpUrl, '--scope', 'mcp admin'], { home, env: { BROWSER: path.join(ROOT, 'tests', 'fixtures', 'oauth-browser.mjs') } });
    expect(wide.stderr).toContain('It was opened in your browser.');
    expect(wide.code).toBe(0);
    expect(wide.stdout).toContain(`Authorized for ${rig.mcpUrl} (scope "mcp admin")`);
    const admin = await cli(['call', '--url', rig.mcpUrl, 'admin'], { home });
    expect(admin.stdout.trim()).toBe('admin done');
  });
});
