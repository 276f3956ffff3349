import { useCallback, useEffect, useRef, useState } from 'react';
import type { TriggerInput, TriggersView } from '@contract';
import * as triggers from '../../actions/triggers';
import { messageOf } from '../../actions/errors';

export interface TriggersState {
  loading: boolean;
  view: TriggersView;
  error: string | null;
  /** The trigger being changed or removed ('' while a new one is being registered). */
  busy: string | null;
  /** What the last change said. */
  note: { tone: 'success' | 'error'; text: string } | null;
  create(input: TriggerInput): Promise<boolean>;
  /** Changes a trigger's name, conditions and settings (its type stays). */
  update(id: string, input: TriggerInput): Promise<boolean>;
  setEnabled(id: string, enabled: boolean): void;
  remove(id: string, name: string): void;
  reload(): void;
}

/** A skill's trigger types and triggers, read from the running skill; each change answers the new list. */
export function useTriggers(skillId: string): TriggersState {
  const [state, setState] = useState<Pick<TriggersState, 'loading' | 'view' | 'error' | 'busy' | 'note'>>({
    loading: true, view: { types: [], triggers: [] }, error: null, busy: null, note: null,
  });
  const live = useRef(true);

  const reload = useCallback(() => {
    triggers.getTriggers(skillId)
      .then((view) => live.current && setState((s) => ({ ...s, loading: false, view, error: null })))
      .catch((err) => live.current && setState((s) => ({ ...s, loading: false, error: messageOf(err) })));
  }, [skillId]);

  useEffect(() => {
    live.current = true;
    reload();
    return () => {
      live.current = false;
    };
  }, [reload]);

  const change = useCallback(async (busy: string, run: () => Promise<TriggersView>, done: string): Promise<boolean> => {
    setState((s) => ({ ...s, busy, note: null }));
    try {
      const view = await run();
      if (live.current) setState((s) => ({ ...s, view, busy: null, note: { tone: 'success', text: done } }));
      return true;
    } catch (err) {
      if (live.current) setState((s) => ({ ...s, busy: null, note: { tone: 'error', text: messageOf(err) } }));
      return false;
    }
  }, []);

  return {
    ...state,
    reload,
    create: (input) => change('', () => triggers.createTrigger(skillId, input), `Trigger "${input.name.trim()}" registered.`),
    update: (id, input) =>
      change(id, () => triggers.updateTrigger(skillId, id, { name: input.name, conditions: input.conditions, config: input.config }), `Trigger "${input.name.trim()}" saved.`),
    setEnabled: (id, enabled) => void change(id, () => triggers.updateTrigger(skillId, id, { enabled }), enabled ? 'Trigger turned on.' : 'Trigger turned off: it will not fire until you turn it on.'),
    remove: (id, name) => void change(id, () => triggers.deleteTrigger(skillId, id), `Trigger "${name}" removed.`),
  };
}
