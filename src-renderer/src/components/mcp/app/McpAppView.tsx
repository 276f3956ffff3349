import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { AppWindow, Minimize2 } from 'lucide-react';
import type { CallRecord, ToolInfo } from '@contract';
import { useQuery } from '../../../data';
import { Button } from '../../common/Button';
import { ErrorNote } from '../../common/ErrorNote';
import { Spinner } from '../../common/Spinner';
import type { Ask } from './AppFrame';
import { ApprovalStrip } from './ApprovalStrip';
import { allowAlways, alwaysAllowed, appKey, ASK_WORDS, type PendingAsk } from './app-requests';
import styles from './McpApp.module.css';

const KEEP_LINES = 30;
// The host bridge (MCP Apps' AppBridge and the MCP SDK under it) loads with the first app shown.
const AppFrame = lazy(() => import('./AppFrame').then((m) => ({ default: m.AppFrame })));

/**
 * A tool's MCP App beside its call (SEP-1865): the `ui://` resource its `_meta.ui.resourceUri` names, read through the
 * workbench, in a sandboxed frame; above it, each thing the app asks of the host, to allow or refuse ("always" holds
 * for this app until the window closes), and what it did. Before the tool has run, the app shows with no input.
 */
export function McpAppView({ skillId, tool, uri, record }: { skillId: string; tool: ToolInfo; uri: string; record?: CallRecord }) {
  const resource = useQuery('mcpAppResource', [skillId, uri]);
  const [pending, setPending] = useState<PendingAsk[]>([]);
  const [lines, setLines] = useState<string[]>([]);
  const [fullscreen, setFullscreen] = useState(false);
  const nextId = useRef(1);
  const key = appKey(skillId, uri);

  const told = useCallback((line: string) => setLines((l) => [...l.slice(-(KEEP_LINES - 1)), line]), []);
  const ask: Ask = useCallback(
    (kind, what, run) => {
      if (alwaysAllowed(key, kind)) {
        told(`Allowed (always, for this app): ${ASK_WORDS[kind]}: ${what}`);
        return Promise.resolve().then(run);
      }
      return new Promise((resolve, reject) => {
        const id = nextId.current++;
        const settle = () => setPending((p) => p.filter((x) => x.id !== id));
        setPending((p) => [
          ...p,
          {
            id,
            ask: kind,
            what,
            allow: () => {
              settle();
              told(`Allowed: ${ASK_WORDS[kind]}: ${what}`);
              // Run in the click itself: a link the user allowed opens in their own gesture.
              try {
                resolve(run());
              } catch (err) {
                reject(err);
              }
            },
            deny: () => {
              settle();
              told(`Refused: ${ASK_WORDS[kind]}: ${what}`);
              reject(new Error(`The user refused to let the app ${ASK_WORDS[kind]}.`));
            },
          },
        ]);
      });
    },
    [key, told],
  );
  const always = (p: PendingAsk) => {
    allowAlways(key, p.ask);
    p.allow();
  };

  const app = resource.data;
  return (
    <section className={`${styles.mcpApp} ${fullscreen ? styles.mcpAppFull : ''}`} aria-label={`The app of ${tool.name}`} data-testid="mcp-app">
      <div className={styles.mcpAppHead}>
        <AppWindow size={14} aria-hidden="true" />
        <span className={styles.mcpAppTitle}>App <code>{uri}</code></span>
        {!record && <span className="muted">Run the tool to give the app its input and result.</span>}
        <span className="spacer" />
        {fullscreen && (
          <Button size="sm" icon={<Minimize2 size={12} />} onClick={() => setFullscreen(false)} data-testid="mcp-app-inline">Back beside the call</Button>
        )}
      </div>
      <ApprovalStrip pending={pending} onAlways={always} />
      {resource.error ? (
        <ErrorNote title="The app could not be shown" message={resource.error}>
          <Button size="sm" onClick={resource.reload}>Try again</Button>
        </ErrorNote>
      ) : !app ? (
        <div className="panel-loading"><Spinner /> Reading the app…</div>
      ) : (
        <>
          {app.notes.length > 0 && (
            <ul className={styles.mcpAppNotes} data-testid="mcp-app-notes">{app.notes.map((n) => <li key={n}>{n}</li>)}</ul>
          )}
          <Suspense fallback={<div className="panel-loading"><Spinner /> Loading the app’s bridge…</div>}>
            <AppFrame
              key={`${app.src}:${record?.callId ?? 'preview'}`}
              skillId={skillId}
              app={app}
              tool={tool}
              record={record}
              ask={ask}
              told={told}
              fullscreen={fullscreen}
              onDisplayMode={(mode) => setFullscreen(mode === 'fullscreen')}
            />
          </Suspense>
          <details className="disclosure">
            <summary>Its policy and what it did{lines.length ? ` (${lines.length})` : ''}</summary>
            <p className="muted mono" data-testid="mcp-app-csp">{app.csp}</p>
            <ol className={styles.mcpAppLines} data-testid="mcp-app-activity">{lines.map((l, i) => <li key={i}>{l}</li>)}</ol>
          </details>
        </>
      )}
    </section>
  );
}
