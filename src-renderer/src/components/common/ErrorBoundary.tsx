import { Component, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';
import commonStyles from './common.module.css';

/** A part of the app that could not be loaded (the app was rebuilt while open) says so, instead of a blank window. */
function plainWords(error: Error): string {
  if (/dynamically imported module|Loading chunk|Importing a module script failed/i.test(error.message)) {
    return 'Part of the workbench could not be loaded, most likely because it was updated while this window was open. Reload to continue; your skills keep running.';
  }
  return `The workbench hit an unexpected problem and stopped drawing this window: ${error.message}. Reload to continue; your skills keep running.`;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={commonStyles.appCrashed}>
        <ErrorNote title="Something went wrong" message={plainWords(this.state.error)}>
          <Button worksOffline variant="primary" size="sm" icon={<RotateCw size={12} />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        </ErrorNote>
      </div>
    );
  }
}
