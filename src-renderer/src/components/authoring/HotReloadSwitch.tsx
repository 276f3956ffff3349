import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { toastError } from '../../actions/errors';
import { Switch } from '../common/Switch';

/** The skill's hot-reload setting: restart it when its files change. */
export function HotReloadSwitch({ skillId }: { skillId: string }) {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .getSkillSettings(skillId)
      .then((s) => live && setOn(s.hotReload))
      .catch(() => live && setOn(null));
    return () => {
      live = false;
    };
  }, [skillId]);
  if (on === null) return null;
  return (
    <span className="hot-reload-switch" title="Restart the skill when its files change (a syntax error is reported instead)">
      <Switch
        checked={on}
        label="Hot reload"
        testId="hot-reload-switch"
        onChange={(v) => {
          setOn(v);
          api()
            .updateSkillSettings(skillId, { hotReload: v })
            .catch((err) => {
              setOn(!v);
              toastError(err, 'Could not change hot reload');
            });
        }}
      />
    </span>
  );
}
