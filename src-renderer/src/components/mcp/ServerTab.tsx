import { useState } from 'react';
import { Activity, Server } from 'lucide-react';
import type { McpServerInfo } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { JsonTree } from '../common/JsonTree';
import { formatClock } from '../../lib/format';
import { RootsEditor } from './RootsEditor';
import { EraSwitch } from './EraSwitch';
import { SamplingModeSwitch } from './SamplingModeSwitch';
import { TasksList } from './TasksList';
import { AuthorizationSection } from './AuthorizationSection';
import { ConnectedAs } from './ConnectedAs';
import { NotRunningTab } from '../common/NotRunningTab';
import { useStore } from '../../store';
import { isAlive } from '../../../../src-main/common/skill-status';
// Global class names kept beside the module classes: .setup-card is styled in its context by common.module.css,
// TriggersTab.module.css; .mcp-server-tab is styled in its context by setup.module.css.
import styles from './ServerTab.module.css';
import setupStyles from '../setup/setup.module.css';
import logsStyles from '../logs/logs.module.css';

function Ping({ skillId }: { skillId: string }) {
  const [last, setLast] = useState<{ ms: number; at: number } | null>(null);
  const { run, busy, error } = useCommand('mcpPing');
  const ping = async () => {
    const r = await run(skillId);
    if (r) setLast({ ms: r.ms, at: Date.now() });
  };
  return (
    <div className={styles.mcpPing}>
      <Button size="sm" icon={<Activity size={13} />} onClick={() => void ping()} busy={busy} data-testid="mcp-ping">Ping</Button>
      {last && (
        <span role="status" data-testid="ping-result">
          Answered in <strong>{last.ms} ms</strong> <span className="muted">at {formatClock(last.at)}</span>
        </span>
      )}
      {error && <span className={logsStyles.errorText} role="alert">{error}</span>}
    </div>
  );
}

/** The server's identity and capabilities (starting it if needed), kept fresh by its `mcpServer` events (mcp-events.ts). */
export function useServerInfo(skillId: string): { info: McpServerInfo | null; error: string | null; retry(): void } {
  const q = useQuery('mcpServerInfo', [skillId]);
  return { info: q.data ?? null, error: q.error, retry: q.reload };
}

function offers(c: McpServerInfo['capabilities']): string[] {
  const out: string[] = [];
  if (c.tools) out.push('tools');
  if (c.resources) out.push(c.resourceSubscribe ? 'resources (with subscriptions)' : 'resources');
  if (c.prompts) out.push('prompts');
  if (c.completions) out.push('completions');
  if (c.logging) out.push('logging');
  for (const l of c.listChanged) out.push(`tells when its ${l} change`);
  if (c.tasks?.toolCall) out.push('runs tools as tasks');
  return out;
}

/**
 * Who the server is, what it offers, its instructions, a ping, who answers its sampling, and the folders it is given
 * (roots). Its settings (authorization, era, sampling, roots) are the workbench's, so they show whether the server runs
 * or not, and stay as they are (a saved form's status with them) while it restarts; only what the running server says
 * waits for it: of a server not started, that part says so and offers Start (looking starts nothing).
 */
export function ServerTab({ skillId }: { skillId: string }) {
  const summary = useStore((s) => s.skills.find((k) => k.id === skillId));
  const alive = !!summary && isAlive(summary.status);
  return (
    <div className={`${setupStyles.setupWrap} ${styles.mcpServerTab} mcp-server-tab`} data-testid="server-tab">
      {alive ? <RunningServer skillId={skillId} /> : summary && <NotRunningTab summary={summary} what="Its capabilities, log and tasks" />}
      <AuthorizationSection skillId={skillId} />
      <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-era-title">
        <h2 className={setupStyles.setupConfigTitle} id="mcp-era-title">Era</h2>
        <EraSwitch skillId={skillId} />
      </section>
      <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-sampling-title">
        <h2 className={setupStyles.setupConfigTitle} id="mcp-sampling-title">Sampling</h2>
        <SamplingModeSwitch skillId={skillId} />
      </section>
      <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-roots-title">
        <h2 className={setupStyles.setupConfigTitle} id="mcp-roots-title">Roots</h2>
        <RootsEditor skillId={skillId} />
      </section>
    </div>
  );
}

/** What the running server says of itself, and its tasks. */
function RunningServer({ skillId }: { skillId: string }) {
  const { info, error, retry } = useServerInfo(skillId);
  if (!info) {
    if (error) {
      return (
        <ErrorNote title="The server could not be reached" message={error}>
          <Button size="sm" onClick={retry}>Try again</Button>
        </ErrorNote>
      );
    }
    // A server that wants the user to sign in connects once they did: the address to open shows below meanwhile.
    return <div className="panel-loading"><Spinner /> Connecting to the server…</div>;
  }
  return (
    <>
      <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-server-title">
        <div className={setupStyles.setupOverviewHead}>
          <Server size={20} className={setupStyles.setupIntroIcon} aria-hidden="true" />
          <div>
            <h2 className={setupStyles.setupStepTitle} id="mcp-server-title" data-testid="server-name">
              {info.title ?? info.name} <span className="muted">{info.version}</span>
            </h2>
            <p className={setupStyles.setupStepDesc}>
              {info.transport === 'http' ? `Reached over HTTP at ${info.url}` : 'Run by the workbench (standard input and output)'}
              {info.protocolVersion ? ` · MCP ${info.protocolVersion}` : ''}
            </p>
            {info.era && (
              <p className={setupStyles.setupStepDesc} data-testid="server-era">
                <span className="pill pill-muted">{info.era === 'modern' ? 'Modern era' : 'Legacy era'}</span> {info.eraReason}
                {info.supportedVersions?.length ? ` (it offers ${info.supportedVersions.join(', ')})` : ''}
              </p>
            )}
          </div>
        </div>
        {info.connectedAs && <ConnectedAs as={info.connectedAs} />}
        <Ping skillId={skillId} />
        <h3 className={setupStyles.setupConfigTitle}>What it offers</h3>
        <ul className={styles.mcpCaps} data-testid="server-capabilities">
          {offers(info.capabilities).map((o) => <li key={o} className="pill pill-muted">{o}</li>)}
        </ul>
        <details className="disclosure">
          <summary>Capabilities as the server sent them</summary>
          <JsonTree value={info.rawCapabilities} label="Capabilities" expandDepth={2} />
        </details>
        {info.instructions && (
          <>
            <h3 className={setupStyles.setupConfigTitle}>Instructions</h3>
            <pre className={styles.mcpInstructions} data-testid="server-instructions" tabIndex={0}>{info.instructions}</pre>
          </>
        )}
      </section>
      {info.capabilities.tasks?.list && (
        <section className={`${setupStyles.setupCard} setup-card`} aria-labelledby="mcp-tasks-title">
          <h2 className={setupStyles.setupConfigTitle} id="mcp-tasks-title">Tasks</h2>
          <TasksList skillId={skillId} canCancel={!!info.capabilities.tasks.cancel} />
        </section>
      )}
    </>
  );
}
