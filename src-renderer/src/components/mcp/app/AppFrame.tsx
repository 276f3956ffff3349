/**
 * One MCP App in its frame, and the host side of its bridge (SEP-1865's JSON-RPC over postMessage, through MCP
 * Apps' own AppBridge): `ui/initialize` answered with the workbench as host, the call's input and result sent once
 * the app says it is initialized, its size followed, and each thing it asks of the host (a tool call, a link, a
 * message, a display mode, context for the model, a resource) passed to `ask`, which shows it and waits for the user.
 *
 * The frame is sandboxed to scripts alone (an opaque origin: no access to the workbench, its storage or its
 * cookies) and loads the document the workbench serves with the app's own CSP (MCP_APP_ROUTE).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallRecord, McpAppResource, ToolInfo } from '@contract';
import { callToolForApp, readResourceForApp } from '../../../actions/mcp-app';
import { useStore } from '../../../store';
import { briefly, refusedCall, toolResultOf, type AppAsk } from './app-requests';
import styles from './McpApp.module.css';

export type Ask = <T>(ask: AppAsk, what: string, run: () => T | Promise<T>) => Promise<T>;

interface Props {
  skillId: string;
  app: McpAppResource;
  tool: ToolInfo;
  /** The call whose input and result the app shows; none before the tool was run. */
  record?: CallRecord;
  ask: Ask;
  /** What the app tells without asking (log lines, messages allowed), for the activity list. */
  told(line: string): void;
  fullscreen: boolean;
  onDisplayMode(mode: 'inline' | 'fullscreen'): void;
}

const MIN_HEIGHT = 80;
const MAX_HEIGHT = 720;

export function AppFrame({ skillId, app, tool, record, ask, told, fullscreen, onDisplayMode }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(240);
  const bridgeRef = useRef<AppBridge | null>(null);
  const ready = useRef(false);
  // The latest props, for handlers made once per document.
  const latest = useRef({ record, ask, told, onDisplayMode, fullscreen });
  useLayoutEffect(() => {
    latest.current = { record, ask, told, onDisplayMode, fullscreen };
  });

  useEffect(() => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    const dark = document.documentElement.dataset.theme === 'dark';
    const hostContext: McpUiHostContext = {
      toolInfo: { ...(record ? { id: record.callId } : {}), tool: tool as never },
      theme: dark ? 'dark' : 'light',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      containerDimensions: { maxHeight: MAX_HEIGHT },
      platform: useStore.getState().host?.kind === 'electron' ? 'desktop' : 'web',
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    const bridge = new AppBridge(
      null,
      { name: 'Skill Workbench', version: useStore.getState().host?.version ?? '0' },
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} }, sandbox: { csp: app.declared } },
      { hostContext },
    );
    bridgeRef.current = bridge;
    const ask: Ask = (kind, what, run) => latest.current.ask(kind, what, run);

    bridge.oncalltool = async ({ name, arguments: args }) => {
      const refused = refusedCall(name, useStore.getState().infos[skillId]?.tools ?? []);
      if (refused) throw new Error(refused);
      // The workbench's own call path: recorded in the history like any call of the Tools tab.
      const record = await ask('tools/call', `${name} ${briefly(args ?? {})}`, () => callToolForApp(skillId, name, args ?? {}));
      return toolResultOf(record) as never;
    };
    bridge.onreadresource = async ({ uri }) => {
      const read = await ask('resources/read', uri, () => readResourceForApp(skillId, uri));
      if (read.error) throw new Error(read.error);
      return { contents: read.contents } as never;
    };
    bridge.onopenlink = async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) throw new Error(`Only web addresses open from an app, not ${briefly(url, 60)}.`);
      await ask('ui/open-link', url, () => void window.open(url, '_blank', 'noopener,noreferrer'));
      return {};
    };
    bridge.onmessage = async ({ role, content }) => {
      const text = (Array.isArray(content) ? content : [content]).map((c) => (c && typeof c === 'object' && 'text' in c ? String(c.text) : briefly(c))).join(' ');
      await ask('ui/message', `${role}: ${text}`, () => latest.current.told(`Message from the app (${role}): ${text}`));
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      await ask('ui/update-model-context', briefly(params.structuredContent ?? params.content ?? {}), () => latest.current.told(`Context for the model: ${briefly(params.structuredContent ?? params.content ?? {})}`));
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const now = latest.current.fullscreen ? 'fullscreen' : 'inline';
      if (mode !== 'inline' && mode !== 'fullscreen') return { mode: now };
      if (mode === now) return { mode };
      await ask('ui/request-display-mode', mode, () => latest.current.onDisplayMode(mode));
      void bridge.sendHostContextChange({ displayMode: mode });
      return { mode };
    };
    bridge.onloggingmessage = ({ level, data }) => latest.current.told(`Log (${level}): ${briefly(data)}`);
    bridge.onsizechange = ({ height: h }) => {
      if (typeof h === 'number' && Number.isFinite(h)) setHeight(Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, Math.ceil(h))));
    };
    bridge.oninitialized = () => {
      ready.current = true;
      sendCall(bridge, latest.current.record);
    };
    void bridge.connect(new PostMessageTransport(win, win)).catch((err: Error) => latest.current.told(`The app's bridge did not start: ${err.message}`));
    return () => {
      ready.current = false;
      bridgeRef.current = null;
      // The app hears it is going (ui/resource-teardown), briefly, then the bridge closes.
      void bridge
        .teardownResource({ reason: 'The workbench shows another call or tool.' }, { timeout: 500 })
        .catch(() => undefined)
        .finally(() => void bridge.close().catch(() => undefined));
    };
    // One bridge per document: the call shown is keyed above (a new call is a new frame).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app.src]);

  // A call shown while it ran gets its result once it is done.
  const done = record?.status === 'done';
  useEffect(() => {
    if (done && ready.current && bridgeRef.current) sendCall(bridgeRef.current, latest.current.record, true);
  }, [done]);

  return (
    <iframe
      ref={frame}
      className={`${styles.appFrame} ${app.prefersBorder === false ? styles.appFrameBare : ''}`}
      title={`The app of ${tool.name} (${app.uri})`}
      sandbox="allow-scripts"
      src={app.src}
      style={fullscreen ? undefined : { height }}
      data-testid="mcp-app-frame"
    />
  );
}

/** The call's input, then (once done) its result or its cancellation. */
function sendCall(bridge: AppBridge, record: CallRecord | undefined, resultOnly = false): void {
  if (!record) return;
  if (!resultOnly) void bridge.sendToolInput({ arguments: (record.args ?? {}) as Record<string, unknown> }).catch(() => undefined);
  if (record.status !== 'done') return;
  if (record.outcome?.error?.code === 'CANCELLED') void bridge.sendToolCancelled({ reason: record.outcome.error.message }).catch(() => undefined);
  else void bridge.sendToolResult(toolResultOf(record) as never).catch(() => undefined);
}
