/**
 * Entry of the single-file `skillbench` (Node's single executable applications; scripts/package-cli.mjs builds it),
 * for people who have no Node. The executable carries the user interface, the Python runners and SDK and the bundled
 * examples as assets: the first start of each build writes them to the user's cache, in a folder of that build's own
 * that is renamed into place whole, and points the engine at them. Started with no command (a double-click), it
 * serves the workbench and opens it in the browser, on the bundled examples.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sea from 'node:sea';
import { runningAsSingleFile } from '../host/cli-command';

/** The asset listing the others, written by the packaging script. */
export const MANIFEST = 'skillbench-files.json';

interface Manifest {
  /** A digest of every asset: one folder per build, so two builds never share one. */
  build: string;
  files: string[];
}

function cacheRoot(): string {
  const env = process.env;
  if (process.platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local'), 'skill-workbench');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'skill-workbench');
  return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'skill-workbench');
}

/** The folder holding this build's assets, written first when it is not there yet. */
function unpack(): string {
  const manifest = JSON.parse(sea.getAsset(MANIFEST, 'utf8')) as Manifest;
  const dir = path.join(cacheRoot(), `app-${manifest.build}`);
  if (fs.existsSync(dir)) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const file of manifest.files) {
    const to = path.join(tmp, ...file.split('/'));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, new Uint8Array(sea.getRawAsset(file)));
  }
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    // Another start of the same build put it there first: theirs is the same.
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw err;
  }
  return dir;
}

if (sea.isSea()) {
  const dir = unpack();
  process.env.SKILLBENCH_RESOURCES ??= path.join(dir, 'resources');
  process.env.SKILLBENCH_RENDERER ??= path.join(dir, 'renderer');
  runningAsSingleFile(process.execPath);
  if (process.argv.length <= 2) process.argv.push('serve', '--open');
}
void import('./main');
