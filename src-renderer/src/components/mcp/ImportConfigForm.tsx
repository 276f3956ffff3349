import { useState } from 'react';
import { FileSearch } from 'lucide-react';
import type { McpConfigShape, McpConfigWrite, McpServerConfig } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import styles from './ImportConfigForm.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';

const SHAPES: Record<McpConfigShape, string> = {
  'mcp.json': 'a project .mcp.json',
  'claude-desktop': 'Claude Desktop’s configuration',
  cursor: 'Cursor’s configuration',
  vscode: 'VS Code’s configuration',
};

type Read = { shape: McpConfigShape; servers: McpServerConfig[]; skipped: { name: string; reason: string }[]; notes?: string[] };

/** The servers of a configuration users already have (Claude Desktop, Cursor, VS Code, .mcp.json), read first, then imported. */
export function ImportConfigForm({ folder, onDone }: { folder: string; onDone(w: McpConfigWrite): void }) {
  const [file, setFile] = useState('');
  const [read, setRead] = useState<Read | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const found = useQuery('findMcpConfigs', []).data;
  const reader = useCommand('readMcpConfig');
  const importer = useCommand('importMcpConfig');
  const busy = reader.busy || importer.busy;
  const error = importer.error ?? reader.error;

  const look = async (path = file) => {
    importer.setError(null);
    const r = await reader.run(path.trim());
    setRead(r ?? null);
    if (r) setChosen(r.servers.map((s) => s.name));
  };
  const doImport = async () => {
    const written = await importer.run(file.trim(), folder, chosen);
    if (written) onDone(written);
  };

  return (
    <div className={styles.mcpImport} data-testid="import-config-form">
      {!!found?.length && (
        <div className="mcp-found" data-testid="found-configs">
          <span className="field-label">Found on this machine</span>
          <ul className={mcpStyles.mcpList}>
            {found.map((f) => (
              <li key={f.file}>
                <button
                  type="button"
                  className={mcpStyles.mcpItem}
                  disabled={!!f.problem}
                  aria-current={f.file === file ? 'true' : undefined}
                  onClick={() => {
                    setFile(f.file);
                    void look(f.file);
                  }}
                  data-testid="found-config"
                  title={f.problem ?? f.file}
                >
                  <span className={mcpStyles.mcpItemName}>{f.source}: {f.problem ? 'cannot be read' : f.servers.length === 1 ? '1 server' : `${f.servers.length} servers`}</span>
                  <span className={mcpStyles.mcpItemSub}>{f.file}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file.trim()) void look();
        }}
      >
        <label className="field-label" htmlFor="mcp-import-file">Configuration file</label>
        <div className={mcpStyles.mcpRootRow}>
          <input
            id="mcp-import-file"
            className="input mono"
            value={file}
            spellCheck={false}
            placeholder="~/.cursor/mcp.json"
            onChange={(e) => {
              setFile(e.target.value);
              setRead(null);
            }}
            data-testid="import-file"
          />
          <Button type="submit" icon={<FileSearch size={13} />} disabled={!file.trim()} busy={busy && !read} data-testid="import-read">Read it</Button>
        </div>
        <p className="field-help">
          Claude Desktop’s claude_desktop_config.json, Cursor’s .cursor/mcp.json, VS Code’s .vscode/mcp.json, or a project’s .mcp.json: the full path on the machine running the workbench.
        </p>
      </form>
      {read && (
        <>
          <p className="muted" data-testid="import-shape">This is {SHAPES[read.shape]}. Choose the servers to bring in:</p>
          <div className={setupStyles.checkboxList} role="group" aria-label="Servers to import">
            {read.servers.map((s) => (
              <label key={s.name} className={setupStyles.checkboxRow}>
                <input type="checkbox" checked={chosen.includes(s.name)} onChange={(e) => setChosen(e.target.checked ? [...chosen, s.name] : chosen.filter((n) => n !== s.name))} data-testid="import-server" />
                <strong>{s.name}</strong>
                <code className={mcpStyles.mcpUri}>{s.transport === 'http' ? s.url : [s.command, ...(s.args ?? [])].join(' ')}</code>
              </label>
            ))}
            {!read.servers.length && <p className="muted">No server in it can be used.</p>}
          </div>
          {read.skipped.map((s) => (
            <p key={s.name} className="field-help">Left out: <strong>{s.name}</strong>, {s.reason}</p>
          ))}
          {read.notes?.map((n, i) => <p key={i} className="field-help">{n}</p>)}
        </>
      )}
      {error && <ErrorNote title="The file could not be used" message={error} />}
      <div className={setupStyles.setupActions}>
        <span className="spacer" />
        <Button variant="primary" onClick={() => void doImport()} disabled={!read || !chosen.length || !folder} busy={busy && !!read} data-testid="import-submit">
          Import {chosen.length === 1 ? 'the server' : `${chosen.length} servers`}
        </Button>
      </div>
    </div>
  );
}
