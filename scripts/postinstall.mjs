// After `npm install`: says, where Electron's binary could not be fetched (or its download was skipped), that
// `npm start` will open the workbench in the browser instead, and how to get the desktop app. It never fails the
// install: whatever goes wrong here, it exits 0 (and package.json adds `|| exit 0`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * On a Node too old for Electron (a distribution's Node 20), npm leaves the optional electron package out for its
 * engines field, and the desktop app with it. It is installed here on the pinned Node (pinned-node.mjs), at the
 * locked version, as npm would have on a newer Node.
 */
async function electronOnPinnedNode() {
  const { tooOld, fetchPinnedNode, PINNED } = await import('./pinned-node.mjs');
  if (!tooOld() || fs.existsSync(path.join(root, 'node_modules', 'electron', 'package.json')) || !process.env.npm_execpath) return;
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages?.['node_modules/electron']?.version;
  if (!version) return;
  const bin = fetchPinnedNode();
  process.stderr.write(`Installing Electron ${version} on Node ${PINNED}: npm left it out on Node ${process.versions.node}, which it does not support.\n`);
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` };
  const npm = [process.env.npm_execpath, 'install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `electron@${version}`];
  const run = (args) => spawnSync(bin, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  // Its own install scripts, as npm runs them, without the project's (which are running now).
  if (run(npm)) run([process.env.npm_execpath, 'rebuild', '--loglevel=error', 'electron']);
}

try {
  await electronOnPinnedNode();
  const { electronBinary } = await import('./electron-binary.mjs');
  const found = electronBinary();
  if (!found.bin) {
    const skipped = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? ' (ELECTRON_SKIP_BINARY_DOWNLOAD is set)' : '';
    process.stderr.write(
      `\nSkill Workbench: Electron's binary could not be fetched${skipped}, so \`npm start\` will open the workbench in your ` +
        'browser instead (browser mode: it prints the address and opens your browser). Everything else works as usual. ' +
        'For the desktop app, run `npm install` again where Electron\'s download server can be reached.\n\n',
    );
  }
} catch {
  // Saying so is a courtesy; the install goes on either way.
}
process.exit(0);
