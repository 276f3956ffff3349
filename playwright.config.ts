import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium where it is installed (CI here), else a browser Playwright manages.
const chromium = process.env.SKILLBENCH_CHROMIUM ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
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
