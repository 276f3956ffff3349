/**
 * Opens a URL in the user's browser where there is one: the platform's opener, or the command named by
 * BROWSER (`BROWSER=none` opens nothing). On a machine with no display it opens nothing and says so.
 */
import { spawn } from 'node:child_process';
import { hostEnv } from '../host/host-env';

/** Whether the user chose that no browser opens (`BROWSER=none`): then nothing is opened, and that is not news. */
export function noBrowserWanted(): boolean {
  return hostEnv().BROWSER === 'none';
}

function opener(url: string): { command: string; args: string[] } | null {
  const env = hostEnv();
  const chosen = env.BROWSER;
  if (noBrowserWanted()) return null;
  if (chosen) return { command: chosen, args: [url] };
  if (process.platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd builtin; its first quoted argument is a window title.
  if (process.platform === 'win32') return { command: 'cmd.exe', args: ['/c', 'start', '""', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: 'xdg-open', args: [url] };
}

/** Resolves to true once the opener has started, false where none could be (never throws). */
export function openBrowser(url: string): Promise<boolean> {
  const how = opener(url);
  if (!how) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(how.command, how.args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
