/**
 * Whether a skill's setup was completed, and what it set, kept beside its state (setup.json) so "needs setup"
 * and the Setup tab's "Configured" survive restarts. A secret answer is stored as the name of its slot in
 * the encrypted store, never as its value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REDACTED, type SetupConfiguration, type SetupFieldType } from '../contract';
import { writeFileAtomicSync } from '../host/atomic-write';
import type { SetupAnswers } from '../protocols/adapter';
import { PRIVATE, PRIVATE_DIR, skillFolder } from '../host/workbench-home';

interface StoredField {
  name: string;
  label: string;
  type: SetupFieldType;
  /** For a secret: the key of its value in the encrypted store (the value itself is not here). */
  secretKey?: string;
  value?: unknown;
}

interface StoredSetup {
  completedAt: string;
  steps?: { id: string; title: string; fields: StoredField[] }[];
}

export interface SetupMarker {
  done(): boolean;
  mark(answers?: SetupAnswers): void;
  /** The last completed setup, secret answers masked. */
  configuration(): SetupConfiguration | null;
}

export function setupMarker(skillDir: string): SetupMarker {
  const file = path.join(skillDir, 'setup.json');
  return {
    done: () => fs.existsSync(file),
    mark: (answers = []) => {
      const doc: StoredSetup = {
        completedAt: new Date().toISOString(),
        steps: answers.map((s) => ({
          id: s.id,
          title: s.title,
          fields: s.fields.map((f) => (f.secretKey ? { name: f.name, label: f.label, type: f.type, secretKey: f.secretKey } : { name: f.name, label: f.label, type: f.type, value: f.value })),
        })),
      };
      fs.mkdirSync(skillDir, { recursive: true, mode: PRIVATE_DIR });
      writeFileAtomicSync(file, JSON.stringify(doc, null, 2) + '\n', PRIVATE);
    },
    configuration: () => {
      if (!fs.existsSync(file)) return null;
      // A marker from before answers were kept (or one broken by hand) still means "configured".
      let doc: StoredSetup = { completedAt: '' };
      try {
        doc = { ...doc, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSetup) };
      } catch {
        /* keep the bare marker */
      }
      const at = Date.parse(doc.completedAt);
      const completedAt = Number.isFinite(at) ? at : fs.statSync(file).mtimeMs;
      const steps = Array.isArray(doc.steps) ? doc.steps : [];
      return {
        completedAt,
        steps: steps.map((s) => ({
          id: String(s.id),
          title: String(s.title ?? s.id),
          fields: (Array.isArray(s.fields) ? s.fields : []).map((f) => {
            const secret = f.type === 'password' || !!f.secretKey;
            // An optional secret left empty was never stored: it reads as not set (null), not as masked.
            const value = secret ? (f.secretKey ? REDACTED : null) : f.value;
            return { name: String(f.name), label: String(f.label ?? f.name), type: f.type, secret, value };
          }),
        })),
      };
    },
  };
}

/** A skill's last completed setup as the UI gets it: secret answers only named (a secret inside another answer is scrubbed as the answer leaves). */
export function setupConfiguration(home: string, skillId: string): SetupConfiguration | null {
  return setupMarker(skillFolder(home, skillId)).configuration();
}
