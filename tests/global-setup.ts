/** Builds the CLI bundle once before the tests that spawn it (esbuild: well under a second). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'inherit' });
}
