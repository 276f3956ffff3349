import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SkillExposure, SkillSummary } from '@contract';
import { useStore } from '../../store';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { ExposedEntry } from './ExposedEntry';

import { isUp } from '../../../../src-main/common/skill-status';
import { useDomId } from '../../lib/use-dom-id';
import styles from './InteropTab.module.css';

/** What one skill exposes; a skill that is not running is listed once the user asks (that starts it). */
function SkillSection({ skill, self, auto }: { skill: SkillSummary; self: boolean; auto: boolean }) {
  const [exposure, setExposure] = useState<SkillExposure | null>(null);
  const { run: list, busy, error } = useCommand('listExposed');
  const load = useCallback(async () => {
    const r = await list(skill.id);
    if (r) setExposure(r);
  }, [list, skill.id]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads on mount and for another skill; the busy flag is set as the request starts
    if (auto) void load();
  }, [auto, load]);

  const titleId = useDomId('interop');
  const empty = exposure && !exposure.data.length && !exposure.functions.length;
  return (
    <section className="card interop-skill" aria-labelledby={titleId} data-testid={`interop-skill-${skill.id}`}>
      <div className={styles.interopSkillHead}>
        <h2 id={titleId} className="card-title">
          {self ? `${skill.name} (this skill)` : skill.name}
        </h2>
        {busy && <Spinner />}
        {!exposure && !busy && (
          <Button size="sm" onClick={() => void load()}>
            {isUp(skill.status) ? 'List what it exposes' : 'Start it and list what it exposes'}
          </Button>
        )}
      </div>
      {error && <ErrorNote message={error} />}
      {exposure?.note && <p className="muted">{exposure.note}</p>}
      {empty && !exposure.note && <p className="muted">It exposes nothing to other skills.</p>}
      {!!exposure?.functions.length && (
        <>
          <h3 className={styles.interopKind}>Functions</h3>
          <ul className={styles.interopList}>
            {exposure.functions.map((f) => <ExposedEntry key={f.name} skillId={skill.id} kind="function" entry={f} />)}
          </ul>
        </>
      )}
      {!!exposure?.data.length && (
        <>
          <h3 className={styles.interopKind}>Data</h3>
          <ul className={styles.interopList}>
            {exposure.data.map((d) => <ExposedEntry key={d.name} skillId={skill.id} kind="data" entry={d} />)}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Skills using each other: what this skill and the other open SkillDefinition skills expose (functions and
 * data, for skills or for the app), and a form to call each, as another skill would.
 */
export function InteropTab({ skillId }: { skillId: string }) {
  const skills = useStore(useShallow((s) => s.skills.filter((k) => k.protocol === 'skilldef')));
  const self = skills.find((k) => k.id === skillId);
  const others = skills.filter((k) => k.id !== skillId);
  return (
    <div className={`${styles.interopTab} panel-pad`}>
      <p className={`muted ${styles.interopIntro}`}>
        Skills can use each other through the workbench: a skill asks with <code>ctx.skills.call_function(…)</code>, and the
        workbench passes the call to the other skill, starting it if needed. Call one here to see what it answers.
      </p>
      {self && <SkillSection skill={self} self auto />}
      {others.map((k) => <SkillSection key={k.id} skill={k} self={false} auto={isUp(k.status)} />)}
    </div>
  );
}
