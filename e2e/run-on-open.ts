/**
 * Opening a skill runs nothing of it until the user presses Start, or chose "start the skills of this folder when
 * I open them" (remembered in the home's run-on-open.json). The journeys of this suite are about what a running skill
 * does, so their homes hold that choice for the folders they open; `e2e/opening.spec.ts` tests without it.
 */
import fs from 'node:fs';
import path from 'node:path';

export function chooseRunOnOpen(home: string, folders: string[]): void {
  const abs = folders.map((f) => path.resolve(f));
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, 'run-on-open.json'), JSON.stringify({ folders: abs }, null, 2) + '\n');
}
