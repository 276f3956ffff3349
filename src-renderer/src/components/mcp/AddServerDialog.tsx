import { useState } from 'react';
import type { McpConfigWrite } from '@contract';
import { useStore } from '../../store';
import { selectSkill } from '../../actions/workspace';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { AddServerForm } from './AddServerForm';
import { ImportConfigForm } from './ImportConfigForm';
import styles from './AddServerDialog.module.css';

type Way = 'add' | 'import';

/** Adding MCP servers to an open folder's .mcp.json: one by hand, or those of a configuration file. */
export function AddServerDialog({ open, onClose, initial = 'add' }: { open: boolean; onClose(): void; initial?: Way }) {
  const folders = useStore((s) => s.folders);
  const [way, setWay] = useState<Way>(initial);
  const [folder, setFolder] = useState('');
  const target = folder || folders[0] || '';
  const done = (w: McpConfigWrite) => {
    const s = useStore.getState();
    const what = w.added.length + w.replaced.length === 1 ? `the server ${[...w.added, ...w.replaced][0]}` : `${w.added.length + w.replaced.length} servers`;
    s.pushToast('success', `Added ${what} to ${w.file}.`, [...(w.notes ?? []), ...w.skipped.map((k) => `Left out ${k.name}: ${k.reason}`)]);
    if (w.skillIds[0]) selectSkill(w.skillIds[0]);
    onClose();
  };
  return (
    <Dialog size="medium"
      open={open}
      onClose={onClose}
      title="Add MCP servers"
      labelId="add-mcp-title"
      footer={<Button worksOffline variant="ghost" onClick={onClose}>Close</Button>}
    >
      <div className={styles.mcpAdd} data-testid="add-mcp-dialog">
        <div className="segmented" role="group" aria-label="How to add">
          <button type="button" aria-pressed={way === 'add'} onClick={() => setWay('add')} data-testid="add-way-add">One server</button>
          <button type="button" aria-pressed={way === 'import'} onClick={() => setWay('import')} data-testid="add-way-import">Import a configuration</button>
        </div>
        <label className="field-label" htmlFor="mcp-add-folder">Keep in the folder</label>
        {folders.length ? (
          <select id="mcp-add-folder" className="input" value={target} onChange={(e) => setFolder(e.target.value)} data-testid="add-server-folder">
            {folders.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        ) : (
          <input id="mcp-add-folder" className="input mono" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/path/to/project" data-testid="add-server-folder" />
        )}
        <p className="field-help">The servers are written into this folder’s .mcp.json, and show in the sidebar under it.</p>
        {way === 'add' ? <AddServerForm folder={target} onDone={done} /> : <ImportConfigForm folder={target} onDone={done} />}
      </div>
    </Dialog>
  );
}
