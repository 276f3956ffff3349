/**
 * Before any test: builds the CLI bundle for the tests that spawn it (esbuild: well under a second), and measures
 * how busy the machine is (machine-factor.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { machineFactorOnce } from './machine-probe';

export default function setup(project: TestProject): void {
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'inherit' });
  const factor = machineFactorOnce();
  project.provide('machineFactor', factor);
  if (factor > 1) process.stdout.write(`The machine is busy: timing bounds are stretched ${factor}x.\n`);
}
