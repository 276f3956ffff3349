/** What the app does for agents and action scripts: discover actions by running, set declared secrets, drive schedules. */
import type { ScheduleState } from '@contract';
import { api } from '../api/client';
import { useStore } from '../store';
import { toastError } from './errors';
import { loadInfo } from './workspace';

/** Runs the script once with an unknown action (the user agreed to it); the tool list is what it learnt. */
export async function discoverActions(skillId: string): Promise<boolean> {
  try {
    const info = await api().discoverActions(skillId);
    useStore.getState().setInfo(skillId, info);
    useStore.getState().pushToast('success', `Ran the script: ${info.tools.length} action${info.tools.length === 1 ? '' : 's'} now listed.`);
    return true;
  } catch (err) {
    toastError(err, 'Could not discover the actions');
    return false;
  }
}

/** Keeps a declared secret in the encrypted store (write-only), then shows the agent as it now is. */
export async function saveSecrets(skillId: string, values: Record<string, string>): Promise<boolean> {
  try {
    await api().updateSkillSettings(skillId, { secretValues: values });
    await loadInfo(skillId, true);
    const names = Object.keys(values);
    useStore.getState().pushToast('success', `Saved ${names.join(', ')} (kept encrypted).`);
    return true;
  } catch (err) {
    toastError(err, 'Could not save the secret');
    return false;
  }
}

export async function controlSchedule(skillId: string, id: string, op: 'pause' | 'resume' | 'run'): Promise<ScheduleState[] | null> {
  try {
    return await api().controlSchedule(skillId, id, op);
  } catch (err) {
    toastError(err, op === 'run' ? 'Could not run the schedule' : `Could not ${op} the schedule`);
    return null;
  }
}
