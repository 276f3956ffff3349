/**
 * `skillbench auth <url>`: signs in to an HTTP MCP server with OAuth, device-style. It prints the address to open
 * (and opens the browser where there is one), waits on a loopback address for the browser to come back, and keeps
 * the tokens in the encrypted store, where `inspect`, `call` and `mcp` with `--url` find them (and refresh them).
 * Exit codes: 0 signed in (or out), 1 the sign-in was refused or failed, 2 it could not run.
 */
import type { McpOAuthState } from '../../contract';
import { SecretStore } from '../../host/secret-store';
import { AuthorizationFailed, CLIENT_METADATA_URL_VAR, DEFAULT_WAIT_MS, McpOAuth } from '../../protocols/mcp';
import { parse, seconds } from '../args';
import { homeOf, type CommandContext } from '../context';
import { openBrowser } from '../open-browser';
import { EXIT, json, UsageError, type Io } from '../output';
import { cliCommand } from '../../host/cli-command';

export const help =
  'auth <url> [--scope S] [--no-open] [--wait S] [--logout] [--json]   sign in to an HTTP MCP server with OAuth: prints the address to open (and opens the browser unless --no-open), waits for it to come back to a loopback address (--wait, 300 s), and keeps the tokens in the encrypted store; inspect, call and mcp with --url then use them, refreshed when they expire; --scope asks for more; --logout forgets them';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    scope: { type: 'string' },
    'no-open': { type: 'boolean' },
    wait: { type: 'string' },
    logout: { type: 'boolean' },
  });
  const [url, extra] = positionals;
  if (!url) throw new UsageError("auth needs the server's address: skillbench auth https://example.com/mcp");
  if (extra !== undefined) throw new UsageError(`auth takes one address, not also "${extra}"`);
  if (!/^https?:\/\/[^/]/i.test(url)) throw new UsageError(`auth takes an http(s) address, not "${url}"`);
  const waitMs = seconds(values.wait as string | undefined, 'wait') ?? DEFAULT_WAIT_MS;
  const secrets = SecretStore.open(homeOf(ctx), { log: (line) => io.err(`skillbench: ${line}`) });
  const oauth = new McpOAuth({
    serverUrl: url,
    secrets,
    waitMs,
    clientMetadataUrl: ctx.env[CLIENT_METADATA_URL_VAR] || undefined,
    interactive: {
      open: async (address) => {
        // The address goes to stderr, so that --json leaves stdout to the answer.
        io.err(`To sign in to ${url}, open this address in a browser on this machine:\n\n  ${address}\n`);
        const opened = !values['no-open'] && (await openBrowser(address));
        io.err(`${opened ? 'It was opened in your browser. ' : ''}Waiting up to ${Math.round(waitMs / 1000)} s for the browser to come back (Ctrl+C stops)…`);
        return opened;
      },
    },
  });
  try {
    if (values.logout) {
      const had = !!oauth.vault.tokens() || !!oauth.vault.clientInformation();
      oauth.logout();
      if (values.json) io.out(json({ ok: true, url, signedOut: had }));
      else io.out(had ? `Signed out of ${url}: its tokens and client registration were forgotten.` : `Nothing was kept for ${url}.`);
      return EXIT.OK;
    }
    const asked = await oauth.probe();
    if (!asked && !values.json) io.err(`${url} answered without asking for authorization; signing in anyway, with what its OAuth metadata says.`);
    await oauth.authorize({ scope: values.scope as string | undefined, sameFlow: asked });
    const state = oauth.state();
    if (values.json) io.out(json(answerOf(state, true)));
    else io.out(saidOf(state, url));
    return EXIT.OK;
  } catch (err) {
    if (!(err instanceof AuthorizationFailed)) throw err;
    if (values.json) io.out(json(answerOf(oauth.state(), false)));
    io.err(`skillbench: ${err.message}`);
    return EXIT.TOOL_ERROR;
  } finally {
    oauth.close();
  }
}

function answerOf(state: Omit<McpOAuthState, 'skillId'>, ok: boolean): Record<string, unknown> {
  const { summary: _summary, ...rest } = state;
  return { ok, ...rest };
}

function saidOf(state: Omit<McpOAuthState, 'skillId'>, url: string): string {
  const expiry = state.expiresAt ? `, valid for ${Math.max(0, Math.round((state.expiresAt - Date.now()) / 1000))} s` : '';
  const how = state.registration === 'client-metadata-document' ? 'known by its client metadata document' : state.registration === 'dynamic' ? 'registered as a client' : 'as a client';
  return [
    `Authorized for ${url}${state.scope ? ` (scope "${state.scope}")` : ''}: an access token${expiry}${state.refreshable ? ', and a refresh token' : ''}, kept in the encrypted store.`,
    `The workbench is ${how}${state.authorizationServer ? ` of ${state.authorizationServer}` : ''}.`,
    `Now: ${cliCommand('inspect', '--url', url)}`,
  ].join('\n');
}
