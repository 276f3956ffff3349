import type { WorkbenchApi } from '@contract';
import { api } from '../api/client';
import { useStore } from '../store';
import { loadMessages, messageRings } from '../streams/messages';
import { loadTimeline, timelineRings } from '../streams/timeline';
import { publishLogResync } from '../streams/logs';
import { messageOf, toastError } from './errors';
import { loadHistory } from './tools';
import { closeWorkspaceChat } from '../store/chat-store';

const get = () => useStore.getState();

let bootstrapped = false;
let booting: Promise<void> | null = null;

export function isBootstrapped(): boolean {
  return bootstrapped;
}

/** First load: host, workspace, skills, and the last selected skill. Safe to call again if it failed. */
export function bootstrap(): Promise<void> {
  if (!booting) booting = doBootstrap().finally(() => (booting = null));
  return booting;
}

async function doBootstrap(): Promise<void> {
  const client = api();
  try {
    const [host, workspace, skills] = await Promise.all([client.hostInfo(), client.getWorkspace(), client.listSkills()]);
    const s = get();
    s.setHost(host);
    s.setFolders(workspace.folders);
    s.setSkills(skills);
    const wanted = workspace.selectedSkill && skills.some((k) => k.id === workspace.selectedSkill)
      ? workspace.selectedSkill
      : skills[0]?.id ?? null;
    bootstrapped = true;
    // The app's own pick: a view the user opened while this loaded (the workspace chat) stays in front.
    if (wanted) selectSkill(wanted, workspace.selectedSkill !== wanted, false);
  } catch (err) {
    // With no connection the banner already says why; a retry happens when the socket opens.
    if (get().connection === 'open') toastError(err, 'Could not load the workspace');
  }
}

/** After the socket comes back: refresh everything that may have changed while we were away. */
export async function reconcile(): Promise<void> {
  const client = api();
  try {
    const [workspace, skills] = await Promise.all([client.getWorkspace(), client.listSkills()]);
    const s = get();
    s.setFolders(workspace.folders);
    s.setSkills(skills);
    const sel = s.selectedSkillId;
    if (sel && !skills.some((k) => k.id === sel)) s.setSelectedSkill(skills[0]?.id ?? null);
    const now = get().selectedSkillId;
    if (now) {
      void loadInfo(now, true);
      void loadHistory(now);
    }
    for (const id of messageRings.loadedIds()) void loadMessages(id, true).catch(() => undefined);
    for (const id of timelineRings.loadedIds()) void loadTimeline(id, true).catch(() => undefined);
    publishLogResync();
  } catch {
    /* the next reconnect tries again */
  }
}

export function selectSkill(skillId: string | null, persist = true, bringToFront = true): void {
  const s = get();
  s.setSelectedSkill(skillId);
  if (bringToFront) closeWorkspaceChat();
  if (persist) api().selectSkill(skillId).catch(() => undefined);
  if (skillId) {
    void loadInfo(skillId);
    void loadHistory(skillId);
  }
}

const inflight = new Map<string, Promise<void>>();

export function loadInfo(skillId: string, force = false): Promise<void> {
  const s = get();
  if (!force && s.infos[skillId]) return Promise.resolve();
  const existing = inflight.get(skillId);
  if (existing) return existing;
  s.setInfoLoading(skillId, true);
  // Reading runs nothing of the skill; it starts only where the user chose to start its folder's skills on open.
  const p = api()
    .readSkill(skillId)
    .then((info) => get().setInfo(skillId, info))
    .catch((err) => get().setInfoError(skillId, messageOf(err)))
    .finally(() => {
      inflight.delete(skillId);
      get().setInfoLoading(skillId, false);
    });
  inflight.set(skillId, p);
  return p;
}

/** Adds a folder; returns null on success or the reason it failed (also toasted unless `quiet`). */
export async function addFolder(path: string, quiet = false): Promise<string | null> {
  try {
    const ws = await api().addFolder(path);
    get().setFolders(ws.folders);
    // A folder too large to walk whole (such as /usr): say where looking stopped.
    for (const note of ws.notes ?? []) get().pushToast('info', note);
    const skills = await api().listSkills();
    get().setSkills(skills);
    const added = skills.find((k) => k.root === path) ?? skills.find((k) => ws.folders.includes(k.root));
    if (!get().selectedSkillId && added) selectSkill(added.id);
    return null;
  } catch (err) {
    if (!quiet) toastError(err, 'Could not open the folder');
    return messageOf(err);
  }
}

/** Makes a new skill from a template, then reads the workspace and the skills again (it is one of them now). */
export async function createSkill(input: Parameters<WorkbenchApi['createSkill']>[0]): ReturnType<WorkbenchApi['createSkill']> {
  const res = await api().createSkill(input);
  const [ws, skills] = await Promise.all([api().getWorkspace(), api().listSkills()]);
  get().setFolders(ws.folders);
  get().setSkills(skills);
  return res;
}

/** Returns 'dialog' when there is no native picker and the caller should ask for a path. */
export async function openFolder(): Promise<'done' | 'cancelled' | 'dialog'> {
  const host = get().host;
  if (!host?.canPickFolder) return 'dialog';
  try {
    const path = await api().pickFolder();
    if (!path) return 'cancelled';
    await addFolder(path);
    return 'done';
  } catch (err) {
    toastError(err, 'Could not open the folder');
    return 'cancelled';
  }
}

export async function removeFolder(path: string): Promise<void> {
  try {
    const ws = await api().removeFolder(path);
    get().setFolders(ws.folders);
    const skills = await api().listSkills();
    get().setSkills(skills);
    const sel = get().selectedSkillId;
    if (sel && !skills.some((k) => k.id === sel)) selectSkill(skills[0]?.id ?? null);
  } catch (err) {
    toastError(err, 'Could not remove the folder');
  }
}

/** The user's choice for a folder: start its skills when they are opened. */
export async function setRunOnOpen(folder: string, on: boolean): Promise<void> {
  try {
    await api().setRunOnOpen(folder, on);
  } catch (err) {
    toastError(err, 'Could not remember the choice');
  }
}

export async function startSkill(skillId: string): Promise<void> {
  try {
    await api().startSkill(skillId);
  } catch (err) {
    startFailed(skillId, err, 'Could not start the skill');
  }
}

/** A failed start of the skill on screen is said by its header (StartFailure); of another, by a toast. */
function startFailed(skillId: string, err: unknown, title: string): void {
  const s = get();
  const shown = s.selectedSkillId === skillId && s.skills.find((k) => k.id === skillId)?.status === 'crashed';
  if (!shown) toastError(err, title);
}

export async function stopSkill(skillId: string): Promise<void> {
  try {
    await api().stopSkill(skillId);
  } catch (err) {
    toastError(err, 'Could not stop the skill');
  }
}

export async function restartSkill(skillId: string): Promise<void> {
  try {
    await api().restartSkill(skillId);
  } catch (err) {
    startFailed(skillId, err, 'Could not restart the skill');
  }
}
