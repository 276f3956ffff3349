// `npm start`: brings the build up to date (scripts/build.mjs: only the steps whose inputs changed, one line each),
// then opens the desktop app where Electron can run, else the same workbench in the browser (browser mode), on the
// bundled examples or on the folders given after `--`. Either way Ctrl+C ends it with 0.
// package.json starts this with `exec`: a shell left between npm and this script (dash, Debian's and Ubuntu's sh)
// dies of the Ctrl+C and makes npm exit 130 however cleanly the workbench stopped. npm adds the arguments after
// `--` at the end of the line, so the one command gets them; Windows' cmd, which has no `exec`, finds exec.cmd in
// the project's folder, which runs the rest of the line.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';
import { electronBinary } from './electron-binary.mjs';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.slice(2);

/** The Electron binary, or why there is none (in words for the user). */
function electron() {
  const found = electronBinary();
  if (found.bin && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { why: 'This machine has no display for the desktop app' };
  }
  return found;
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

/** Brings the build up to date: only the steps whose inputs changed, one line each; nothing when it is current. */
function buildChanged() {
  // SKILLBENCH_NO_BUILD=1 starts on what is built, unchecked (a build of one's own, a test of the launcher).
  if (process.env.SKILLBENCH_NO_BUILD === '1') return;
  try {
    build(root);
  } catch (err) {
    process.stderr.write(`${err.message}The build failed (above), so the workbench cannot start.\n`);
    process.exit(err.status ?? 1);
  }
}

buildChanged();
const found = electron();
if (found.bin) {
  foreground(found.bin, ['.', ...(folders.length ? ['--', ...folders] : [])]);
} else {
  // Whether a browser opens is said by serve: where there is no display, none can.
  process.stdout.write(`${found.why}, so the workbench is served to your browser instead (browser mode; Ctrl+C stops it).\n`);
  foreground(process.execPath, [path.join(root, 'bin', 'skillbench.cjs'), 'serve', ...folders, '--open']);
}
