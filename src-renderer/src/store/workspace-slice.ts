import type { WorkspaceSlice, Slice } from './types';

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

export type { WorkspaceSlice };
