import { useEffect, useState } from 'react';
import { Copy, Plug } from 'lucide-react';
import type { AgentClient, AgentConfig, SkillSummary } from '@contract';
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
          settings, its setup and its secrets (they never reach the app). Paste this into the app’s configuration, then restart the app.
        </p>
        {!config && !error && <div className="panel-loading"><Spinner /> Making the configuration…</div>}
        {error && <ErrorNote message={error} />}
        {config && snippet && (
          <>
            <Tabs<AgentClient>
              idPrefix="agent-config"
              testIdPrefix="agent-config-tab-"
              active={client}
              onChange={setClient}
              tabs={config.snippets.map((s) => ({ id: s.client, label: s.label }))}
            />
            <TabPanel idPrefix="agent-config" id={client}>
              <p className={styles.useFromAgentWhere}>
                Add it to <span data-testid="agent-config-where">{snippet.where}</span>.
              </p>
              <pre className={styles.useFromAgentSnippet} data-testid="agent-config-snippet" tabIndex={0}>{snippet.text}</pre>
              <Button size="sm" icon={<Copy size={12} />} onClick={() => void copyText(snippet.text, `The ${snippet.label} configuration was copied`)} data-testid="copy-agent-config">
                Copy for {snippet.label}
              </Button>
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
