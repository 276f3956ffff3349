import { useState } from 'react';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { addFolder } from '../../actions/workspace';
import { useStore } from '../../store';

/** Where there is no native folder picker (browser mode): ask for a path. */
export function OpenFolderDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const home = useStore((s) => s.host?.home);
  const submit = async () => {
    const p = path.trim();
    if (!p) return;
    setBusy(true);
    const failure = await addFolder(p, true);
    setBusy(false);
    setError(failure);
    if (!failure) {
      setPath('');
      onClose();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Open a folder of skills"
      labelId="open-folder-title"
      footer={
        <>
          <Button worksOffline variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void submit()} disabled={!path.trim()} busy={busy}>
            Open folder
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field-label" htmlFor="open-folder-path">Folder path</label>
        <input
          id="open-folder-path"
          className="input"
          autoFocus
          spellCheck={false}
          placeholder={home ? `${home}/my-skills` : '/path/to/skills'}
          value={path}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'open-folder-error' : 'open-folder-help'}
          onChange={(e) => {
            setPath(e.target.value);
            setError(null);
          }}
        />
        {error && <p className="field-error" id="open-folder-error" role="alert">{error}</p>}
        <p className="field-help" id="open-folder-help">
          The full path of a folder on the machine running the workbench. Every skill found inside it is listed.
        </p>
      </form>
    </Dialog>
  );
}
