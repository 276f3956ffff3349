import { useState } from 'react';
import { FlaskConical, Play } from 'lucide-react';
import type { EvalSuiteInfo } from '@contract';
import { IconButton } from '../common/Button';
import { useEvalSuites } from '../../data/evals';
import { EvalRunDialog } from './EvalRunDialog';
import styles from './EvalSuites.module.css';

/**
 * The skill's eval suites (`.skillbench/evals/`, beside its collections, and an Agent Skill's `evals/evals.json` as
 * a trigger eval), under its saved requests: each with its cases (or queries), and Run, which runs it on the models
 * chosen and shows the matrix. Nothing shows for a skill with none.
 */
export function EvalSuites({ skillId }: { skillId: string }) {
  const { data, error } = useEvalSuites(skillId);
  const [running, setRunning] = useState<EvalSuiteInfo | null>(null);
  if (error) return <p className={`${styles.evalNote} is-error`}>{error}</p>;
  if (!data?.suites.length) return null;
  return (
    <div className={styles.evalSuites} data-testid="eval-suites">
      <div className={styles.evalHead}>
        <FlaskConical size={12} aria-hidden="true" />
        <span>Evals</span>
      </div>
      <ul className={styles.evalList}>
        {data.suites.map((s) => (
          <li key={s.file} className={styles.evalRow} data-testid="eval-suite" data-name={s.name}>
            <span className={styles.evalName} title={s.file}>{s.name}</span>
            <span className={styles.evalCases} title={s.compares}>{s.error ? 'cannot be read' : s.kind === 'trigger' ? `triggers${s.queries ? `, ${s.queries} ${s.queries === 1 ? 'query' : 'queries'}` : ''}` : `${s.cases.length} case${s.cases.length === 1 ? '' : 's'}`}</span>
            <IconButton size="sm" tone="accent" label={s.kind === 'trigger' ? `Run the trigger eval ${s.name}` : `Run the eval suite ${s.name}`} icon={<Play size={13} />} onClick={() => setRunning(s)} disabled={!!s.error} data-testid="eval-run-open" />
            {s.error && <p className={`${styles.evalNote} is-error`}>{s.error}</p>}
          </li>
        ))}
      </ul>
      {running && <EvalRunDialog skillId={skillId} suite={running} models={data.models} activeModel={data.activeModel} onClose={() => setRunning(null)} />}
    </div>
  );
}
