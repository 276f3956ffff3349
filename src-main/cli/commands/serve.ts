import path from 'node:path';
import { skillbenchBin } from '../../host/cli-command';
import { defaultHome, examplesDir, rendererDir } from '../../host/paths';
import { RESET_ENV, type ResetRequest } from '../../server/reset-route';
import { startServer, type RunningServer } from '../../server/serve';
import { GIVEN_TOKEN_RULE, newToken, usableGivenToken } from '../../server/auth';
import { addressFile, loadAddress, saveAddress, type ServeAddress } from '../../server/serve-address';
import { Workbench } from '../../workbench/workbench';
import { parse } from '../args';
import { noBrowserWanted, openBrowser } from '../open-browser';
import { EXIT, UsageError, type Io } from '../output';
import { takeHandedToken } from '../token-handoff';

export const help =
  'serve [folders...] [--port N] [--host H] [--new-token] [--open]   the workbench in a browser (127.0.0.1; the same port and token each time for the same folders; --open opens it)';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, { port: { type: 'string' }, host: { type: 'string' }, open: { type: 'boolean' }, 'new-token': { type: 'boolean' } });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes a port number, not "${String(values.port)}"`);
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  // A token of the user's own (SKILLBENCH_TOKEN) instead of the workspace's kept one. The command line took it out of
  // this process's environment block before this ran (token-handoff.ts); run in process, it is taken out of the
  // environment at once, as skill processes inherit that.
  const token = takeHandedToken() ?? process.env.SKILLBENCH_TOKEN;
  delete process.env.SKILLBENCH_TOKEN;
  if (token !== undefined && !usableGivenToken(token)) {
    throw new UsageError(`SKILLBENCH_TOKEN must be ${GIVEN_TOKEN_RULE}`);
  }
  // The end-to-end suite's reset hook (reset-route.ts): off unless asked for, and out of the skills' environment.
  const resettable = process.env[RESET_ENV] === '1';
  delete process.env[RESET_ENV];
  const renderer = rendererDir();
  if (!renderer) throw new Error(`The user interface is not built yet: run "npm run build" in ${path.dirname(path.dirname(skillbenchBin()))} first.`);
  if (!LOOPBACK.has(host)) {
    io.err(`Warning: listening on ${host}, not just this machine. Anyone who can reach it and learns the token can run skills as you.`);
  }
  const home = defaultHome();
  // The address this workspace had last time, so an open page reconnects: its port unless --port says otherwise, its
  // token unless SKILLBENCH_TOKEN gives one or --new-token asks for a fresh one (which also retires the old address).
  const addressAt = addressFile(home, positionals, host);
  const saved = loadAddress(addressAt);
  const tokenNow = token || (values['new-token'] || !saved ? newToken() : saved.token);
  const workbench = new Workbench({
    home,
    kind: 'browser',
    folders: positionals.length ? positionals : [examplesDir()],
    namedFolders: positionals.length > 0,
  });
  // A reset is a fresh start in the same process: the new home is SKILLBENCH_HOME, as a new `serve` would see it.
  const resetTo = (req: ResetRequest) => {
    process.env.SKILLBENCH_HOME = req.home;
    return new Workbench({ home: req.home, kind: 'browser', folders: req.folders, namedFolders: true });
  };
  const listen = (at: number) => startServer({ workbench, rendererDir: renderer, host, port: at, token: tokenNow, resetTo: resettable ? resetTo : undefined });
  const wanted = values.port !== undefined ? port : (saved?.port ?? 0);
  let server: RunningServer;
  let fellBack = false;
  try {
    server = await listen(wanted);
  } catch (err) {
    // Only the kept port falls back: one the user asked for is theirs to free.
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || values.port !== undefined || !wanted) {
      await workbench.close();
      throw err;
    }
    server = await listen(0);
    fellBack = true;
    io.err(`Port ${wanted}, this workspace's, is in use (by another program or another workbench), so this time the workbench is at port ${server.port}: a page still open at the old address will not reconnect.`);
  }
  // Kept for next time. The kept port stays through a fallback and a --port; a token the user gave is not written.
  const keep: ServeAddress | null = token ? null : { port: saved && (fellBack || values.port !== undefined) ? saved.port : server.port, token: tokenNow };
  if (keep) {
    try {
      saveAddress(addressAt, keep);
    } catch (err) {
      io.err(`Could not keep this address for the next start (${(err as Error).message}); the next start gets a new one.`);
    }
  }
  io.out(`Skill Workbench: ${server.url}`);
  if (resettable) io.err(`Test hook on (${RESET_ENV}): this workbench can be reset to another home and folders.`);
  // Where no browser can be opened (no display), the address above is the way in, and that is said.
  if (values.open && !(await openBrowser(server.url)) && !noBrowserWanted()) {
    io.err('No browser could be opened from here (this machine has no display): open the address above in a browser.');
  }
  // Ctrl+C reaches this process more than once (from the terminal, and forwarded by npm and `npm start`):
  // the first one stops the workbench, later ones must not cut that stop short and orphan the skills.
  let stopping = false;
  await new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.err('Stopping the workbench…');
  await server.close();
  await server.workbench.close();
  return EXIT.OK;
}
