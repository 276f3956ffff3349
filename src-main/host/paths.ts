/**
 * Where things live: the workbench's home (SKILLBENCH_HOME, else the platform's user-data folder) and the
 * bundled resources (Python SDK, runners, examples), found from this file whether it runs from source,
 * from the CLI bundle, or from the packaged app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostEnv } from './host-env';

export const APP_NAME = 'Skill Workbench';
const APP_DIR = 'skill-workbench';

export function defaultHome(env: NodeJS.ProcessEnv = hostEnv()): string {
  if (env.SKILLBENCH_HOME) return path.resolve(env.SKILLBENCH_HOME);
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', APP_NAME);
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
    default:
      return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_DIR);
  }
}

let resources: string | null = null;

/** The `resources` folder: SKILLBENCH_RESOURCES, the packaged app's, or the nearest one above this module. */
export function resourcesDir(): string {
  if (resources) return resources;
  const candidates: string[] = [];
  if (process.env.SKILLBENCH_RESOURCES) candidates.push(process.env.SKILLBENCH_RESOURCES);
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) candidates.push(path.join(packaged, 'resources'));
  let dir = typeof __dirname === 'string' ? __dirname : process.cwd();
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'resources'));
    dir = path.dirname(dir);
  }
  candidates.push(path.join(process.cwd(), 'resources'));
  for (const c of candidates) {
    if (fs.existsSync(path.join(c, 'python'))) return (resources = c);
  }
  throw new Error(`Cannot find the workbench's resources folder (looked in ${candidates.join(', ')}). Set SKILLBENCH_RESOURCES.`);
}

export function pythonResources(): string {
  return path.join(resourcesDir(), 'python');
}

export function examplesDir(): string {
  return path.join(resourcesDir(), 'examples');
}

/** The built renderer (out/renderer), served by browser mode: SKILLBENCH_RENDERER, or found above this module. */
export function rendererDir(): string | null {
  const candidates: string[] = [];
  if (process.env.SKILLBENCH_RENDERER) candidates.push(process.env.SKILLBENCH_RENDERER);
  let dir = typeof __dirname === 'string' ? __dirname : process.cwd();
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'renderer'), path.join(dir, 'out', 'renderer'));
    dir = path.dirname(dir);
  }
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html'))) ?? null;
}

/** The Python interpreter to use: SKILLBENCH_PYTHON, else python3 (python on Windows). */
export function systemPython(env: NodeJS.ProcessEnv = hostEnv()): string {
  return env.SKILLBENCH_PYTHON ?? (process.platform === 'win32' ? 'python' : 'python3');
}
