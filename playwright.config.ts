import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium where it is installed (CI here), else a browser Playwright manages.
const chromium = process.env.SKILLBENCH_CHROMIUM ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test has a workbench, home and browser context of its own (e2e/fixtures.ts), so the tests of one file
  // may run on different workers. Two workers: the machines this runs on have two cores.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI keeps the readable list and adds a blob (blob-report/report-<shard>.zip) that `playwright merge-reports`
  // joins across `--shard i/n` runs; locally `npm run test:e2e:shard` asks for the blob.
  reporter: process.env.CI ? [['list'], ['blob']] : [['list']],
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1400, height: 880 },
  },
  projects: [
    {
      name: 'browser',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
        },
      },
    },
    { name: 'electron' },
  ],
});
