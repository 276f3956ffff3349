// Whether Electron's binary is here: `npm start` opens the desktop app with it and browser mode without it, and the
// install says which it will be (postinstall.mjs). It is missing where its download failed, was skipped
// (ELECTRON_SKIP_BINARY_DOWNLOAD) or the optional package did not install. The package's own `require('electron')`
// would try the download again (slowly, and printing as it goes), so its lookup is done here as it does it:
// `path.txt` names the binary under `dist/`, and ELECTRON_OVERRIDE_DIST_PATH replaces that folder.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const NO_BINARY = 'No Electron binary is installed here (its download failed or was skipped)';

/** `{ bin }`, the binary's path, or `{ why }` in words for the user. */
export function electronBinary() {
  let dir;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { why: NO_BINARY };
  }
  let exe = null;
  try {
    exe = fs.readFileSync(path.join(dir, 'path.txt'), 'utf8').trim() || null;
  } catch {
    // No path.txt: the download never finished.
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const bin = override ? path.join(override, exe ?? 'electron') : exe ? path.join(dir, 'dist', exe) : null;
  return bin && fs.existsSync(bin) ? { bin } : { why: NO_BINARY };
}
