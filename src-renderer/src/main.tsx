import { createRoot } from 'react-dom/client';
import './styles/base.css';
import './styles/layout.css';
import './styles/skill.css';
import './styles/controls.css';
import './styles/feedback.css';
import './styles/content.css';
import './styles/tools.css';
import './styles/form.css';
import './styles/setup.css';
import './styles/options.css';
import './styles/streams.css';
import './styles/logs.css';
import './styles/connection.css';
import './styles/timeline.css';
import './styles/agents.css';
import './styles/interop.css';
import './styles/triggers.css';
import './styles/mcp.css';
import './styles/mcp-tasks.css';
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
