import type { McpConnectedAs } from '@contract';
import { JsonTree } from '../common/JsonTree';
import setupStyles from '../setup/setup.module.css';

/** Who the workbench introduced itself as in `initialize`: itself, a host profile chosen in the settings, or for an agent. */
export function ConnectedAs({ as }: { as: McpConnectedAs }) {
  return (
    <>
      <p className={setupStyles.setupStepDesc} data-testid="server-connected-as">
        Connected as <strong>{as.label}</strong> ({as.clientInfo.name} {as.clientInfo.version}, asking for protocol {as.protocolVersion})
        {as.profile ? '' : '. To try it as Claude Desktop, Claude Code, Cursor, VS Code or ChatGPT would meet it, choose that client in its Settings.'}
      </p>
      <details className="disclosure">
        <summary>What the workbench declared</summary>
        <JsonTree value={{ clientInfo: as.clientInfo, capabilities: as.capabilities, protocolVersion: as.protocolVersion }} label="Declared in initialize" expandDepth={2} />
      </details>
    </>
  );
}
