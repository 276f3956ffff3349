import type { CrashReport, HostInfo, SkillStatus, SkillSummary } from '@contract';
import type { Slice } from './types';

export interface WorkspaceSlice {
  host: HostInfo | null;
  folders: string[];
  skills: SkillSummary[];
  /** False until the first listSkills answer, so the list can show "Loading…" rather than an empty state. */
  skillsLoaded: boolean;
  selectedSkillId: string | null;
  setHost(host: HostInfo): void;
  setFolders(folders: string[]): void;
  setSkills(skills: SkillSummary[]): void;
  setSkillStatus(skillId: string, status: SkillStatus, detail?: string, crashes?: CrashReport): void;
  setSelectedSkill(skillId: string | null): void;
}

export const createWorkspaceSlice: Slice<WorkspaceSlice> = (set) => ({
  host: null,
  folders: [],
  skills: [],
  skillsLoaded: false,
  selectedSkillId: null,
  setHost: (host) => set({ host }),
  setFolders: (folders) => set({ folders }),
  setSkills: (skills) => set({ skills, skillsLoaded: true }),
  setSkillStatus: (skillId, status, detail, crashes) =>
    set((s) => {
      const i = s.skills.findIndex((k) => k.id === skillId);
      if (i < 0) return {};
      const prev = s.skills[i];
      const sameCrashes = crashes === undefined || (prev.crashes?.count === crashes.count && prev.crashes?.restarts === crashes.restarts);
      if (prev.status === status && prev.statusDetail === detail && sameCrashes) return {};
      const skills = s.skills.slice();
      skills[i] = { ...prev, status, statusDetail: detail, ...(crashes ? { crashes } : {}) };
      return { skills };
    }),
  setSelectedSkill: (selectedSkillId) => set({ selectedSkillId }),
});
