import { HOST_PROFILES } from '../../../../src-main/common/mcp-host-profiles';
import settingsStyles from './settings.module.css';

/** An MCP server: the client the workbench connects as (its clientInfo, capabilities and protocol version). */
export function HostProfileSetting({ name, value, onChange }: { name: string; value: string; onChange(v: string): void }) {
  const chosen = HOST_PROFILES.find((p) => p.id === value);
  return (
    <>
      <h3 className={`${settingsStyles.processSectionTitle} ${settingsStyles.processHistoryTitle}`}>
        <label htmlFor="process-host-profile">Connect as</label>
      </h3>
      <select id="process-host-profile" className="input" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="process-host-profile-help" data-testid="process-host-profile">
        <option value="">Skill Workbench (everything it can answer)</option>
        {HOST_PROFILES.map((p) => (
          <option key={p.id} value={p.id}>{p.label} ({p.clientInfo.name} {p.clientInfo.version})</option>
        ))}
      </select>
      <p className="field-help" id="process-host-profile-help">
        {chosen
          ? `${name} is told it talks to ${chosen.label}: its name, protocol ${chosen.protocolVersion} and ${Object.keys(chosen.capabilities).length ? `capabilities (${Object.keys(chosen.capabilities).join(', ')})` : 'no capabilities'}. What ${chosen.label} would not answer is refused, as it would be.`
          : `${name} sees the workbench, which answers forms, sampling, roots you set, tasks and MCP Apps.`}
      </p>
    </>
  );
}
