import { useState } from 'react';
import { Check, CircleAlert, X } from 'lucide-react';
import type { TriggerQueryInfo, TriggerQueryResult, TriggerReport, TriggerSide } from '@contract';
import { formatDuration } from '../../lib/format';
import { Button } from '../common/Button';
import styles from './TriggerMatrix.module.css';

const NONE = '(none)';
const pct = (r: number | null) => (r === null ? '–' : `${Math.round(r * 100)}%`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function expectation(q: TriggerQueryInfo): string {
  if (q.shouldNot !== undefined) return `not ${q.shouldNot}`;
  return q.should ?? 'no skill';
}

/**
 * A trigger eval's result: per model (a pick where there are several), each skill's precision and recall, the
 * collision matrix (rows what the query expects, columns the skill the model activated, counts of runs; a cell
 * lists its queries), each query's trigger rate against the threshold, and the comparison where the run made one.
 */
export function TriggerMatrix({ report }: { report: TriggerReport }) {
  const [model, setModel] = useState(report.models[0]?.id ?? '');
  const [cell, setCell] = useState<{ row: string; col: string } | null>(null);
  const side = report.sides.find((s) => s.model === model && s.variant === 'workspace');
  const main = report.sides.filter((s) => s.variant === 'workspace');
  const asked = main.reduce((n, s) => n + s.queries.length, 0);
  const short = main.reduce((n, s) => n + s.queries.filter((q) => !q.pass && !q.error).length, 0);
  const catalog = report.variants[0]?.skills.filter((s) => !s.hidden).length ?? 0;
  return (
    <div className={styles.triggerMatrix} data-testid="trigger-report">
      <div className={styles.summary} data-testid="trigger-summary">
        <span className={`pill ${report.pass ? 'pill-ok' : 'pill-error'}`}>
          {report.pass ? `All ${asked} pass` : short ? `${short} of ${asked} fall short` : `${report.errors} could not be asked`}
        </span>
        <span className="muted small">
          {plural(report.queries.length, 'query', 'queries')} against {plural(catalog, 'skill')} · {plural(report.runs, 'run')} each · threshold {pct(report.threshold)}
          {report.errors && short ? ` · ${report.errors} could not be asked` : ''} · {formatDuration(report.durationMs)}
        </span>
      </div>
      {report.models.length > 1 && (
        <label className={styles.modelPick}>
          <span>Model</span>
          <select className="input input-sm" value={model} onChange={(e) => (setModel(e.target.value), setCell(null))} data-testid="trigger-model">
            {report.models.map((m) => (
              <option key={m.id} value={m.id}>{m.label}</option>
            ))}
          </select>
        </label>
      )}
      {side && <SideView report={report} side={side} cell={cell} onCell={setCell} />}
      {report.comparison && <Comparison report={report} model={model} />}
    </div>
  );
}

function SideView({ report, side, cell, onCell }: { report: TriggerReport; side: TriggerSide; cell: { row: string; col: string } | null; onCell(c: { row: string; col: string } | null): void }) {
  const queryOf = (id: number) => report.queries.find((q) => q.id === id)!;
  const shownQueries = cell ? side.queries.filter((r) => queryOf(r.query).row === cell.row && r.runs.some((run) => (run.picked ?? NONE) === cell.col)) : side.queries;
  const m = side.matrix;
  return (
    <>
      <section aria-label="Each skill's figures">
        <h3 className="section-title">Skills</h3>
        <table className={`table ${styles.skillTable}`} data-testid="trigger-skills">
          <thead>
            <tr>
              <th scope="col">Skill</th>
              <th scope="col" title="Runs of queries that should activate it">Expected</th>
              <th scope="col" title="Runs that activated it">Picked</th>
              <th scope="col">Precision</th>
              <th scope="col">Recall</th>
              <th scope="col" title="Its should-not queries: runs that activated it anyway">Near misses</th>
            </tr>
          </thead>
          <tbody>
            {side.skills.map((s) => (
              <tr key={s.skill} data-testid="trigger-skill" data-skill={s.skill}>
                <th scope="row">{s.skill}</th>
                <td>{s.expected}</td>
                <td>{s.picked}</td>
                <td className={tone(s.precision)}>{pct(s.precision)}</td>
                <td className={tone(s.recall)}>{pct(s.recall)}</td>
                <td>{s.nearMisses.runs ? `${s.nearMisses.picked} of ${s.nearMisses.runs}` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="Collision matrix">
        <h3 className="section-title">Which skill was picked</h3>
        <p className="muted small">Rows: what the query expects; columns: the skill the model activated; each cell counts runs. A cell lists its queries.</p>
        <div className={styles.scroll}>
          <table className={`table ${styles.matrixTable}`} data-testid="trigger-matrix">
            <thead>
              <tr>
                <th scope="col">Expected \ picked</th>
                {m.columns.map((c) => (
                  <th key={c} scope="col">{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {m.rows.map((row, i) => (
                <tr key={row}>
                  <th scope="row">{row}</th>
                  {m.columns.map((col, j) => {
                    const n = m.counts[i][j];
                    const right = row === col || (row.startsWith('(not ') && col !== row.slice(5, -1));
                    const on = cell?.row === row && cell.col === col;
                    return (
                      <td key={col}>
                        {n ? (
                          <button
                            type="button"
                            className={`${styles.count} ${right ? styles.isRight : styles.isWrong}`}
                            aria-pressed={on}
                            aria-label={`${n} run${n === 1 ? '' : 's'} expecting ${row} picked ${col}${right ? '' : ' (wrong)'}`}
                            onClick={() => onCell(on ? null : { row, col })}
                            data-testid="trigger-cell"
                            data-row={row}
                            data-col={col}
                            data-right={right}
                          >
                            {n}
                          </button>
                        ) : (
                          <span className={styles.zero}>0</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-label="Queries">
        <h3 className="section-title">
          Queries{cell ? ` expecting ${cell.row} that picked ${cell.col}` : ''}
          {cell && (
            <Button worksOffline variant="ghost" size="sm" className={styles.showAll} onClick={() => onCell(null)}>
              Show all
            </Button>
          )}
        </h3>
        <ol className={styles.queryList}>
          {shownQueries.map((r) => (
            <QueryRow key={r.query} q={queryOf(r.query)} r={r} />
          ))}
        </ol>
      </section>
    </>
  );
}

const tone = (v: number | null) => (v === null ? '' : v >= 0.8 ? styles.good : v < 0.5 ? styles.bad : '');

function QueryRow({ q, r }: { q: TriggerQueryInfo; r: TriggerQueryResult }) {
  const picks = new Map<string, number>();
  for (const run of r.runs) picks.set(run.picked ?? NONE, (picks.get(run.picked ?? NONE) ?? 0) + 1);
  return (
    <li className={styles.queryItem} data-testid="trigger-query" data-pass={r.pass}>
      {r.error ? <CircleAlert size={13} className={styles.muted} aria-label="could not be asked" /> : r.pass ? <Check size={13} className={styles.good} aria-label="passed" /> : <X size={13} className={styles.bad} aria-label="fell short" />}
      <span className={styles.queryText} title={`#${q.id}, from ${q.source}`}>{q.query}</span>
      <span className={styles.expects}>expects {expectation(q)}</span>
      <span className={styles.rate}>{r.error ? 'could not be asked' : `trigger rate ${pct(r.triggerRate)}`}</span>
      <span className="muted small">{r.error ?? [...picks].map(([k, n]) => `${k} ${n}/${r.runs.length}`).join(', ')}</span>
    </li>
  );
}

function Comparison({ report, model }: { report: TriggerReport; model: string }) {
  const c = report.comparison!;
  const deltas = c.deltas.filter((d) => d.model === model);
  const stat = (variant: string) => report.sides.find((s) => s.model === model && s.variant === variant)?.skills.find((s) => s.skill === c.skill);
  const a = stat('workspace');
  const b = stat(c.against);
  const outputs = c.outputs?.filter((o) => o.model === model) ?? [];
  return (
    <section aria-label="Comparison" data-testid="trigger-comparison">
      <h3 className="section-title">{c.skill}: as it is, and {c.againstLabel}</h3>
      {a && b && (
        <p className="small" data-testid="trigger-comparison-figures">
          Precision {pct(a.precision)} → {pct(b.precision)}, recall {pct(a.recall)} → {pct(b.recall)}
        </p>
      )}
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Expects</th>
            <th scope="col">As it is</th>
            <th scope="col">{c.against === 'old' ? 'Old version' : 'Without it'}</th>
          </tr>
        </thead>
        <tbody>
          {deltas.map((d) => {
            const q = report.queries.find((x) => x.id === d.query)!;
            return (
              <tr key={d.query} data-testid="trigger-delta">
                <th scope="row" className={styles.queryCell}>{q.query}</th>
                <td>{expectation(q)}</td>
                <td>{pct(d.with)}</td>
                <td>{pct(d.against)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {outputs.length > 0 && (
        <>
          <h3 className="section-title">Its evals.json answers, graded on their expectations</h3>
          <ul className={styles.queryList}>
            {outputs.map((o) => (
              <li key={o.id} className={styles.queryItem} data-testid="trigger-output">
                <span className={styles.queryText}>{o.prompt}</span>
                <span className={styles.rate}>{o.with.error ?? o.against.error ? `could not be graded: ${o.with.error ?? o.against.error}` : `${pct(o.with.passRate)} with its instructions, ${pct(o.against.passRate)} ${c.against === 'old' ? 'with the old ones' : 'without'}`}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
