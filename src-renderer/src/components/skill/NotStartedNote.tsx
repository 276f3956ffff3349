import { useState } from 'react';
import { Play } from 'lucide-react';
import type { SkillInfo, SkillSummary } from '@contract';
import { startSkill, setRunOnOpen } from '../../actions/workspace';
import { Button } from '../common/Button';
import styles from './NotStartedNote.module.css';

/**
 * Opening a skill runs nothing of it: until the user presses Start, the header says so, and what Start will run
 * (an agent's schedules run the script on their own once armed). "When opened" is remembered per folder.
 */
export function NotStartedNote({ summary, info }: { summary: SkillSummary; info: SkillInfo }) {
  const [always, setAlways] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a start that failed, the failure is the news (StartFailure), and the header's Start tries again.
  if (!info.notStarted || summary.status !== 'stopped') return null;
  // A QuickJS skill has nothing to start here: its notes say why, and Start would only read its files again.
  if (summary.protocol === 'quickjs') {
    return (
      <div className={`callout ${styles.calloutNotStarted}`} data-testid="not-started">
        <p>Not run: the workbench does not run QuickJS skills yet. Its manifest and tools are read from its files.</p>
      </div>
    );
  }
  const schedules = info.agent?.schedules.filter((s) => s.enabled).length ?? 0;
  const start = async () => {
    setBusy(true);
    if (always) await setRunOnOpen(summary.root, true);
    await startSkill(summary.id);
    setBusy(false);
  };
  return (
    <div className={`callout ${styles.calloutNotStarted}`} data-testid="not-started">
      <p>
        Not started: opening a skill only reads its files{info.tools.length ? '' : ', so its tools show once it runs'}.
        {schedules > 0 && ` Starting it arms its ${schedules === 1 ? 'schedule' : `${schedules} schedules`} from agent.yaml: the script then runs by itself at ${schedules === 1 ? 'its time' : 'their times'}.`}
      </p>
      <div className={styles.notStartedActions}>
        <Button size="sm" variant="primary" icon={<Play size={12} />} onClick={() => void start()} busy={busy} disabled={busy} data-testid="not-started-start">
          Start {summary.name}
        </Button>
        <label>
          <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} data-testid="run-on-open" />
          Start the skills of this folder when I open them
        </label>
      </div>
    </div>
  );
}
