// What every bundle of the engine for plain Node shares: the command line's (build-cli.mjs) and the single file's
// (package-cli.mjs), so a package that needs a word to the bundler gets it in both.
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  logLevel: 'warning',
  // jsonc-parser's `main` is a UMD build whose requires a bundler cannot follow; its ES module build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};
