import { Component, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from './Button';
import { ErrorNote } from './ErrorNote';

/**
 * One part of a view (a tab loaded on first use) that failed to load or draw says so in its place, and the rest
 * of the window keeps working: in browser mode a part fetched while the server is down cannot load.
 */
export class PartBoundary extends Component<{ what: string; children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    const loading = /preload|dynamically imported module|Loading chunk|Importing a module script failed/i.test(this.state.error.message);
    return (
      <div className="panel-pad-sm">
        <ErrorNote
          title={`The ${this.props.what} could not be ${loading ? 'loaded' : 'shown'}`}
          message={
            loading
              ? 'It is fetched from the workbench the first time it opens, and the workbench could not be reached. Reload once the workbench runs again.'
              : `${this.state.error.message}. Reload to try again; your skills keep running.`
          }
        >
          <Button worksOffline size="sm" icon={<RotateCw size={12} />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        </ErrorNote>
      </div>
    );
  }
}
