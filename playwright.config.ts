import { chromiumPath } from './scripts/chromium';
import { defineConfig } from '@playwright/test';
import { machineFactor, scaled } from './e2e/machine';

const chromium = chromiumPath();
// Measured once, in the runner; its workers read it from the environment (e2e/machine.ts).
const factor = machineFactor();
if (factor > 1 && !process.env.TEST_WORKER_INDEX) process.stdout.write(`The machine is busy: timeouts are stretched ${factor}x.\n`);

export default defineConfig({
  testDir: 'e2e',
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  // Every test has a workbench, home and browser context of its own (e2e/fixtures.ts), so the tests of one file
  // may run on different workers. Three workers on two cores: its tests wait on the app and its skills more than they compute.
  fullyParallel: true,
  workers: 3,
  retries: 0,
  // CI keeps the readable list and adds a blob (blob-report/report-<shard>.zip) that `playwright merge-reports`
  // joins across `--shard i/n` runs; locally `npm run test:e2e:shard` asks for the blob.
  reporter: process.env.CI ? [['list'], ['blob']] : [['list']],
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  use: {
    // A trace records every action with screenshots and DOM snapshots, the most of a run's CPU after the app itself.
    // `npm run test:e2e` keeps one for each failed test; the gate (SKILLBENCH_TRACE=off) keeps the screenshot and the
    // page's state at the failure, and a failed spec is run again with `npm run test:e2e -- <spec>` for its trace.
    trace: process.env.SKILLBENCH_TRACE === 'off' ? 'off' : 'retain-on-failure',
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
