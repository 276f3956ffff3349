import { chromiumPath } from './scripts/chromium';
import { LONG_PROOFS } from './tests/long-proofs';
import { UNIT_TIMEOUT_MS, unitWorkers } from './tests/unit-lane';
import { machineFactorOnce } from './tests/machine-probe';
import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';

const chromium = chromiumPath();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          // Soak tests run on their own schedule, not in every test run, and so do the long proofs.
          exclude: [...configDefaults.exclude, 'tests/soak/**', ...LONG_PROOFS],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          // The timeouts, stretched in each file by how busy the machine is (tests/setup-timeouts.ts).
          setupFiles: ['tests/setup-timeouts.ts'],
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
          // Most of a test's time is spent waiting on the real processes it starts: three workers a core keep a quiet
          // machine busy, fewer where other work already takes the cores (tests/unit-lane.ts).
          maxWorkers: unitWorkers(),
          fileParallelism: true,
        },
      },
      {
        // The renderer's own Vite setup (react, the @contract alias; CSS is served as the app serves it).
        plugins: [react()],
        // CSS modules named as the app names them (electron.vite.config.ts).
        css: { modules: { localsConvention: 'camelCase' } },
        resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-main/contract.ts') } },
        // Every dependency the views load, bundled before the first test: one found mid-run makes Vite reload the
        // page, and the reloaded page holds a second React ("Invalid hook call").
        optimizeDeps: {
          include: [
            'react',
            'react/jsx-dev-runtime',
            'react-dom',
            'react-dom/client',
            'vitest-browser-react',
            'axe-core',
            'zustand',
            'lucide-react',
            'markdown-to-jsx/react',
            '@cfworker/json-schema',
            '@rjsf/utils',
            '@rjsf/core/lib/components/Form.js',
            '@rjsf/core/lib/components/templates/BaseInputTemplate.js',
            'monaco-editor/editor/editor.api',
            'monaco-editor/internal/common/workers',
            'monaco-editor/languages/features/json/register',
          ],
        },
        test: {
          name: 'components',
          // Under tests/components rather than beside the components: src-renderer/src holds only what ships (the
          // architecture test walks all of it), every test lane lives under tests/, and the `.browser.test.tsx`
          // suffix keeps these out of the unit project's `*.test.ts`.
          include: ['tests/components/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['tests/components/setup.ts'],
          // Stretched by how busy the machine is (tests/machine-probe.ts), as the other lanes' timeouts are; the
          // factor is given to the tests too, for their own waits (tests/machine-factor.ts's `scaled`).
          testTimeout: Math.round(15_000 * machineFactorOnce()),
          provide: { machineFactor: machineFactorOnce() },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1200, height: 800 },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
