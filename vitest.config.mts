import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The soak lane's own files run in `npm run test:soak` (vitest.soak.config.mts).
    exclude: ['tests/soak/**', '**/node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests start real Python processes; two cores do not gain from more workers.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
