/** Whether a skill's setup was completed, kept beside its state so "needs setup" survives restarts. */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE, PRIVATE_DIR } from '../host/workbench-home';

export function setupMarker(skillDir: string): { done(): boolean; mark(): void } {
  const file = path.join(skillDir, 'setup.json');
  return {
    done: () => fs.existsSync(file),
    mark: () => {
      fs.mkdirSync(skillDir, { recursive: true, mode: PRIVATE_DIR });
      writeFileAtomicSync(file, JSON.stringify({ completedAt: new Date().toISOString() }) + '\n', PRIVATE);
    },
  };
}
