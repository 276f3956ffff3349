// `npm start`: builds, then opens the desktop app where Electron can run, else the same workbench in the browser
// (browser mode), on the bundled examples or on the folders given after `--`. Either way Ctrl+C ends it with 0.
// The build runs from here, and package.json starts this with `exec`: a shell left between npm and this script
// (dash, Debian's and Ubuntu's sh) dies of the Ctrl+C and makes npm exit 130 however cleanly the workbench
// stopped. Windows' cmd has no `exec`, so there the `||` runs this script in the ordinary way.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.slice(2);

/** The Electron binary, or why there is none (in words for the user). */
function electron() {
  let bin;
  try {
    // The package exports the binary's path, and throws where its download never happened.
    bin = createRequire(import.meta.url)('electron');
  } catch {
    return { why: 'No Electron binary is installed here (its download failed or was skipped)' };
  }
  if (typeof bin !== 'string' || !fs.existsSync(bin)) return { why: 'No Electron binary is installed here (its download failed or was skipped)' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { why: 'This machine has no display for the desktop app' };
  }
  return { bin };
}

/** Runs a child in the foreground: signals go to it (the terminal sends Ctrl+C to both), its exit is ours. */
function foreground(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (err) => {
    process.stderr.write(`Could not start ${command}: ${err.message}\n`);
    process.exit(2);
  });
  // Stopped by the user (Ctrl+C) is a normal end.
  child.on('exit', (code, signal) => process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : (code ?? 1)));
}

/** Brings the build up to date; what it prints is shown only when it fails. */
function build() {
  // Under npm, npm_execpath is npm's own script; run it with this Node so no shell is involved.
  const npm = process.env.npm_execpath;
  const options = { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 };
  const r = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], options)
    : spawnSync('npm', ['run', 'build'], { ...options, shell: process.platform === 'win32' });
  if (r.status === 0) return;
  process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}The build failed (above), so the workbench cannot start.\n`);
  process.exit(r.status ?? 1);
}

build();
const found = electron();
if (found.bin) {
  foreground(found.bin, ['.', ...(folders.length ? ['--', ...folders] : [])]);
} else {
  process.stdout.write(`${found.why}, so the workbench opens in your browser instead (browser mode; Ctrl+C stops it).\n`);
  foreground(process.execPath, [path.join(root, 'bin', 'skillbench.cjs'), 'serve', ...folders, '--open']);
}
