/**
 * The result side of the Scripts tab: the last run of the skill's scripts (its exit code, stdout, stderr), or
 * the run under way; History holds every run, reopened into the arguments and run again as the Tools tab's are.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store';
import { runTool } from '../../actions/tools';
import { useDomId } from '../../lib/use-dom-id';
import { Tabs, TabPanel } from '../common/Tabs';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { CallHistory } from '../tools/CallHistory';
import { RUN_SHORTCUT } from '../tools/RunBar';
import { ScriptOutput } from './ScriptOutput';
import styles from './ScriptResultPane.module.css';

type View = 'result' | 'history';

export function ScriptResultPane({ skillId }: { skillId: string }) {
  const [view, setView] = useState<View>('result');
  const { shown, running, runError, historyCount } = useStore(
    useShallow((s) => ({
      shown: s.shownCall[skillId],
      running: s.running[skillId],
      runError: s.runErrors[skillId],
      historyCount: s.history[skillId]?.length ?? 0,
    })),
  );
  const prefix = useDomId('script-result');
  return (
    <section className={styles.pane} aria-label="Run">
      <Tabs<View>
        tabs={[
          { id: 'result', label: 'Output' },
          { id: 'history', label: 'History', badge: historyCount || undefined },
        ]}
        active={view}
        onChange={setView}
        idPrefix={prefix}
        className="subtabs"
        testIdPrefix="script-result-tab-"
      />
      <TabPanel idPrefix={prefix} id={view} className={styles.scroll}>
        {view === 'history' ? (
          <CallHistory skillId={skillId} onOpened={() => setView('result')} />
        ) : running ? (
          <div className={styles.running} role="status">
            <Spinner size={16} /> <span>Running <strong>{running.tool}</strong>…</span>
          </div>
        ) : runError ? (
          <ErrorNote title="The script could not be run" message={runError} />
        ) : shown ? (
          <ScriptOutput record={shown} onRunAgain={() => void runTool(skillId, shown.tool, shown.args ?? {})} />
        ) : (
          <EmptyState compact title="Not run yet">
            Give the arguments and press <strong>Run</strong> (<kbd className="kbd">{RUN_SHORTCUT}</kbd>). Its exit code, stdout and
            stderr appear here; past runs are under History.
          </EmptyState>
        )}
      </TabPanel>
    </section>
  );
}
