import { useStore } from '../../store';
import { Switch } from '../common/Switch';
import skillStyles from './skill.module.css';

/** Between the simple view (what the skill does, its setup and settings) and every developer tab; remembered. */
export function DeveloperViewSwitch({ on }: { on: boolean }) {
  const setViewChoice = useStore((s) => s.setViewChoice);
  return (
    <span className={skillStyles.developerViewSwitch} title={on ? 'Show only what the skill does, its setup and its settings' : 'Show the tools, logs, messages and every other tab'}>
      <Switch checked={on} onChange={(v) => setViewChoice(v ? 'developer' : 'simple')} label="Developer view" testId="developer-view" />
    </span>
  );
}
