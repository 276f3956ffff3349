import { useState } from 'react';
import { FileText, RefreshCw, X } from 'lucide-react';
import { queries, useCommand, useQuery } from '../../data';
import { StateSection } from './StateSection';
import { EntityGraph } from './EntityGraph';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { JsonTree } from '../common/JsonTree';
import { Spinner } from '../common/Spinner';
import { formatBytes, formatWhen, tryParseJson } from '../../lib/format';
// Global class names kept beside the module classes: tests select .result-text; .file-viewer is styled in its
// context by tools.module.css; .file-viewer-body is styled in its context by tools.module.css.
import styles from './DataTab.module.css';
import toolsStyles from '../tools/tools.module.css';

function FileViewer({ name, content, onClose }: { name: string; content: string; onClose(): void }) {
  const parsed = tryParseJson(content);
  return (
    <div className={`${styles.fileViewer} file-viewer`}>
      <div className={toolsStyles.paneHead}>
        <FileText size={13} aria-hidden="true" />
        <span className={toolsStyles.paneTitle}>{name}</span>
        <span className="spacer" />
        <IconButton worksOffline size="sm" label="Close the file" icon={<X size={13} />} onClick={onClose} />
      </div>
      <div className={`${styles.fileViewerBody} file-viewer-body`}>
        {parsed ? <JsonTree value={parsed.value} label={name} /> : <pre className={`${toolsStyles.resultText} result-text`}>{content || '(empty file)'}</pre>}
      </div>
    </div>
  );
}

export function DataTab({ skillId }: { skillId: string }) {
  const q = useQuery('getData', [skillId]);
  const data = q.data;
  const loading = q.loading;
  const reader = useCommand('readDataFile');
  const error = reader.error ?? q.error;
  const [shown, setFile] = useState<{ skillId: string; name: string; content: string } | null>(null);
  const file = shown?.skillId === skillId ? shown : null;
  // Refresh reads the entity graph again with the rest.
  const load = () => queries.invalidate(['getData', 'getEntityGraph'], skillId);

  const open = async (name: string) => {
    const content = await reader.run(skillId, name);
    if (content !== undefined) setFile({ skillId, name, content });
  };

  if (!data) {
    return error ? (
      <div className="panel-pad">
        <ErrorNote title="Could not read the skill’s data" message={error}>
          <Button size="sm" onClick={load}>Try again</Button>
        </ErrorNote>
      </div>
    ) : (
      <div className="panel-loading"><Spinner /> Reading the skill’s data…</div>
    );
  }

  return (
    <div className={`${styles.dataTab} panel-pad`}>
      <div className={styles.dataHead}>
        <span className="muted small">Stored in <code>{data.dataDir}</code></span>
        <span className="spacer" />
        <Button size="sm" icon={<RefreshCw size={12} className={loading ? 'spin' : undefined} />} onClick={load}>Refresh</Button>
      </div>
      {error && <ErrorNote message={error} />}
      <StateSection skillId={skillId} state={data.state} onSaved={load} />

      <section className="card" aria-labelledby="files-title">
        <h2 id="files-title" className="card-title">Data files <span className="count">{data.files.length}</span></h2>
        {data.files.length ? (
          <table className="table">
            <thead><tr><th>Name</th><th className={styles.num}>Size</th><th>Modified</th><th /></tr></thead>
            <tbody>
              {data.files.map((f) => (
                <tr key={f.name} className={file?.name === f.name ? 'selected' : undefined}>
                  <td className="mono">{f.name}</td>
                  <td className={styles.num}>{formatBytes(f.size)}</td>
                  <td>{formatWhen(f.modifiedAt)}</td>
                  <td className={styles.actions}><Button size="sm" variant="ghost" onClick={() => void open(f.name)}>View</Button></td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">The skill has not written any files yet. Files it saves in its data folder (above) appear here.</p>
        )}
        {file && <FileViewer name={file.name} content={file.content} onClose={() => setFile(null)} />}
      </section>

      <EntityGraph skillId={skillId} />
    </div>
  );
}
