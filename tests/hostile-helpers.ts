/** The hostile skill (tests/fixtures/hostile/hostile.py) in a workbench, as the adversarial suite uses it. */
import path from 'node:path';
import type { CallRecord, EventName } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import type { Cleanup } from './cleanup-fixture';
import { FIXTURES } from './helpers';

export const HOSTILE = path.join(FIXTURES, 'hostile');

export interface HostileBench {
  wb: Workbench;
  /** The skill over subprocess JSON-RPC (reverse calls refused). */
  rpc: string;
  /** The same skill as a SkillDefinition skill (reverse calls served by the host). */
  skilldef: string;
  /** Every event a window got. */
  events: EventName[];
}

/** A workbench over the hostile skills, with a window subscribed to every event (as browser mode has). */
export async function hostileWorkbench(cleanup: Cleanup, home = cleanup.tempDir()): Promise<HostileBench> {
  const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [HOSTILE], namedFolders: true }));
  const events: EventName[] = [];
  // Serialised as the WebSocket bridge does, so a payload that cannot be is noticed.
  wb.events.onAnyForWindow((event, payload) => {
    JSON.stringify(payload);
    events.push(event);
  });
  const skills = await wb.listSkills();
  return { wb, rpc: skills.find((s) => s.protocol === 'jsonrpc')!.id, skilldef: skills.find((s) => s.protocol === 'skilldef')!.id, events };
}

/** A hostile tool's answer: JSON in its text. */
export function answerOf<T = Record<string, unknown>>(r: CallRecord): T {
  if (!r.outcome?.ok) throw new Error(`the call failed: ${JSON.stringify(r.outcome?.error)}`);
  return JSON.parse(r.outcome.text!) as T;
}
