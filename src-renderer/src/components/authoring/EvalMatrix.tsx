import { useState } from 'react';
import { Check, CircleAlert, X } from 'lucide-react';
import type { EvalCell, EvalReport, EvalRun } from '@contract';
import { formatDuration } from '../../lib/format';
import { DifferenceList } from '../recordings/DifferenceList';
import styles from './EvalMatrix.module.css';

const pct = (r: number) => `${Math.round(r * 100)}%`;
/** The runs a cell must pass: its pass rate of its runs, rounded up (as the engine counts, qa/eval-run.ts). */
const needed = (rate: number, runs: number) => Math.max(0, Math.ceil(rate * runs - 1e-9));

/**
 * An eval's result as a matrix: its cases down, its models across, each cell the runs that passed against the
 * case's pass rate. A cell opens what its runs did, against what was expected, field by field.
 */
export function EvalMatrix({ report }: { report: EvalReport }) {
  const firstBad = report.cells.find((c) => !c.pass);
  const [picked, setPicked] = useState<{ c: string; m: string } | null>(firstBad ? { c: firstBad.case, m: firstBad.model } : null);
  const cellOf = (c: string, m: string) => report.cells.find((x) => x.case === c && x.model === m);
  const short = report.cells.filter((c) => !c.pass && !c.error).length;
  const open = picked ? cellOf(picked.c, picked.m) : undefined;
  return (
    <div className={styles.evalMatrix} data-testid="eval-matrix">
      <div className={styles.evalSummary} data-testid="eval-summary">
        <span className={`pill ${report.pass ? 'pill-ok' : 'pill-error'}`}>
          {report.pass ? `All ${report.cells.length} pass` : short ? `${short} of ${report.cells.length} fall short` : `${report.errors} could not run`}
        </span>
        <span className="muted small">
          {report.cases.length} case{report.cases.length === 1 ? '' : 's'} × {report.models.length} model{report.models.length === 1 ? '' : 's'}
          {report.errors && short ? ` · ${report.errors} could not run` : ''} · {formatDuration(report.durationMs)}
        </span>
      </div>
      <table className={`table ${styles.matrixTable}`}>
        <thead>
          <tr>
            <th scope="col">Case</th>
            {report.models.map((m) => (
              <th key={m.id} scope="col" title={`${m.provider} ${m.model}${m.baseUrl ? ` at ${m.baseUrl}` : ''}`}>{m.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.cases.map((c) => (
            <tr key={c.name}>
              <th scope="row">
                <span className={styles.caseName}>{c.name}</span>
                <span className={styles.caseNeeds}>{c.runs} run{c.runs === 1 ? '' : 's'}, needs {pct(c.passRate)}</span>
              </th>
              {report.models.map((m) => {
                const cell = cellOf(c.name, m.id);
                if (!cell) return <td key={m.id} className="muted">not run</td>;
                const on = picked?.c === c.name && picked.m === m.id;
                return (
                  <td key={m.id}>
                    <button
                      type="button"
                      className={`${styles.cell} ${cell.error ? styles.isError : cell.pass ? styles.isPass : styles.isFail}`}
                      aria-pressed={on}
                      onClick={() => setPicked(on ? null : { c: c.name, m: m.id })}
                      data-testid="eval-cell"
                      data-case={c.name}
                      data-model={m.id}
                      data-pass={cell.pass}
                      title={cellTitle(cell, c.runs)}
                    >
                      {cell.error ? <CircleAlert size={13} aria-hidden="true" /> : cell.pass ? <Check size={13} aria-hidden="true" /> : <X size={13} aria-hidden="true" />}
                      <span>{cell.error ? 'error' : `${cell.passed}/${cell.runs.length}`}</span>
                      {!cell.error && <span className={styles.cellRate}>{pct(cell.rate)}</span>}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {open && <CellDetail cell={open} model={report.models.find((m) => m.id === open.model)?.label ?? open.model} runs={report.cases.find((c) => c.name === open.case)?.runs ?? open.runs.length} />}
    </div>
  );
}

function cellTitle(cell: EvalCell, runs: number): string {
  if (cell.error) return `Could not run: ${cell.error}`;
  return `${cell.passed} of ${cell.runs.length} runs passed; it needs ${needed(cell.threshold, runs)}`;
}

function CellDetail({ cell, model, runs }: { cell: EvalCell; model: string; runs: number }) {
  return (
    <section className={styles.cellDetail} aria-label={`${cell.case} on ${model}`} data-testid="eval-cell-detail">
      <h3 className="section-title">
        {cell.case} on {model}: {cell.error ? 'could not run' : `${cell.passed} of ${cell.runs.length} runs passed (needs ${needed(cell.threshold, runs)})`}
      </h3>
      {cell.error && <p className={styles.cellError}>{cell.error}</p>}
      <ol className={styles.runList}>
        {cell.runs.map((r) => (
          <RunRow key={r.n} run={r} />
        ))}
      </ol>
    </section>
  );
}

function RunRow({ run: r }: { run: EvalRun }) {
  return (
    <li className={styles.runItem} data-testid="eval-run" data-pass={r.pass}>
      <div className={styles.runHead}>
        {r.pass ? <Check size={13} className={styles.ok} aria-label="passed" /> : <X size={13} className={styles.bad} aria-label="failed" />}
        <span className={styles.runName}>Run {r.n}</span>
        <span className={styles.runCalls}>{r.toolCalls.length ? r.toolCalls.map((c) => c.tool).join(' → ') : 'no tool call'}</span>
        <span className="spacer" />
        <span className="muted small">{formatDuration(r.durationMs)}</span>
      </div>
      {r.checks.filter((k) => !k.pass).map((k, i) => (
        <div key={i} className={styles.check} data-testid="eval-check">
          <div><span className={styles.checkWhat}>Expected</span> <code>{k.expected}</code></div>
          <div><span className={styles.checkWhat}>The model</span> {k.message}</div>
          {k.differences && k.differences.length > 0 && <DifferenceList differences={k.differences} testId="eval-differences" />}
        </div>
      ))}
      {r.answer && <p className={styles.answer} title="The last turn's answer">{r.answer}</p>}
    </li>
  );
}
