import type { FormEvent } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import type { Tolerance } from '@contract';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import styles from './ToleranceEditor.module.css';

/** The editor's fields, as typed (numbers stay text until saved). */
export interface ToleranceDraft {
  ignore: string;
  abs: string;
  rel: string;
  pattern: string;
}

export function draftOf(t?: Tolerance | null): ToleranceDraft {
  return {
    ignore: (t?.ignore ?? []).join('\n'),
    abs: t?.numeric?.abs !== undefined ? String(t.numeric.abs) : '',
    rel: t?.numeric?.rel !== undefined ? String(t.numeric.rel) : '',
    pattern: t?.pattern ?? '',
  };
}

/** The draft as a tolerance, or a plain-words reason it is not one; null means "compare exactly". */
export function toleranceOf(d: ToleranceDraft): { tolerance: Tolerance | null } | { problem: string } {
  const t: Tolerance = {};
  const ignore = d.ignore.split(/[\n,]/).map((p) => p.trim()).filter(Boolean);
  if (ignore.length) t.ignore = ignore;
  const numeric: NonNullable<Tolerance['numeric']> = {};
  for (const [k, text] of [['abs', d.abs], ['rel', d.rel]] as const) {
    if (!text.trim()) continue;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) return { problem: `${k === 'abs' ? 'The absolute' : 'The relative'} tolerance must be a number of at least 0.` };
    numeric[k] = n;
  }
  if (Object.keys(numeric).length) t.numeric = numeric;
  if (d.pattern.trim()) {
    try {
      new RegExp(d.pattern);
    } catch (err) {
      return { problem: `The pattern is not a valid regular expression: ${(err as Error).message}` };
    }
    t.pattern = d.pattern;
  }
  return { tolerance: Object.keys(t).length ? t : null };
}

/** How replay compares one call: fields to ignore, a numeric tolerance, or a pattern the result must match. */
export function ToleranceEditor({ draft, onChange, onSave, onClear, busy, error, saved }: {
  draft: ToleranceDraft;
  onChange(d: ToleranceDraft): void;
  onSave(): void;
  onClear(): void;
  busy: boolean;
  error: string | null;
  /** The call has a tolerance in the recording now. */
  saved: boolean;
}) {
  const set = (k: keyof ToleranceDraft) => (e: { target: { value: string } }) => onChange({ ...draft, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  return (
    <form className={styles.tolEditor} onSubmit={submit} aria-label="Replay tolerance for this call" data-testid="tolerance-editor">
      <div className={styles.tolHead}>
        <SlidersHorizontal size={13} aria-hidden="true" />
        <strong>Tolerance for this call</strong>
        <span className="muted small">{saved ? 'saved in the recording' : 'none: compared exactly'}</span>
      </div>
      <div className={styles.tolGrid}>
        <label className="field-label" htmlFor="tol-ignore">Ignore these fields</label>
        <textarea id="tol-ignore" className={`input ${styles.tolIgnore}`} rows={2} value={draft.ignore} onChange={set('ignore')} placeholder={'data.timestamp\ndata.items.*.id'} data-testid="tol-ignore" />
        <span className="field-help">One path a line, dotted from the result (<code>data.…</code> or <code>text.…</code>); <code>*</code> matches any one step.</span>

        <label className="field-label" htmlFor="tol-abs">Numbers may differ by</label>
        <span className={styles.tolNumbers}>
          <input id="tol-abs" className="input input-sm" inputMode="decimal" value={draft.abs} onChange={set('abs')} placeholder="0.01" aria-label="Absolute difference allowed" data-testid="tol-abs" />
          <span className="muted small">or a fraction of</span>
          <input id="tol-rel" className="input input-sm" inputMode="decimal" value={draft.rel} onChange={set('rel')} placeholder="0.05 = 5%" aria-label="Relative difference allowed" data-testid="tol-rel" />
        </span>
        <span className="field-help">Either is enough, as in Python’s math.isclose.</span>

        <label className="field-label" htmlFor="tol-pattern">Or match this pattern</label>
        <input id="tol-pattern" className={`input ${styles.tolPattern}`} value={draft.pattern} onChange={set('pattern')} placeholder={'"cost_usd": \\d+\\.\\d+'} spellCheck={false} data-testid="tol-pattern" />
        <span className="field-help">A regular expression the replayed result (its text, or its data as JSON) must match, instead of being equal.</span>
      </div>
      {error && <ErrorNote message={error} />}
      <div className={styles.tolActions}>
        <Button size="sm" variant="primary" type="submit" busy={busy} disabled={busy} data-testid="tol-save">Save and replay</Button>
        <Button size="sm" onClick={onClear} disabled={busy || !saved} data-testid="tol-clear">Compare exactly</Button>
      </div>
    </form>
  );
}
