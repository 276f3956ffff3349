/**
 * An Agent Skill's scripts as tools: each with its usage, run once with a list of arguments and text on stdin,
 * its exit code, stdout and stderr shown. Before a script first runs (and after it changed) the workbench's
 * warning comes first, and the run waits for the user. The runs are the skill's calls (callTool), so they are in
 * History, the Messages tab and the logs as any call, and confinement applies as the skill's settings say.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SquareTerminal } from 'lucide-react';
import type { AgentSkillScript, ToolInfo } from '@contract';
import { draftKey, useStore } from '../../store';
import { useCommand } from '../../data';
import { useAgentSkillView } from '../../data/agent-skills';
import { runTool } from '../../actions/tools';
import { loadInfo } from '../../actions/workspace';
import { useDomId } from '../../lib/use-dom-id';
import { Button } from '../common/Button';
import { ScriptWarning } from '../common/ScriptWarning';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { ToolList } from '../tools/ToolList';
import { RunBar } from '../tools/RunBar';
import { ConfinementNote } from '../skill/ConfinementNote';
import { ArgsListEditor } from './ArgsListEditor';
import { ScriptResultPane } from './ScriptResultPane';
import { readScriptDraft, scriptCallArgs, type ScriptDraft } from './script-args';
import styles from './ScriptsTab.module.css';
import toolsStyles from '../tools/tools.module.css';

const LANGUAGE: Record<AgentSkillScript['language'], string> = { python: 'Python', shell: 'Shell', node: 'Node', other: 'Executable' };

export function ScriptsTab({ skillId }: { skillId: string }) {
  const { info, error, selected, setSelected } = useStore(
    useShallow((s) => ({ info: s.infos[skillId], error: s.infoErrors[skillId], selected: s.selectedTool[skillId], setSelected: s.setSelectedTool })),
  );
  const view = useAgentSkillView(skillId);
  if (!info) {
    if (error) {
      return (
        <div className="panel-pad">
          <ErrorNote title="Could not read this skill" message={error}>
            <Button size="sm" onClick={() => void loadInfo(skillId, true)}>Try again</Button>
          </ErrorNote>
        </div>
      );
    }
    return <div className="panel-loading"><Spinner /> Reading the skill’s scripts…</div>;
  }
  if (!info.tools.length) {
    return (
      <EmptyState icon={<SquareTerminal size={22} />} title="No scripts">
        This skill has no runnable file in <code>scripts/</code>: an agent only reads it. A script is a Python file with a
        <code> __main__</code> block or that reads its arguments, a shell or Node script, or any file with a <code>#!</code> line.
      </EmptyState>
    );
  }
  const tool = info.tools.find((t) => t.name === selected) ?? info.tools[0];
  const script = view.data?.scripts.find((s) => s.name === tool.name);
  return (
    <div className={toolsStyles.toolsTab} data-testid="scripts-tab">
      <div className={toolsStyles.toolsSide}>
        <ToolList tools={info.tools} selected={tool.name} onSelect={(name) => setSelected(skillId, name)} />
      </div>
      <div className={toolsStyles.toolWorkspace}>
        <ScriptRequest key={`${skillId}:${tool.name}`} skillId={skillId} tool={tool} script={script} />
        <ScriptResultPane skillId={skillId} />
      </div>
    </div>
  );
}

function ScriptRequest({ skillId, tool, script }: { skillId: string; tool: ToolInfo; script: AgentSkillScript | undefined }) {
  const key = draftKey(skillId, tool.name);
  const { draft, setDraft, running, info } = useStore(
    useShallow((s) => ({ draft: s.drafts[key], setDraft: s.setDraft, running: !!s.running[skillId], info: s.infos[skillId] })),
  );
  const d = readScriptDraft(draft);
  const set = (next: Partial<ScriptDraft>) => setDraft(skillId, tool.name, scriptCallArgs({ ...d, ...next }));
  const warning = useCommand('scriptRunWarning');
  // The warning the workbench gave for this script, waiting for the user's word before the run.
  const [pending, setPending] = useState<string | null>(null);
  const id = useDomId('script');

  const go = () => {
    setPending(null);
    void runTool(skillId, tool.name, scriptCallArgs(d));
  };
  const run = async () => {
    if (running || warning.busy) return;
    const said = await warning.run(skillId, tool.name);
    if (said === undefined) return;
    if (said) setPending(said);
    else go();
  };

  return (
    <section className={styles.request} aria-label={`Run ${tool.name}`} onKeyDown={(e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        void run();
      }
    }}>
      <div className={toolsStyles.paneHead}>
        <div className={toolsStyles.paneTitle}>
          <span className={`${toolsStyles.toolName} tool-name`}>{tool.name}</span>
        </div>
        {script && <span className="pill pill-muted">{LANGUAGE[script.language]}</span>}
        {script?.actionScript && (
          <span className="pill pill-muted" title="It also reads an action request ({action, params}) on stdin: it is listed as an action skill too.">also an action script</span>
        )}
      </div>
      <div className={styles.requestBody}>
        {script?.usage ? (
          <div>
            <h3 className={styles.label}>Usage, as the script says it</h3>
            <pre className={styles.usage} data-testid="script-usage">{script.usage}</pre>
          </div>
        ) : (
          <p className={styles.hint}>The script says nothing of its arguments (no docstring, header comment or argparse arguments).</p>
        )}
        {info && <ConfinementNote info={info} />}
        <div>
          <h3 className={styles.label} id={`${id}-args`}>Arguments</h3>
          <p className={styles.hint}>Each one is passed as it is, in order: no shell reads them, so spaces and quotes need no escaping.</p>
          <ArgsListEditor args={d.args} onChange={(args) => set({ args })} idPrefix={`${id}-arg`} />
        </div>
        <div>
          <label className={styles.label} htmlFor={`${id}-stdin`}>Standard input <span className={styles.optional}>optional</span></label>
          <textarea
            id={`${id}-stdin`}
            className="input textarea"
            value={d.stdin}
            spellCheck={false}
            rows={3}
            placeholder="Text the script reads on its stdin"
            onChange={(e) => set({ stdin: e.target.value })}
            data-testid="script-stdin"
          />
        </div>
        {pending && (
          <ScriptWarning text={pending} alert testId="script-warning">
            <div className="button-row">
              <Button variant="primary" size="sm" onClick={go} data-testid="script-run-anyway">Run it</Button>
              <Button size="sm" onClick={() => setPending(null)}>Not now</Button>
            </div>
          </ScriptWarning>
        )}
        {warning.error && <ErrorNote title="The script cannot be run" message={warning.error} />}
      </div>
      <RunBar skillId={skillId} onRun={() => void run()} disabledReason={pending ? 'Answer the warning above first' : undefined} />
    </section>
  );
}
