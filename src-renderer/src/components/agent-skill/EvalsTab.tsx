/**
 * An Agent Skill's own evals: its `evals/evals.json` (queries that should and should not make a model pick it) and
 * the workspace's suites for it, each with Run. An Agent Skill has no Tools tab, under which other skills list theirs.
 */
import { FlaskConical } from 'lucide-react';
import { useEvalSuites } from '../../data/evals';
import { EvalSuites } from '../authoring/EvalSuites';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import layout from './CollisionsTab.module.css';

export function EvalsTab({ skillId }: { skillId: string }) {
  const { data, error } = useEvalSuites(skillId);
  let body;
  if (!data) {
    body = error ? <ErrorNote title="Its evals could not be read" message={error} /> : <div className="panel-loading"><Spinner /> Reading its evals…</div>;
  } else if (!data.suites.length) {
    body = (
      <EmptyState icon={<FlaskConical size={22} />} title="No evals yet">
        Add <code>evals/evals.json</code> to the skill’s folder: queries that should make a model pick this skill, and some that should not. They show here with Run, and <code>skillbench eval</code> runs them too.
      </EmptyState>
    );
  } else {
    body = <EvalSuites skillId={skillId} />;
  }
  return (
    <div className={layout.tab} data-testid="evals-tab">
      <div className={layout.column}>
        <header className={layout.head}>
          <div>
            <h2 className={layout.title}>Evals</h2>
            <p className={layout.sub}>Whether a model picks this skill for the queries it should, and leaves it for the others.</p>
          </div>
        </header>
        {body}
      </div>
    </div>
  );
}
