/** Whether a skill's setup was completed, kept beside its state so "needs setup" survives restarts. */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../host/atomic-write';

export function setupMarker(skillDir: string): { done(): boolean; mark(): void } {
  const file = path.join(skillDir, 'setup.json');
  return {
    done: () => fs.existsSync(file),
    mark: () => {
      fs.mkdirSync(skillDir, { recursive: true });
      writeFileAtomicSync(file, JSON.stringify({ completedAt: new Date().toISOString() }) + '\n');
    },
  };
}
