#!/usr/bin/env node
// The `skillbench` command: runs the bundled CLI, or says how to build it.
const path = require('node:path');
const fs = require('node:fs');

const bundle = path.join(__dirname, '..', 'out', 'cli', 'skillbench.cjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write('skillbench: the command line is not built yet. Run "npm run build" in ' + path.dirname(__dirname) + ' first.\n');
  process.exit(2);
}
require(bundle);
