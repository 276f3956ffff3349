/**
 * Collisions as cards: a shared name with each agent's pick and why; two close descriptions with their score
 * and the words they share marked in each. Pure: it shows what it is given.
 */
import { Copy, Crown, Equal } from 'lucide-react';
import type { SkillCollision, SkillPlace } from '@contract';
import { sharedWordSpans } from '../../../../src-main/common/content-words';
import { basename } from '../../lib/format';
import { useDomId } from '../../lib/use-dom-id';
import styles from './CollisionList.module.css';

export function CollisionList({ title, collisions, current, empty }: { title: string; collisions: SkillCollision[]; current?: string; empty?: string }) {
  const id = useDomId('collisions');
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 className={styles.groupTitle} id={id}>
        {title} <span className="count">{collisions.length}</span>
      </h3>
      {!collisions.length && empty && <p className={styles.empty}>{empty}</p>}
      {collisions.map((c) => (c.kind === 'name' ? <NameCollision key={key(c)} c={c} current={current} /> : <DescriptionCollision key={key(c)} c={c} current={current} />))}
    </section>
  );
}

const key = (c: SkillCollision) => `${c.kind}:${c.skills.map((s) => s.dir).join('|')}`;

function Place({ p, current }: { p: SkillPlace; current?: string }) {
  return (
    <span className={styles.place} title={p.dir}>
      <span className={`${styles.scope} ${p.scope === 'user' ? styles.scopeUser : ''}`}>{p.scope === 'user' ? 'yours' : 'project'}</span>
      <span className={styles.where}>
        {p.root}/<strong>{basename(p.dir)}</strong>
      </span>
      {p.dir === current && <span className={styles.current}>this skill</span>}
    </span>
  );
}

function NameCollision({ c, current }: { c: SkillCollision; current?: string }) {
  const name = c.skills[0]?.name ?? '';
  return (
    <article className={styles.card} data-testid="collision" data-kind="name" aria-label={`Skills named ${name}`}>
      <div className={styles.cardHead}>
        <Copy size={15} className={styles.icon} aria-hidden="true" />
        <span className={styles.cardTitle}>
          {c.skills.length} skills are named <code>{name}</code>
        </span>
      </div>
      <ul className={styles.places}>
        {c.skills.map((p) => (
          <li key={p.dir}>
            <Place p={p} current={current} />
          </li>
        ))}
      </ul>
      {c.picks && c.picks.length > 0 && (
        <table className={`table ${styles.picks}`} data-testid="collision-picks">
          <caption className="sr-only">Which one each agent keeps</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Keeps</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {c.picks.map((p) => {
              const picked = c.skills.find((s) => s.dir === p.picked);
              return (
                <tr key={p.agent} data-agent={p.agent}>
                  <th scope="row" className={styles.agent}>{p.label}</th>
                  <td>
                    {picked ? (
                      <span className={styles.picked}>
                        <Crown size={12} aria-hidden="true" /> {picked.scope === 'user' ? 'yours' : 'project'}: {picked.root}/{basename(picked.dir)}
                      </span>
                    ) : (
                      <span className="muted">not for sure</span>
                    )}
                  </td>
                  <td className={styles.why}>{p.why}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </article>
  );
}

function DescriptionCollision({ c, current }: { c: SkillCollision; current?: string }) {
  const score = c.score ?? 0;
  const overlap = c.overlap ?? [];
  const meter = useDomId('similar');
  return (
    <article className={styles.card} data-testid="collision" data-kind="description" aria-label={`${c.skills.map((s) => s.name).join(' and ')}: close descriptions`}>
      <div className={styles.cardHead}>
        <Equal size={15} className={styles.icon} aria-hidden="true" />
        <span className={styles.cardTitle}>
          <code>{c.skills[0]?.name}</code> and <code>{c.skills[1]?.name}</code> read alike
        </span>
        <span className={styles.score} data-testid="collision-score">
          <span id={meter}>{Math.round(score * 100)}% alike</span>
          <meter className={styles.meter} min={0} max={1} low={0.3} high={0.5} optimum={0} value={score} aria-labelledby={meter} />
        </span>
      </div>
      <p className={styles.explain}>A model picks a skill by its description: with these, it may take one for the other.</p>
      <div className={styles.pair}>
        {c.skills.map((p) => (
          <div key={p.dir} className={styles.side}>
            <Place p={p} current={current} />
            <p className={styles.description} data-testid="collision-description">
              {sharedWordSpans(p.description ?? '', overlap).map((s, i) => (s.shared ? <mark key={i} className={styles.shared}>{s.text}</mark> : s.text))}
            </p>
          </div>
        ))}
      </div>
      <div className={styles.overlap}>
        <span className={styles.overlapLabel}>Words both use</span>
        <ul className={styles.words} aria-label="Words both descriptions use">
          {overlap.map((w) => (
            <li key={w} data-testid="collision-word">{w}</li>
          ))}
        </ul>
      </div>
      <p className={styles.fix}>Say in each description what sets the skill apart, and when not to use it.</p>
    </article>
  );
}
