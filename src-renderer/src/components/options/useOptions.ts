import { useCallback, useEffect, useRef, useState } from 'react';
import type { SkillOption, SkillOptionsChange } from '@contract';
import * as options from '../../actions/options';
import { messageOf } from '../../actions/errors';
import { useStore } from '../../store';

/** What the last save said, next to the option it was about (or the whole panel, for "reset all"). */
export interface SaveNote {
  name: string | null;
  tone: 'success' | 'error';
  text: string;
}

export interface OptionsState {
  loading: boolean;
  options: SkillOption[];
  error: string | null;
  /** The option being saved ('' while every option is being reset). */
  saving: string | null;
  note: SaveNote | null;
  set(name: string, value: unknown): void;
  reset(name?: string): void;
}

/** Which tools came and went with a change, in plain words. */
function toolWords(before: string[], after: string[]): string {
  const shown = after.filter((t) => !before.includes(t));
  const hidden = before.filter((t) => !after.includes(t));
  const parts = [shown.length ? `now offered: ${shown.join(', ')}` : '', hidden.length ? `now hidden: ${hidden.join(', ')}` : ''].filter(Boolean);
  return parts.length ? ` Tools ${parts.join('; ')}.` : '';
}

/** A skill's options, read from the running skill, and saving each change at once. */
export function useOptions(skillId: string): OptionsState {
  const [state, setState] = useState<Pick<OptionsState, 'loading' | 'options' | 'error' | 'saving' | 'note'>>({
    loading: true, options: [], error: null, saving: null, note: null,
  });
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    options.getOptions(skillId)
      .then((options) => live.current && setState((s) => ({ ...s, loading: false, options, error: null })))
      .catch((err) => live.current && setState((s) => ({ ...s, loading: false, error: messageOf(err) })));
    return () => {
      live.current = false;
    };
  }, [skillId]);

  const apply = useCallback(
    (name: string | null, run: () => Promise<SkillOptionsChange>, saved: string) => {
      const before = useStore.getState().infos[skillId]?.tools.map((t) => t.name) ?? [];
      setState((s) => ({ ...s, saving: name ?? '', note: null }));
      run()
        .then((change) => {
          // The tool list follows at once (a tool_filter option shows or hides tools).
          useStore.getState().setInfo(skillId, change.info);
          if (!live.current) return;
          const text = `${saved}${toolWords(before, change.info.tools.map((t) => t.name))}`;
          setState((s) => ({ ...s, options: change.options, saving: null, note: { name, tone: 'success', text } }));
        })
        .catch((err) => live.current && setState((s) => ({ ...s, saving: null, note: { name, tone: 'error', text: messageOf(err) } })));
    },
    [skillId],
  );

  const set = useCallback((name: string, value: unknown) => apply(name, () => options.setOption(skillId, name, value), 'Saved.'), [apply, skillId]);
  const reset = useCallback(
    (name?: string) =>
      apply(name ?? null, () => options.resetOptions(skillId, name), name ? 'Back to the default.' : 'Every option is back to its default.'),
    [apply, skillId],
  );

  return { ...state, set, reset };
}
