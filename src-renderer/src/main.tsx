import { createRoot } from 'react-dom/client';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/tools.css';
import './styles/panels.css';
import { initClient } from './api/client';
import { wireEvents } from './events';
import { bootstrap } from './actions/workspace';
import { installTheme } from './theme';
import { App } from './components/App';

installTheme();
initClient();
wireEvents();
void bootstrap();

createRoot(document.getElementById('root')!).render(<App />);
