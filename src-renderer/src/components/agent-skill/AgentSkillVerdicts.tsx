/**
 * An Agent Skill's validation beyond its findings, as the Validation tab shows it: whether the specification's
 * reference validator accepts it (its own messages), what each agent would do with it and why (the dialect
 * table, kept as data in the engine), and OpenHuman's skill.toml: its inputs as the form OpenHuman asks with,
 * and its preflight gates with their checks in order.
 */
import { useState } from 'react';
import { CircleCheckBig, CircleX, DoorOpen } from 'lucide-react';
import type { AgentSkillValidation, DialectVerdict, OpenHumanManifest } from '@contract';
import { basename } from '../../lib/format';
import { useDomId } from '../../lib/use-dom-id';
import { ArgsForm } from '../form/ArgsForm';
import { InlineCode } from '../common/InlineCode';
import { plural } from './tokens';
import styles from './AgentSkillVerdicts.module.css';

type Verdicts = Omit<AgentSkillValidation, 'findings'>;

export function ReferenceVerdict({ reference }: { reference: Verdicts['reference'] }) {
  return (
    <section className={`${styles.reference} ${reference.valid ? styles.accepted : styles.rejected}`} aria-label="The reference validator" data-testid="reference-verdict" data-valid={reference.valid}>
      {reference.valid ? <CircleCheckBig size={18} aria-hidden="true" /> : <CircleX size={18} aria-hidden="true" />}
      <div>
        <div className={styles.referenceTitle}>
          The specification’s reference validator (skills-ref) {reference.valid ? 'accepts this skill' : `rejects this skill: ${plural(reference.errors.length, 'error')}`}
        </div>
        {reference.errors.length > 0 && (
          <ul className={styles.referenceErrors}>
            {reference.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const OUTCOME_PILL: Record<DialectVerdict['outcome'], string> = { loads: 'pill-ok', ignores: 'pill-muted', rejects: 'pill-error' };

/** Each agent's verdict with its reasons; with a skill.toml, a column for what each makes of it (OpenHuman alone reads it). */
export function DialectTable({ dialects, openhuman }: { dialects: DialectVerdict[]; openhuman?: OpenHumanManifest }) {
  const id = useDomId('dialects');
  return (
    <section aria-labelledby={id} data-testid="dialect-table">
      <h2 className={styles.sectionTitle} id={id}>What each agent does with it</h2>
      <div className="table-scroll">
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Does</th>
              <th scope="col">Why</th>
              {openhuman && <th scope="col">{basename(openhuman.file)}</th>}
            </tr>
          </thead>
          <tbody>
            {dialects.map((d) => (
              <tr key={d.agent} data-testid="dialect-row" data-agent={d.agent} data-outcome={d.outcome}>
                <th scope="row" className={styles.agent}>{d.label}</th>
                <td>
                  <span className={`pill ${OUTCOME_PILL[d.outcome]}`}>{d.outcome}</span>
                </td>
                <td className={styles.why}>
                  <ul className={styles.reasons}>
                    {d.reasons.map((r, i) => (
                      <li key={i}><InlineCode text={r} /></li>
                    ))}
                  </ul>
                  {d.knownExtraKeys.length > 0 && (
                    <div className={styles.keys}>
                      Understands {d.knownExtraKeys.map((k) => <code key={k}>{k}</code>)}
                    </div>
                  )}
                  <details className={styles.source}>
                    <summary>Where this is documented</summary>
                    <p>{d.source}</p>
                  </details>
                </td>
                {openhuman && <td className={styles.toml}>{d.agent === 'openhuman' ? tomlVerdict(openhuman) : 'Not read'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function tomlVerdict(m: OpenHumanManifest): string {
  if (m.problems.length) return 'Refused: it runs SKILL.md alone (see below)';
  return `Read: ${plural(m.inputs.length, 'input')}, ${plural(m.gates.length, 'preflight gate')}`;
}

/** OpenHuman's skill.toml: its problems, its inputs as a form, its preflight gates. */
export function OpenHumanSection({ manifest: m }: { manifest: OpenHumanManifest }) {
  const id = useDomId('openhuman');
  const [values, setValues] = useState<unknown>({});
  return (
    <section className={styles.openhuman} aria-labelledby={id} data-testid="openhuman">
      <h2 className={styles.sectionTitle} id={id}>
        OpenHuman’s <code>{basename(m.file)}</code>
      </h2>
      <dl className="facts">
        <dt>id</dt>
        <dd>{m.id ?? <span className="muted">none</span>}</dd>
        <dt>when_to_use</dt>
        <dd>{m.whenToUse ?? <span className="muted">none</span>}</dd>
      </dl>
      {m.problems.length > 0 && (
        <ul className={styles.problems} data-testid="openhuman-problems">
          {m.problems.map((p) => (
            <li key={p}><InlineCode text={p} /></li>
          ))}
        </ul>
      )}
      <div className={styles.ohGrid}>
        <div className={styles.ohCard}>
          <h3 className={styles.ohTitle}>Inputs</h3>
          {m.inputs.length ? (
            <>
              <p className={styles.ohNote}>OpenHuman asks for these when the skill runs. Filling them here checks them against their declared types.</p>
              <div data-testid="openhuman-form">
                <ArgsForm schema={m.form} value={values} onChange={setValues} idPrefix={`${id}-input`} liveValidate onRun={() => undefined} />
              </div>
            </>
          ) : (
            <p className={styles.ohNote}>None declared.</p>
          )}
        </div>
        <div className={styles.ohCard}>
          <h3 className={styles.ohTitle}>
            <DoorOpen size={14} aria-hidden="true" /> Preflight gates
          </h3>
          {m.gates.length ? (
            m.gates.map((g) => (
              <div key={g.name} className={styles.gate} data-testid="preflight-gate">
                <div className={styles.gateHead}>
                  <code>[{g.name}]</code>
                  <span className={`pill ${g.required ? 'pill-busy' : 'pill-muted'}`}>{g.required ? 'required' : 'not required'}</span>
                  {g.identityMatch && <span className={styles.ohNote}>identity_match = {g.identityMatch}</span>}
                </div>
                <ol className={styles.checks}>
                  {g.checks.map((c) => (
                    <li key={c}><InlineCode text={c} /></li>
                  ))}
                </ol>
              </div>
            ))
          ) : (
            <p className={styles.ohNote}>None: OpenHuman runs the skill without a check first.</p>
          )}
        </div>
      </div>
    </section>
  );
}
