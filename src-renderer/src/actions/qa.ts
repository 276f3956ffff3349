/** Checking a skill: the doctor's checks, a collection's run. Long reads the views wait on with `useAction`. */
import type { DoctorReport, RunReport } from '@contract';
import { api } from '../api/client';

export function runDoctor(skillId: string): Promise<DoctorReport> {
  return api().runDoctor(skillId);
}

export function runCollection(skillId: string, dir: string, env: string | null): Promise<RunReport> {
  return api().runCollection(skillId, dir, env);
}
