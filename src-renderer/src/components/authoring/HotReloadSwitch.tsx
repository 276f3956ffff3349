import { useState } from 'react';
import { useCommand, useQuery } from '../../data';
import { Switch } from '../common/Switch';
import styles from './HotReloadSwitch.module.css';

/** The skill's hot-reload setting: restart it when its files change. */
export function HotReloadSwitch({ skillId }: { skillId: string }) {
  const settings = useQuery('getSkillSettings', [skillId]);
  const update = useCommand('updateSkillSettings', { toast: 'Could not change hot reload', invalidates: ['getSkillSettings'], scope: skillId });
  // The switch moves at once; it goes back if the change fails.
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const on = flipped ?? settings.data?.hotReload ?? null;
  if (on === null) return null;
  return (
    <span className={styles.hotReloadSwitch} title="Restart the skill when its files change (a syntax error is reported instead)">
      <Switch
        checked={on}
        label="Hot reload"
        testId="hot-reload-switch"
        onChange={(v) => {
          setFlipped(v);
          void update.run(skillId, { hotReload: v }).then((r) => r === undefined && setFlipped(!v));
        }}
      />
    </span>
  );
}
