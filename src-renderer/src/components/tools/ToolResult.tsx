import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store';
import { Tabs, TabPanel } from '../common/Tabs';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { CallResultView } from './CallResultView';
import { CallHistory } from './CallHistory';
import { RUN_SHORTCUT } from './RunBar';
import { runTool } from '../../actions/tools';
import { CallProgress } from '../mcp/CallProgress';
import { useDomId } from '../../lib/use-dom-id';
import type { ToolInfo } from '@contract';
import { McpAppView } from '../mcp/app/McpAppView';
import { uiResourceOf } from '../mcp/app/app-requests';
// Global class names kept beside the module classes: tests select .tool-result-pane.
import styles from './ToolResult.module.css';

type View = 'result' | 'history';

/** The result pane: the call's result and the history; a tool with an MCP App shows it above its result. */
export function ToolResult({ skillId, tool }: { skillId: string; tool?: ToolInfo }) {
  const [view, setView] = useState<View>('result');
  const { shown, running, runError, historyCount } = useStore(
    useShallow((s) => ({
      shown: s.shownCall[skillId],
      running: s.running[skillId],
      runError: s.runErrors[skillId],
      historyCount: s.history[skillId]?.length ?? 0,
    })),
  );
  const prefix = useDomId('result');
  const appUri = uiResourceOf(tool);
  return (
    <section className={`${styles.toolResultPane} tool-result-pane`} aria-label="Result">
      <Tabs<View>
        tabs={[
          { id: 'result', label: 'Result' },
          { id: 'history', label: 'History', badge: historyCount || undefined },
        ]}
        active={view}
        onChange={setView}
        idPrefix={prefix}
        className="subtabs"
        testIdPrefix="result-tab-"
      />
      <TabPanel idPrefix={prefix} id={view} className={styles.resultScroll}>
        {view === 'result' && tool && appUri && <McpAppView skillId={skillId} tool={tool} uri={appUri} record={shown?.tool === tool.name ? shown : undefined} />}
        {view === 'history' ? (
          <CallHistory skillId={skillId} onOpened={() => setView('result')} />
        ) : running ? (
          <div className={styles.resultRunning} role="status">
            <Spinner size={16} /> <span>Waiting for <strong>{running.tool}</strong> to answer…</span>
            <CallProgress callId={running.callId} />
          </div>
        ) : runError ? (
          <ErrorNote title="The call could not be made" message={runError} />
        ) : shown ? (
          <CallResultView record={shown} checkable onRunAgain={() => void runTool(skillId, shown.tool, shown.args ?? {})} />
        ) : (
          <EmptyState compact title="No result yet">
            Fill in the arguments and press <strong>Run</strong> (<kbd className="kbd">{RUN_SHORTCUT}</kbd>). The answer
            appears here; past calls are under History.
          </EmptyState>
        )}
      </TabPanel>
    </section>
  );
}
