// `npm run package:cli`: the single-file `skillbench` for this machine's platform and architecture, in
// dist/skillbench-<platform>-<arch> (.exe on Windows). It is this Node's binary with the command line, browser mode's
// user interface, the Python runners and SDK and the bundled examples inside (Node's single executable applications,
// `node --build-sea`, Node 25.5 or newer), so it runs where there is no Node; src-main/cli/sea.ts is its entry.
// The release workflow runs this on each platform's runner.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build } from './build.mjs';
import { NODE_BUNDLE } from './bundle-options.mjs';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, 'out', 'sea');
const MANIFEST = 'skillbench-files.json';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 25 || (major === 25 && minor < 5)) {
  process.stderr.write(`Packaging the single-file skillbench needs Node 25.5 or newer (node --build-sea), and this is Node ${process.versions.node}.\n`);
  process.exit(1);
}

/** Every file under `dir`, as forward-slash paths relative to it. */
function files(dir, rel = '') {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.name === '__pycache__' || e.name.endsWith('.map')) return [];
    return e.isDirectory() ? files(dir, p) : e.isFile() ? [p] : [];
  });
}

// The user interface and the command line as built (only what changed is rebuilt, one line each).
build(root);
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
// One script with everything in it: in an executable, require() reaches only Node's own modules.
await esbuild({
  entryPoints: [path.join(root, 'src-main', 'cli', 'sea.ts')],
  outfile: path.join(work, 'skillbench.cjs'),
  ...NODE_BUNDLE,
  external: ['electron'],
});

const assets = {};
const hash = createHash('sha256').update(fs.readFileSync(path.join(work, 'skillbench.cjs')));
for (const [prefix, dir] of [['resources', path.join(root, 'resources')], ['renderer', path.join(root, 'out', 'renderer')]]) {
  for (const f of files(dir)) {
    const key = `${prefix}/${f}`;
    assets[key] = path.join(dir, ...f.split('/'));
    hash.update(key).update(fs.readFileSync(assets[key]));
  }
}
const manifest = path.join(work, MANIFEST);
fs.writeFileSync(manifest, JSON.stringify({ build: hash.digest('hex').slice(0, 16), files: Object.keys(assets) }));

const exe = path.join(root, 'dist', `skillbench-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);
fs.mkdirSync(path.dirname(exe), { recursive: true });
const config = path.join(work, 'sea-config.json');
// Built beside its final name and renamed into place whole: an interrupted build leaves no half executable.
const partial = `${exe}.partial`;
fs.writeFileSync(
  config,
  JSON.stringify({ main: path.join(work, 'skillbench.cjs'), output: partial, disableExperimentalSEAWarning: true, assets: { [MANIFEST]: manifest, ...assets } }, null, 2),
);
process.stdout.write(`Packaging the single-file skillbench… `);
const r = spawnSync(process.execPath, ['--build-sea', config], { cwd: root, encoding: 'utf8' });
if (r.status !== 0) {
  process.stdout.write('failed.\n');
  process.stderr.write(`${r.stdout}${r.stderr}`);
  fs.rmSync(partial, { force: true });
  process.exit(r.status ?? 1);
}
fs.chmodSync(partial, 0o755);
// macOS runs only signed binaries, and the injection broke Node's signature: an ad hoc one (the release signs properly).
if (process.platform === 'darwin') spawnSync('codesign', ['--sign', '-', '--force', partial], { stdio: 'inherit' });
fs.renameSync(partial, exe);
process.stdout.write(`${path.relative(root, exe)} (${(fs.statSync(exe).size / 2 ** 20).toFixed(0)} MiB).\n`);
