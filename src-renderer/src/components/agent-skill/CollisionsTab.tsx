/**
 * Agent Skills an agent could confuse, across the workspace's skill folders and the user's own (~/.claude/skills,
 * ~/.agents/skills, …): skills with the same name, with which one each agent keeps by its precedence rules; and
 * descriptions close enough that a model choosing by description may take one for the other, with their score
 * and the words they share marked. The skill on screen's own collisions come first.
 */
import { GitFork, RefreshCw } from 'lucide-react';
import type { SkillCollision } from '@contract';
import { useAgentSkillCollisions } from '../../data/agent-skills';
import { useStore } from '../../store';
import { Button } from '../common/Button';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { CollisionList } from './CollisionList';
import styles from './CollisionsTab.module.css';

export function CollisionsTab({ skillId }: { skillId: string }) {
  const dir = useStore((s) => s.skills.find((k) => k.id === skillId)?.dir);
  const q = useAgentSkillCollisions();
  const head = (
    <header className={styles.head}>
      <div>
        <h2 className={styles.title}>Collisions</h2>
        <p className={styles.sub}>
          Across the open folders’ skills and your own skills folders (<code>~/.claude/skills</code>, <code>~/.agents/skills</code> and the others agents read).
        </p>
      </div>
      <Button icon={<RefreshCw size={13} />} onClick={q.reload} busy={q.loading} disabled={q.loading} data-testid="collisions-refresh">
        Look again
      </Button>
    </header>
  );
  let body;
  if (!q.data) {
    body = q.error ? <ErrorNote title="Collisions could not be looked for" message={q.error} /> : <div className="panel-loading"><Spinner /> Comparing every skill’s name and description…</div>;
  } else if (!q.data.length) {
    body = (
      <EmptyState icon={<GitFork size={22} />} title="No collisions">
        No two skills share a name, and no two descriptions are close enough to confuse a model choosing between them.
      </EmptyState>
    );
  } else {
    const mine = (c: SkillCollision) => !!dir && c.skills.some((s) => s.dir === dir);
    const own = q.data.filter(mine);
    const others = q.data.filter((c) => !mine(c));
    body = (
      <>
        <CollisionList title="This skill’s" collisions={own} current={dir} empty="This skill collides with no other: its name is its own and its description stands apart." />
        {others.length > 0 && <CollisionList title="Elsewhere in the workspace" collisions={others} current={dir} />}
      </>
    );
  }
  return (
    <div className={styles.tab} data-testid="collisions-tab">
      <div className={styles.column}>
        {head}
        {body}
      </div>
    </div>
  );
}
