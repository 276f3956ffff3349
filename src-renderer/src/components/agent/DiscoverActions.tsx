import { useState } from 'react';
import { TriangleAlert, Zap } from 'lucide-react';
import type { SkillInfo } from '@contract';
import { Button } from '../common/Button';
import { Dialog } from '../common/Dialog';
import { discoverActions } from '../../actions/agents';
import { useDomId } from '../../lib/use-dom-id';
import styles from './DiscoverActions.module.css';

/**
 * "Discover by running": the only way the workbench runs an action script to learn its actions. It
 * warns first (a script without dispatch does its whole job: a crawl, a database write) and runs only
 * once the user says the script is safe to run.
 */
export function DiscoverActions({ skillId, info }: { skillId: string; info: SkillInfo }) {
  const labelId = useDomId('discover');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const script = info.entry ? info.entry.split(/[\\/]/).pop() : info.name;
  const run = async () => {
    setBusy(true);
    const ok = await discoverActions(skillId);
    setBusy(false);
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button size="sm" variant="ghost" icon={<Zap size={12} />} onClick={() => setOpen(true)} data-testid="discover-by-running" title="Run the script once with an unknown action to read the actions it lists">
        Discover by running
      </Button>
      <Dialog
        open={open}
        title="Run the script to discover its actions?"
        labelId={labelId}
        onClose={() => !busy && setOpen(false)}
        footer={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>Cancel</Button>
            <Button variant="danger" busy={busy} onClick={() => void run()} data-testid="discover-confirm">It is safe: run it</Button>
          </>
        }
      >
        <div className={styles.discoverText}>
        <p className={`callout ${styles.calloutWarning}`}>
          <TriangleAlert size={14} aria-hidden="true" /> This runs <code>{script}</code> for real, once, with an action it cannot know.
        </p>
        <p>
          A script that dispatches on its action answers with the list of actions it supports. A script that does not
          does its whole job instead: it may crawl websites, write files or change a database.
        </p>
        <p className="muted">
          The workbench learnt the actions listed now by reading the script, without running it. Run it only if you know
          it is safe to run.
        </p>
        </div>
      </Dialog>
    </>
  );
}
