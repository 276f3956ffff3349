/**
 * Folders of the workspace that look like Agent Skills but are not, each with why and what would make it one:
 * folded away at the foot of the skills list, so they stay calm until asked for.
 */
import { useState } from 'react';
import { ChevronRight, CircleOff } from 'lucide-react';
import { useNotAgentSkills } from '../../data/agent-skills';
import { basename } from '../../lib/format';
import { InlineCode } from '../common/InlineCode';
import styles from './NotSkillsGroup.module.css';

/** `workspaceKey`: the folders and skills found, so that the near misses are looked for again when they change. */
export function NotSkillsGroup({ workspaceKey }: { workspaceKey: string }) {
  const [open, setOpen] = useState(false);
  const q = useNotAgentSkills(workspaceKey);
  const list = q.data ?? [];
  if (!list.length) return null;
  return (
    <section className={styles.group} aria-label="Not skills" data-testid="not-skills">
      <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen(!open)} title="Folders that look like Agent Skills but are not, and why">
        <ChevronRight size={12} className={`${styles.chev}${open ? ' open' : ''}`} aria-hidden="true" />
        <span>Not skills</span>
        <span className={styles.count}>{list.length}</span>
      </button>
      {open && (
        <ul className={styles.list}>
          {list.map((n) => (
            <li key={`${n.dir}:${n.file ?? ''}`} className={styles.item} data-testid="not-skill" title={n.dir}>
              <div className={styles.name}>
                <CircleOff size={11} aria-hidden="true" /> {basename(n.dir)}
                {n.file && <span className={styles.file}>/{n.file}</span>}
              </div>
              <p className={styles.reason}><InlineCode text={n.reason} /></p>
              <p className={styles.fix}><span className={styles.fixLabel}>Fix</span> <InlineCode text={n.fix} /></p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
