#!/usr/bin/env node
// The `skillbench` command: runs the bundled CLI, or says how to build it.
const path = require('node:path');
const fs = require('node:fs');

const bundle = path.join(__dirname, '..', 'out', 'cli', 'skillbench.cjs');
if (!fs.existsSync(bundle)) {
  const root = path.dirname(__dirname);
  // A clone with no install yet (`npx skillbench` right after `git clone`): the install builds the command too.
  const step = fs.existsSync(path.join(root, 'node_modules')) ? 'npm run build' : 'npm install';
  process.stderr.write('skillbench: the command line is not built yet. Run "' + step + '" in ' + root + ' first.\n');
  process.exit(2);
}
require(bundle);
