/**
 * Adding MCP servers from the app: one by its command (the real server-everything, which then runs), one by
 * its address with a bearer token kept out of .mcp.json, and the servers of a Claude Desktop configuration
 * imported. Each lands in the open folder's .mcp.json and shows in the sidebar.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startRig } from '../tests/oauth-rig';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { EVERYTHING, everythingConfig, expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { scaled } from './machine';

test('add a server by its command: written to .mcp.json, listed, and it runs', async ({ mcp }) => {
  const { page, folder } = mcp;
  await page.getByTestId('add-mcp-server').first().click();
  const dialog = page.getByTestId('add-mcp-dialog');
  await expect(dialog.getByTestId('add-server-folder')).toHaveValue(fs.realpathSync(folder));
  await dialog.getByTestId('add-server-name').fill('second');
  await dialog.getByTestId('add-server-command').fill(process.execPath);
  await dialog.getByTestId('add-server-args').fill(`${EVERYTHING}\nstdio`);
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await dialog.getByLabel('Variable name 1').fill('GREETING');
  await dialog.getByLabel('Variable value 1').fill('hello');
  await mcp.shot('mcp-add-server');
  await dialog.getByTestId('add-server-submit').click();
  await expect(dialog).toBeHidden();

  const written = JSON.parse(fs.readFileSync(path.join(folder, '.mcp.json'), 'utf8'));
  expect(written.mcpServers.second).toMatchObject({ command: process.execPath, args: [EVERYTHING, 'stdio'], env: { GREETING: 'hello' } });
  expect(written.mcpServers.everything).toBeTruthy();
  await openServer(page, 'second');
  await expect(page.getByTestId('tab-resources')).toBeVisible();
});

test('add an HTTP server: its bearer token is kept as a secret, never in .mcp.json', async ({ mcp }) => {
  const { page, folder } = mcp;
  await page.getByTestId('add-mcp-server').first().click();
  const dialog = page.getByTestId('add-mcp-dialog');
  await dialog.getByTestId('add-server-name').fill('remote');
  await dialog.getByTestId('add-server-http').check();
  await dialog.getByTestId('add-server-url').fill('http://127.0.0.1:9/mcp');
  await expect(dialog.getByTestId('add-server-token')).toHaveAttribute('type', 'password');
  await dialog.getByTestId('add-server-token').fill('tok-very-secret-123');
  await dialog.getByTestId('add-server-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('skill-item').filter({ hasText: 'remote' })).toBeVisible();
  const text = fs.readFileSync(path.join(folder, '.mcp.json'), 'utf8');
  expect(JSON.parse(text).mcpServers.remote).toMatchObject({ url: 'http://127.0.0.1:9/mcp' });
  expect(text).not.toContain('tok-very-secret-123');
});

test("import a Claude Desktop configuration: its servers are read, chosen, and brought in", async ({ mcp }) => {
  const { page, folder } = mcp;
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-claude-'));
  try {
    const file = path.join(elsewhere, 'claude_desktop_config.json');
    const config = everythingConfig('imported') as { mcpServers: Record<string, unknown> };
    config.mcpServers.skipped = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
    fs.writeFileSync(file, JSON.stringify(config, null, 2));

    await page.getByTestId('add-mcp-server').first().click();
    const dialog = page.getByTestId('add-mcp-dialog');
    await dialog.getByTestId('add-way-import').click();
    await dialog.getByTestId('import-file').fill(file);
    await dialog.getByTestId('import-read').click();
    await expect(dialog.getByTestId('import-shape')).toContainText('Claude Desktop');
    await expect(dialog.getByTestId('import-server')).toHaveCount(2);
    // Only one of the two.
    await dialog.locator('label', { hasText: 'skipped' }).getByTestId('import-server').uncheck();
    await mcp.shot('mcp-import');
    await dialog.getByTestId('import-submit').click();
    await expect(dialog).toBeHidden();

    const written = JSON.parse(fs.readFileSync(path.join(folder, '.mcp.json'), 'utf8'));
    expect(Object.keys(written.mcpServers).sort()).toEqual(['everything', 'imported']);
    await openServer(page, 'imported');
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('a file that is no configuration is refused in plain words', async ({ mcp }) => {
  const { page } = mcp;
  await page.getByTestId('add-mcp-server').first().click();
  const dialog = page.getByTestId('add-mcp-dialog');
  await dialog.getByTestId('add-way-import').click();
  await dialog.getByTestId('import-file').fill('/no/such/file/claude_desktop_config.json');
  await dialog.getByTestId('import-read').click();
  await expect(dialog.getByRole('alert')).toContainText('The file could not be used');
  await expect(dialog.getByTestId('import-submit')).toBeDisabled();
});

test("import: a VS Code configuration of the open folder is found without typing its path", async ({ mcp }) => {
  const { page, folder } = mcp;
  fs.mkdirSync(path.join(folder, '.vscode'));
  const vscode = { servers: { fromcode: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] } } };
  fs.writeFileSync(path.join(folder, '.vscode', 'mcp.json'), JSON.stringify(vscode, null, 2));
  await page.getByTestId('add-mcp-server').first().click();
  const dialog = page.getByTestId('add-mcp-dialog');
  await dialog.getByTestId('add-way-import').click();
  const found = dialog.getByTestId('found-config').filter({ hasText: 'VS Code' });
  await expect(found).toContainText('1 server');
  await found.click();
  await expect(dialog.getByTestId('import-shape')).toContainText('VS Code');
  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();
  await openServer(page, 'fromcode');
});

/** server-everything over Streamable HTTP on a free loopback port, stopped when `fn` ends. */
async function withEverythingHttp(fn: (url: string) => Promise<void>): Promise<void> {
  const port = await new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
  const proc = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let said = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server-everything (HTTP) did not start: ${said}`)), scaled(20_000));
      const hear = (c: Buffer) => {
        said += c.toString();
        if (/listening on port/i.test(said)) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout.on('data', hear);
      proc.stderr.on('data', hear);
      proc.on('exit', (code) => reject(new Error(`server-everything (HTTP) exited with ${code}: ${said}`)));
    });
    await fn(`http://127.0.0.1:${port}/mcp`);
  } finally {
    if (proc.exitCode === null) {
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await gone;
    }
  }
}

test('add a server by its address: the real server-everything over Streamable HTTP answers through the app', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await withEverythingHttp(async (url) => {
    await page.getByTestId('add-mcp-server').first().click();
    const dialog = page.getByTestId('add-mcp-dialog');
    await dialog.getByTestId('add-server-name').fill('over-http');
    await dialog.getByTestId('add-server-http').check();
    await dialog.getByTestId('add-server-url').fill(url);
    await dialog.getByTestId('add-server-token').fill('any-token-the-server-ignores');
    await dialog.getByTestId('add-server-submit').click();
    await expect(dialog).toBeHidden();
    await openServer(page, 'over-http');
    await openTab(page, 'server');
    await expect(page.getByTestId('server-tab')).toContainText(`Reached over HTTP at ${url}`);
    await openTool(page, 'echo');
    await page.locator('.tool-request input').first().fill('over the wire');
    await page.getByTestId('run-tool').click();
    await expect(page.getByTestId('tool-result')).toContainText('Echo: over the wire');
  });
});

test('add an HTTP server behind OAuth: the sign-in waits on the user, the browser round trip signs in, the Authorization section shows the steps masked', async ({ mcp }) => {
  const { page } = mcp;
  const rig = await startRig();
  try {
    await allowAxe(page);
    await page.getByTestId('add-mcp-server').first().click();
    const dialog = page.getByTestId('add-mcp-dialog');
    await dialog.getByTestId('add-server-name').fill('guarded');
    await dialog.getByTestId('add-server-http').check();
    await dialog.getByTestId('add-server-url').fill(rig.mcpUrl);
    await dialog.getByTestId('add-server-submit').click();
    await expect(dialog).toBeHidden();
    // Opening it connects, which meets a 401: the sign-in waits on the user, whatever view is open (browser mode
    // opens nothing by itself); the test's browser tab is the user's.
    await page.getByTestId('skill-item').filter({ has: page.locator('[data-skill-button]', { hasText: 'guarded' }) }).locator('[data-skill-button]').click();
    const notice = page.getByTestId('oauth-sign-in-notice');
    await expect(notice).toContainText('guarded wants you to sign in');
    await expect(notice.getByTestId('oauth-sign-in-open')).toHaveAttribute('href', new RegExp(`^${rig.issuer}/authorize\\?`));
    const opened = page.context().waitForEvent('page');
    await notice.getByTestId('oauth-sign-in-open').click();
    const signIn = await opened;
    await expect(signIn.locator('h1')).toHaveText('Authorized');
    await signIn.close();
    await expect(notice).toBeHidden();
    await openTab(page, 'server');
    const section = page.getByTestId('mcp-authorization');
    await expect(page.getByTestId('server-tab')).toContainText(`Reached over HTTP at ${rig.mcpUrl}`);
    await expect(section).toHaveAttribute('data-status', 'authorized');
    await expect(section.getByTestId('oauth-scope')).toHaveText('mcp');
    const token = section.locator('[data-testid="oauth-step"][data-kind="token"]').first();
    await expect(token).toHaveAttribute('data-outcome', 'ok');
    await token.getByText('Request and response').click();
    await expect(token.getByTestId('oauth-step-response')).toContainText('"access_token": "••••');
    expect(await violationsInBothThemes(page, 'oauth-steps')).toEqual([]);
    await mcp.shot('mcp-oauth');
    const shown = await section.textContent();
    for (const t of rig.issued) expect(shown).not.toContain(t);
  } finally {
    await rig.close();
  }
});
