import { useEffect, useState } from 'react';
import { Package } from 'lucide-react';
import type { EnvProblem, SkillSummary } from '@contract';
import { onEvent, useQuery } from '../../data';
import { Button } from '../common/Button';
import { PrepareEnvDialog } from './PrepareEnvDialog';
import { isUp } from '../../../../src-main/common/skill-status';
import styles from './PythonEnvNote.module.css';

/** Python skills have an environment the workbench can prepare: SkillDefinition skills and namel3ss apps. */
export const hasPythonEnv = (summary: SkillSummary): boolean => summary.protocol === 'skilldef' || summary.protocol === 'namel3ss';

/** One requirement the skill's Python does not meet, in plain words. */
export function problemWords(p: EnvProblem): string {
  if (p.kind === 'missing') return `${p.requirement}: not installed`;
  if (p.kind === 'too-old') return `${p.requirement}: ${p.installed} is installed, which is too old`;
  return `${p.requirement}: ${p.installed} is installed, not a version it accepts`;
}

/**
 * In the skill's header, where its Python lacks a package it lists (or has one too old), or its environment was
 * left unfinished: what is wrong, and "Prepare the environment". Read again when the skill fails to start or comes
 * up, and after a preparation.
 */
export function PythonEnvNote({ summary }: { summary: SkillSummary }) {
  const applies = hasPythonEnv(summary);
  const { data: env, reload } = useQuery('envStatus', [summary.id], { enabled: applies });
  const [open, setOpen] = useState(false);
  // Read again when it fails to start, or comes up (its environment may have been fixed meanwhile).
  const phase = summary.status === 'crashed' ? 'crashed' : isUp(summary.status) ? 'up' : 'down';
  useEffect(() => {
    if (applies && phase !== 'down') reload();
  }, [applies, phase, reload]);
  // A preparation that ended (here or in another window) changes what is missing.
  useEffect(() => (applies ? onEvent('pythonEnv', (e) => e.skillId === summary.id && e.result && reload()) : undefined), [applies, summary.id, reload]);
  if (!applies || !env?.applies) return null;
  const problems = env.problems;
  const needed = problems.length > 0 || env.unfinished !== null || env.run?.running === true;
  return (
    <>
      {needed && (
        <div className={`callout ${styles.envNote}`} data-testid="python-env-note">
          <Package size={14} aria-hidden="true" className={styles.envNoteIcon} />
          <div className={styles.envNoteBody}>
            {env.run?.running ? (
              <p>Its Python environment is being prepared.</p>
            ) : (
              <>
                {env.unfinished && <p>Its Python environment is not finished: {env.unfinished}.</p>}
                {problems.length > 0 && (
                  <>
                    <p>
                      {summary.name} needs {problems.length === 1 ? 'a Python package' : 'Python packages'} that {env.exists ? 'its environment' : 'this computer'} does not
                      have yet:
                    </p>
                    <ul className={styles.envNoteList} data-testid="python-env-problems">
                      {problems.map((p) => (
                        <li key={p.requirement} className="mono">{problemWords(p)}</li>
                      ))}
                    </ul>
                  </>
                )}
                <p className={styles.envNoteHint}>Preparing the environment installs what it lists into a Python environment of its own, where it runs from.</p>
              </>
            )}
            <div>
              <Button size="sm" variant="primary" icon={<Package size={12} />} onClick={() => setOpen(true)} data-testid="prepare-env">
                {env.run?.running ? 'Show the progress' : 'Prepare the environment'}
              </Button>
            </div>
          </div>
        </div>
      )}
      {open && (
        <PrepareEnvDialog
          summary={summary}
          onClose={() => {
            setOpen(false);
            reload();
          }}
        />
      )}
    </>
  );
}
