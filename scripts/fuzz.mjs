// `npm run fuzz`: the property-based suite of tests/hostile-fuzz.test.ts at 100,000 cases a property (or
// `npm run fuzz -- 20000`), instead of the few thousand that `npm test` runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2]) > 0 ? process.argv[2] : '100000';
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', 'tests/hostile-fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SKILLBENCH_FUZZ_RUNS: runs },
});
process.exit(r.status ?? 1);
