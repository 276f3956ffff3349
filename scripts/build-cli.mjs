// Bundles the command line (and the benchmark) for plain Node: the engine with no Electron.
import { build } from 'esbuild';
import { NODE_BUNDLE } from './bundle-options.mjs';

const common = {
  ...NODE_BUNDLE,
  sourcemap: 'linked',
  // gpt-tokenizer's rank tables (2 MB) are loaded from node_modules when a token count is first asked for, not bundled.
  external: ['electron', 'gpt-tokenizer'],
};

await Promise.all([
  build({ ...common, entryPoints: ['src-main/cli/main.ts'], outfile: 'out/cli/skillbench.cjs' }),
  build({ ...common, entryPoints: ['scripts/bench/main.ts'], outfile: 'out/cli/bench.cjs' }).catch((err) => {
    if (!/Could not resolve|ENOENT/.test(String(err))) throw err;
  }),
  // The UI benchmark drives Chromium through the playwright package as installed.
  build({ ...common, entryPoints: ['scripts/bench-ui/main.ts'], outfile: 'out/cli/bench-ui.cjs', external: ['electron', 'playwright', 'playwright-core'] }).catch((err) => {
    if (!/Could not resolve|ENOENT/.test(String(err))) throw err;
  }),
]);
