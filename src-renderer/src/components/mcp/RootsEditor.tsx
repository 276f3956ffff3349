import { useState } from 'react';
import { Plus, RotateCcw, Save, Trash2 } from 'lucide-react';
import type { McpRoot } from '@contract';
import { useCommand, useQuery } from '../../data';
import { useStore } from '../../store';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { basename } from '../../lib/format';
import styles from './RootsEditor.module.css';
import setupStyles from '../setup/setup.module.css';
import mcpStyles from './mcp.module.css';

/** A folder path as a file:// address (an address given as such is kept). */
export function rootUri(text: string): string {
  const t = text.trim();
  if (/^file:\/\//i.test(t)) return t;
  const slashes = t.replace(/\\/g, '/');
  return `file://${slashes.startsWith('/') ? '' : '/'}${encodeURI(slashes)}`;
}

/** A file:// address as the folder path people read. */
export function rootPath(uri: string): string {
  try {
    return /^file:\/\//i.test(uri) ? decodeURIComponent(new URL(uri).pathname) : uri;
  } catch {
    return uri;
  }
}

/** The folders the workbench gives the server as its roots: none until the user sets some (a server may take them as all it may reach). */
export function RootsEditor({ skillId }: { skillId: string }) {
  const dir = useStore((s) => s.skills.find((k) => k.id === skillId)?.dir);
  const [rows, setRows] = useState<{ path: string; name: string }[] | null>(null);
  const [saved, setSaved] = useState<McpRoot[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const current = useQuery('mcpGetRoots', [skillId]);
  const setter = useCommand('mcpSetRoots');
  const busy = setter.busy;
  const error = setter.error ?? current.error;
  const show = (roots: McpRoot[]) => {
    setSaved(roots);
    setRows(roots.map((r) => ({ path: rootPath(r.uri), name: r.name ?? '' })));
  };
  // The rows are the user's to edit: they start from the roots as read, once.
  const read = current.data;
  if (read && rows === null) {
    setSaved(read);
    setRows(read.map((r) => ({ path: rootPath(r.uri), name: r.name ?? '' })));
  }
  const save = async (roots: McpRoot[]) => {
    const now = await setter.run(skillId, roots);
    if (!now) return setNote(null);
    show(now);
    setNote(roots.length ? 'Saved. The server was told the roots changed.' : 'Saved: no roots.');
  };
  const asRoots = (): McpRoot[] => (rows ?? []).filter((r) => r.path.trim()).map((r) => ({ uri: rootUri(r.path), ...(r.name.trim() ? { name: r.name.trim() } : {}) }));
  const changed = JSON.stringify(asRoots()) !== JSON.stringify(saved.map((r) => ({ uri: r.uri, ...(r.name ? { name: r.name } : {}) })));
  if (!rows) return error ? <ErrorNote message={error} /> : null;
  return (
    <div className={styles.mcpRoots} data-testid="roots-editor">
      <p className="muted">
        The folders the server may work in, when it asks (roots). Some servers take them as all they may reach, in place of
        the folders they were started with. A change is sent to the server as soon as it is saved; the server restarts when it
        first gets roots, or loses the last one.
      </p>
      {rows.length === 0 && <p className="muted" data-testid="no-roots">No roots: the workbench declares none, so the server keeps the folders it was started with.</p>}
      {rows.map((r, i) => (
        <div className={mcpStyles.mcpRootRow} key={i}>
          <input
            className="input"
            aria-label={`Folder ${i + 1}`}
            spellCheck={false}
            value={r.path}
            placeholder="/path/to/folder"
            data-testid="root-path"
            onChange={(e) => {
              setNote(null);
              setRows(rows.map((x, j) => (j === i ? { ...x, path: e.target.value } : x)));
            }}
          />
          <input
            className={`input ${styles.mcpRootName}`}
            aria-label={`Name of folder ${i + 1}`}
            value={r.name}
            placeholder="name (optional)"
            onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
          />
          <IconButton label={`Remove folder ${i + 1}`} icon={<Trash2 size={14} />} onClick={() => setRows(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      {error && <ErrorNote message={error} />}
      <div className={setupStyles.setupActions}>
        <Button size="sm" icon={<Plus size={13} />} onClick={() => setRows([...rows, { path: '', name: '' }])} data-testid="root-add">Add a folder</Button>
        {dir && (
          <Button size="sm" icon={<RotateCcw size={13} />} onClick={() => void save([{ uri: rootUri(dir), name: basename(dir) }])} title={`Give only ${dir}`}>
            The skill’s folder only
          </Button>
        )}
        <span className="spacer" />
        {note && <span className="muted" role="status">{note}</span>}
        <Button size="sm" variant="primary" icon={<Save size={13} />} onClick={() => void save(asRoots())} disabled={!changed} busy={busy} data-testid="roots-save">Save roots</Button>
      </div>
    </div>
  );
}
