import { useState } from 'react';
import type { McpConfigWrite, McpServerAdd, McpTransportKind } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { KeyValueRows, recordOf, type KeyValue } from './KeyValueRows';
import styles from './AddServerForm.module.css';
import setupStyles from '../setup/setup.module.css';

/** One server by hand: a command to run (with its arguments and environment), or the address of an HTTP server. */
export function AddServerForm({ folder, onDone }: { folder: string; onDone(w: McpConfigWrite): void }) {
  const [transport, setTransport] = useState<McpTransportKind>('stdio');
  const [name, setName] = useState('');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [env, setEnv] = useState<KeyValue[]>([]);
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState<KeyValue[]>([]);
  const [token, setToken] = useState('');
  const { run, busy, error } = useCommand('addMcpServer');
  const ready = !!folder && !!name.trim() && (transport === 'stdio' ? !!command.trim() : !!url.trim());

  const submit = async () => {
    if (!ready) return;
    const server: McpServerAdd =
      transport === 'stdio'
        ? { name: name.trim(), transport, command: command.trim(), args: args.split('\n').map((a) => a.trim()).filter(Boolean), env: recordOf(env) }
        : { name: name.trim(), transport, url: url.trim(), headers: recordOf(headers), ...(token ? { bearerToken: token } : {}) };
    const written = await run(folder, server);
    if (written) onDone(written);
  };

  return (
    <form
      className={styles.mcpAddForm}
      data-testid="add-server-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="field-label" htmlFor="mcp-add-name">Name</label>
      <input id="mcp-add-name" className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="everything" spellCheck={false} data-testid="add-server-name" />
      <fieldset className={styles.mcpTransport}>
        <legend className="field-label">How the workbench reaches it</legend>
        <label><input type="radio" name="mcp-transport" checked={transport === 'stdio'} onChange={() => setTransport('stdio')} /> It runs a command</label>
        <label><input type="radio" name="mcp-transport" checked={transport === 'http'} onChange={() => setTransport('http')} data-testid="add-server-http" /> It is at a web address (HTTP)</label>
      </fieldset>
      {transport === 'stdio' ? (
        <>
          <label className="field-label" htmlFor="mcp-add-command">Command</label>
          <input id="mcp-add-command" className="input mono" value={command} onChange={(e) => setCommand(e.target.value)} placeholder="npx" spellCheck={false} data-testid="add-server-command" />
          <label className="field-label" htmlFor="mcp-add-args">Arguments, one per line</label>
          <textarea id="mcp-add-args" className="input mono" rows={3} value={args} onChange={(e) => setArgs(e.target.value)} placeholder={'-y\n@modelcontextprotocol/server-everything'} spellCheck={false} data-testid="add-server-args" />
          <span className="field-label">Environment variables</span>
          <KeyValueRows rows={env} onChange={setEnv} what="Variable" testId="add-server-env" />
          <p className="field-help">Written into .mcp.json as they are: keep secrets out of them.</p>
        </>
      ) : (
        <>
          <label className="field-label" htmlFor="mcp-add-url">Address</label>
          <input id="mcp-add-url" className="input mono" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="http://127.0.0.1:3001/mcp" spellCheck={false} data-testid="add-server-url" />
          <span className="field-label">Headers</span>
          <KeyValueRows rows={headers} onChange={setHeaders} what="Header" testId="add-server-headers" />
          <label className="field-label" htmlFor="mcp-add-token">Bearer token <span className="optional">optional</span></label>
          <input id="mcp-add-token" className="input" type="password" autoComplete="new-password" value={token} onChange={(e) => setToken(e.target.value)} data-testid="add-server-token" />
          <p className={`field-help ${setupStyles.secretNote}`}>Kept in the workbench’s secret store, never in .mcp.json.</p>
        </>
      )}
      {error && <ErrorNote title="The server was not added" message={error} />}
      <div className={setupStyles.setupActions}>
        <span className="spacer" />
        <Button type="submit" variant="primary" busy={busy} disabled={!ready} data-testid="add-server-submit">Add server</Button>
      </div>
    </form>
  );
}
