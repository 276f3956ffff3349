import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/shared.css';
import { initClient } from './api/client';
import { wireEvents } from './events';
import { bootstrap } from './actions/workspace';
import { installTheme } from './theme';
import { App } from './components/App';
import { ErrorBoundary } from './components/common/ErrorBoundary';

installTheme();
initClient();
wireEvents();
void bootstrap();

createRoot(document.getElementById('root')!).render(
  <ErrorBoundary>
    <App />
  </ErrorBoundary>,
);
