/**
 * The Electron host: the engine runs here, in the main process; the renderer reaches it only through
 * the preload's named functions, over IPC channels whose sender is checked on every message.
 * Electron's security checklist: context isolation, sandbox, no node integration, a strict CSP,
 * navigation and new windows denied, permissions denied, an app:// protocol instead of file://.
 */
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell, type IpcMainEvent } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IPC_CHANNEL } from '../common/commands';
import { JSONRPC } from '../common/errors';
import { workbenchDoor } from '../workbench/door';
import { examplesDir, rendererDir } from '../host/paths';
import { CSP } from '../server/static-files';
import { MCP_APP_ROUTE } from '../contract';
import { Workbench } from '../workbench/workbench';
import { WindowLink } from '../workbench/window-link';
import { safeStorageSecrets } from './safe-storage';

const APP_ORIGIN = 'app://skillbench';
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.setName('Skill Workbench');

let win: BrowserWindow | null = null;
let workbench: Workbench | null = null;
let link: WindowLink | null = null;

function home(): string {
  return process.env.SKILLBENCH_HOME ? path.resolve(process.env.SKILLBENCH_HOME) : app.getPath('userData');
}

/** Folders named after `--` on the command line, else the bundled examples for a new workspace. */
function startFolders(): { folders: string[]; named: boolean } {
  const at = process.argv.indexOf('--');
  const named = at >= 0 ? process.argv.slice(at + 1).filter((a) => !a.startsWith('-')) : [];
  return named.length ? { folders: named, named: true } : { folders: [examplesDir()], named: false };
}

function fromOurWindow(e: IpcMainEvent): boolean {
  const frame = e.senderFrame;
  return !!win && e.sender === win.webContents && !!frame && frame === win.webContents.mainFrame && isAppUrl(frame.url);
}

function isAppUrl(url: string): boolean {
  return url.startsWith(APP_ORIGIN + '/') || (!!process.env.ELECTRON_RENDERER_URL && url.startsWith(process.env.ELECTRON_RENDERER_URL));
}

function serveRenderer(): void {
  const root = rendererDir();
  protocol.handle('app', (req) => {
    const url = new URL(req.url);
    if (url.pathname === MCP_APP_ROUTE && workbench) {
      // An MCP App's document, with its own policy (workbench/mcp-apps.ts), for the Tools tab's sandboxed frame.
      const doc = workbench.mcp.apps.response(url.searchParams.get('id'));
      return new Response(doc.body, { status: doc.status, headers: doc.headers });
    }
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.resolve(root ?? '', '.' + rel);
    if (!root || !file.startsWith(path.resolve(root) + path.sep)) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}

/**
 * The window link over IPC: JSON-RPC 2.0 lines on one channel each way, the same link as browser mode's
 * (workbench/window-link.ts: the door, log batches, shedding, the cap), paced by what the window says it received
 * (IPC has no count of its own). A line from anything but our window's main frame is refused unread.
 */
function wireIpc(wb: Workbench): WindowLink {
  const link = new WindowLink(
    {
      send: (line) => win!.webContents.send(IPC_CHANNEL, line),
      open: () => !!win && !win.isDestroyed(),
      // IPC cannot be closed and reopened: the link drops events until the window catches up, then says `resync`.
      tooFarBehind: () => false,
    },
    workbenchDoor(wb),
    wb.events,
  );
  ipcMain.on(IPC_CHANNEL, (e, line: unknown) => {
    if (!fromOurWindow(e)) {
      const refusal = { jsonrpc: '2.0', id: null, error: { code: JSONRPC.INVALID_REQUEST, message: 'Refused: this message did not come from the workbench window.' } };
      e.reply(IPC_CHANNEL, JSON.stringify(refusal));
      return;
    }
    if (typeof line === 'string') link.receive(line);
  });
  return link;
}

function createWindow(): void {
  win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 560,
    title: 'Skill Workbench',
    show: false,
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win?.show());
  // A page loading afresh (a reload) starts its count of what it received from nothing.
  win.webContents.on('did-start-loading', () => link?.restarted());
  win.webContents.on('will-navigate', (e, url) => {
    if (!isAppUrl(url)) e.preventDefault();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void win.loadURL(`${APP_ORIGIN}/index.html`);
  win.on('closed', () => {
    win = null;
  });
}

// A failure here is a failed start, reported as an unhandled rejection.
void app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
    // An MCP App's document keeps the policy it was served with (sandboxed, and stricter where the app declared less).
    if (typeof details.url === 'string' && details.url.startsWith(`${APP_ORIGIN}${MCP_APP_ROUTE}?`)) return cb({ responseHeaders: details.responseHeaders });
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  serveRenderer();
  const { folders, named } = startFolders();
  workbench = new Workbench({
    home: home(),
    kind: 'electron',
    version: app.getVersion(),
    secrets: safeStorageSecrets(home()),
    // An MCP server's sign-in page (OAuth), in the user's own browser: only web addresses.
    openExternal: (url) => (/^https?:\/\//i.test(url) ? shell.openExternal(url).then(() => true, () => false) : Promise.resolve(false)),
    folders,
    namedFolders: named,
    pickFolder: async () => {
      const r = win ? await dialog.showOpenDialog(win, { properties: ['openDirectory'] }) : { canceled: true, filePaths: [] };
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  });
  link = wireIpc(workbench);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-attach-webview', (e) => e.preventDefault());
});

let quitting = false;
app.on('before-quit', (e) => {
  if (quitting || !workbench) return;
  // Stop every skill (and its process group) before the app goes.
  e.preventDefault();
  quitting = true;
  void workbench.close().finally(() => app.quit());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
