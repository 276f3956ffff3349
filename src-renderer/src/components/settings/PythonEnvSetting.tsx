import { Package } from 'lucide-react';
import { Button } from '../common/Button';
import settingsStyles from './settings.module.css';

/** The Settings dialog's way to "Prepare the environment" of a Python skill, whether or not anything is missing. */
export function PythonEnvSetting({ name, onPrepare }: { name: string; onPrepare(): void }) {
  return (
    <>
      <h3 className={`${settingsStyles.processSectionTitle} ${settingsStyles.processHistoryTitle}`}>Python environment</h3>
      <p className="field-help">
        {name} runs on the Python environment (.venv) in its folder, or its repository’s, when there is one. Preparing it makes one where there is none and
        installs the packages {name} lists.
      </p>
      <div>
        <Button size="sm" icon={<Package size={12} />} onClick={onPrepare} data-testid="settings-prepare-env">
          Prepare the environment…
        </Button>
      </div>
    </>
  );
}
