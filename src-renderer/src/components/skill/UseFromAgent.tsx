import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleCheck, Copy, FilePlus, Plug } from 'lucide-react';
import type { AgentClient, AgentConfig, AgentInstall, SkillSummary } from '@contract';
import * as skillreport from '../../actions/skill-report';
import { copyText } from '../../lib/clipboard';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { TabPanel, Tabs } from '../common/Tabs';
import { useAction } from '../../data';
// Global class names kept beside the module classes: .use-from-agent is styled in its context by Tabs.module.css.
import styles from './UseFromAgent.module.css';

/** The header's "Use from an agent" button and the dialog it opens. */
export function UseFromAgentButton({ summary }: { summary: SkillSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" icon={<Plug size={12} />} onClick={() => setOpen(true)} data-testid="use-from-agent" aria-label={`Use from an agent: ${summary.name}`} title="Use from an agent">
        <span className={styles.useFromAgentLabel}>Use from an agent</span>
      </Button>
      {open && <UseFromAgentDialog summary={summary} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The config an MCP client (Claude Desktop, Cursor, VS Code) needs to run this skill through
 * `skillbench mcp`, exactly as the engine makes it (the CLI's --print-config prints the same), to copy.
 */
function UseFromAgentDialog({ summary, onClose }: { summary: SkillSummary; onClose(): void }) {
  const [config, setConfig] = useState<AgentConfig | null>(null);
  const [client, setClient] = useState<AgentClient>('claude');
  const { error, act } = useAction();
  const adding = useAction();
  const [added, setAdded] = useState<AgentInstall | null>(null);
  const pick = (c: AgentClient) => {
    setClient(c);
    setAdded(null);
    adding.setError(null);
  };
  useEffect(() => {
    void act(() => skillreport.agentConfig(summary.id)).then((c) => c && setConfig(c));
  }, [summary.id, act]);
  const snippet = config?.snippets.find((s) => s.client === client);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Use ${summary.name} from an agent`}
      labelId="use-from-agent-title"
      footer={<Button variant="ghost" onClick={onClose} data-testid="use-from-agent-close">Close</Button>}
    >
      <div className={`${styles.useFromAgent} use-from-agent`} data-testid="use-from-agent-dialog">
        <p className="field-help">
          AI apps that speak MCP can use {summary.name} as a tool server: they start it through Skill Workbench, which keeps its
          settings, its setup and its secrets (they never reach the app). Add it to the app’s configuration here, or copy it there
          yourself, then restart the app.
        </p>
        {!config && !error && <div className="panel-loading"><Spinner /> Making the configuration…</div>}
        {error && <ErrorNote message={error} />}
        {config && snippet && (
          <>
            <Tabs<AgentClient>
              idPrefix="agent-config"
              testIdPrefix="agent-config-tab-"
              active={client}
              onChange={pick}
              tabs={config.snippets.map((s) => ({ id: s.client, label: s.label }))}
            />
            <TabPanel idPrefix="agent-config" id={client}>
              <p className={styles.useFromAgentWhere}>
                Add it to <span data-testid="agent-config-where">{snippet.where}</span>.
              </p>
              <pre className={styles.useFromAgentSnippet} data-testid="agent-config-snippet" tabIndex={0}>{snippet.text}</pre>
              <div className={styles.useFromAgentActions}>
                <Button
                  size="sm"
                  variant="primary"
                  icon={<FilePlus size={12} />}
                  disabled={adding.busy}
                  onClick={() => void adding.act(() => skillreport.installIntoAgent(summary.id, client)).then((r) => r && setAdded(r))}
                  data-testid="add-to-agent"
                >
                  {adding.busy ? `Adding and checking…` : `Add to ${snippet.label}`}
                </Button>
                <Button size="sm" icon={<Copy size={12} />} onClick={() => void copyText(snippet.text, `The ${snippet.label} configuration was copied`)} data-testid="copy-agent-config">
                  Copy for {snippet.label}
                </Button>
              </div>
              {(adding.error || added) && (
                <InView key={added ? `${added.client}-added` : 'refused'}>
                  {adding.error && <ErrorNote title={`Not added to ${snippet.label}`} message={adding.error} />}
                  {added && <AddedNote added={added} />}
                </InView>
              )}
            </TabPanel>
            <p className={`field-help ${styles.useFromAgentCli}`}>
              Or run it yourself: <code data-testid="agent-config-command">{config.commandLine}</code>
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Scrolled into view when shown: on a small window the answer to "Add to …" lands below the dialog's fold. */
function InView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // A block, not an arrow's value: scrollIntoView returns a promise in newer browsers, which React would take for a cleanup.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return <div ref={ref}>{children}</div>;
}

/** What "Add to …" did, in plain words: where it wrote, and whether the agent's way of starting it works. */
function AddedNote({ added }: { added: AgentInstall }) {
  const { check } = added;
  const where = `${added.replaced ? 'Replaced' : 'Added'} “${added.name}” in ${added.file}.`;
  if (!check.ok) {
    return <ErrorNote tone="warning" title={`Written, but it did not start as ${added.label} starts it`} message={check.problem ?? 'It did not answer.'}><p className={styles.useFromAgentAddedWhere}>{where}</p></ErrorNote>;
  }
  const tools = check.tools.length === 1 ? '1 tool' : `${check.tools.length} tools`;
  return (
    <div className={styles.useFromAgentAdded} role="status" data-testid="agent-added">
      <CircleCheck size={16} aria-hidden="true" />
      <div>
        <strong>Added to {added.label}.</strong> Started as {added.label} starts it, it answered and offers {tools}
        {check.tools.length ? `: ${check.tools.join(', ')}` : ''}. Restart {added.label} to use it.
        <p className={styles.useFromAgentAddedWhere}>{where} No key or secret was written there: they stay in Skill Workbench.</p>
      </div>
    </div>
  );
}
