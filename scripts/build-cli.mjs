// Bundles the command line (and the benchmark) for plain Node: the engine with no Electron.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  // gpt-tokenizer's rank tables (2 MB) are loaded from node_modules when a token count is first asked for, not bundled.
  external: ['electron', 'gpt-tokenizer'],
  // jsonc-parser's `main` is a UMD build whose requires a bundler cannot follow; its ES module build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
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
