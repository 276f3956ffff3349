// The soak lane (`npm run test:soak`, run by .ci/run after the gate): the long runs that would crowd the gate.
// The MCP conformance suite and the Inspector CLI live in tests/soak/, beside the long proofs the gate leaves out
// (tests/long-proofs.ts); the kill-fault suite and the fuzz suite also run in the gate at small counts, and here at
// moderate ones.
import { defineConfig } from 'vitest/config';
import { LONG_PROOFS } from './tests/long-proofs';

export default defineConfig({
  test: {
    include: ['tests/soak/**/*.test.ts', 'tests/hostile-kills.test.ts', 'tests/hostile-fuzz.test.ts', ...LONG_PROOFS],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    env: { SKILLBENCH_KILLS_PER_HOME: '50', SKILLBENCH_FUZZ_RUNS: '20000' },
    testTimeout: 300_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
