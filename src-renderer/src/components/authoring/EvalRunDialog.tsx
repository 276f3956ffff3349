import { useState } from 'react';
import { Play } from 'lucide-react';
import type { EvalModel, EvalReport, EvalSuiteInfo, TriggerReport } from '@contract';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { useCommand } from '../../data';
import { EvalMatrix } from './EvalMatrix';
import { TriggerMatrix } from './TriggerMatrix';
import styles from './EvalRunDialog.module.css';

/**
 * Runs an eval suite on the skill with the model profiles chosen (several side by side), and shows the matrix; a
 * trigger suite (or an Agent Skill's evals.json) runs against the workspace's catalog and shows its figures.
 */
export function EvalRunDialog({ skillId, suite, models, activeModel, onClose }: { skillId: string; suite: EvalSuiteInfo; models: EvalModel[]; activeModel?: string; onClose(): void }) {
  const [chosen, setChosen] = useState<string[]>(activeModel ? [activeModel] : models.slice(0, 1).map((m) => m.id));
  const [runs, setRuns] = useState('');
  const [report, setReport] = useState<EvalReport | null>(null);
  const [triggers, setTriggers] = useState<TriggerReport | null>(null);
  const [outputs, setOutputs] = useState(false);
  const cases = useCommand('runEvalSuite');
  const trigger = useCommand('runTriggerEval');
  const isTrigger = suite.kind === 'trigger';
  const { busy, error } = isTrigger ? trigger : cases;
  const runsNumber = runs.trim() ? Number(runs) : null;
  const runsBad = runsNumber !== null && !(Number.isInteger(runsNumber) && runsNumber >= 1 && runsNumber <= 100);
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  const start = async () => {
    setReport(null);
    setTriggers(null);
    if (isTrigger) {
      const t = await trigger.run(skillId, suite.file, chosen, runsNumber, outputs);
      if (t) setTriggers(t);
      return;
    }
    const r = await cases.run(skillId, suite.file, chosen, runsNumber);
    if (r) setReport(r);
  };
  const done = report ?? triggers;
  const asking = isTrigger ? `Asking ${suite.queries ? `${suite.queries} ${suite.queries === 1 ? 'query' : 'queries'}` : 'the queries'}` : `Running ${suite.cases.length} case${suite.cases.length === 1 ? '' : 's'}`;

  return (
    <Dialog size="wide"
      open
      onClose={onClose}
      title={isTrigger ? `Trigger eval “${suite.name}”` : `Eval “${suite.name}”`}
      labelId="eval-run-title"
      footer={
        <>
          <Button worksOffline variant="ghost" onClick={onClose}>Close</Button>
          <Button variant="primary" icon={<Play size={13} />} onClick={() => void start()} busy={busy} disabled={busy || !chosen.length || runsBad} data-testid="eval-run-start">
            {done ? 'Run again' : 'Run'}
          </Button>
        </>
      }
    >
      <div className={styles.evalRun}>
        {models.length ? (
          <fieldset className={styles.modelPick}>
            <legend>Models</legend>
            {models.map((m) => (
              <label key={m.id} className={styles.modelOption}>
                <input type="checkbox" checked={chosen.includes(m.id)} onChange={() => toggle(m.id)} data-testid="eval-model" />
                <span>{m.label}</span>
                <span className="muted small">{m.provider} {m.model}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <ErrorNote tone="warning" message="No model is set up yet: add one in the model settings, then run the suite." />
        )}
        <label className={styles.runsField}>
          <span>{isTrigger ? 'Runs of each query' : 'Runs of each case'}</span>
          <input className="input input-sm" inputMode="numeric" placeholder="as the suite says" value={runs} onChange={(e) => setRuns(e.target.value)} aria-invalid={runsBad} data-testid="eval-runs" />
        </label>
        {isTrigger && suite.compares && (
          <label className={styles.modelOption}>
            <input type="checkbox" checked={outputs} onChange={(e) => setOutputs(e.target.checked)} data-testid="trigger-outputs" />
            <span>Also grade its evals.json answers with its instructions and without (four model requests a case)</span>
          </label>
        )}
        {error && <ErrorNote title="The suite did not run" message={error} />}
        {busy && !done && <div className="panel-loading"><Spinner /> {asking} on {chosen.length} model{chosen.length === 1 ? '' : 's'}…</div>}
        {report && <EvalMatrix report={report} />}
        {triggers && <TriggerMatrix report={triggers} />}
      </div>
    </Dialog>
  );
}
