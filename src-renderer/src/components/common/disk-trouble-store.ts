/**
 * The skills whose own files the disk refuses now (a full disk), with the sentence to show: fed by the
 * workbench's `diskTrouble` events (events.ts), shown by DiskTroubleBanner until writing resumes.
 */
import { create } from 'zustand';
import type { WorkbenchEvents } from '@contract';

type DiskNews = WorkbenchEvents['diskTrouble'];

interface DiskTroubleState {
  /** The news of each skill in trouble, by skill id. */
  bySkill: Record<string, DiskNews>;
  /** Takes one event; true when it ends an episode this page was told of. */
  take(news: DiskNews): boolean;
}

export const useDiskTrouble = create<DiskTroubleState>()((set, get) => ({
  bySkill: {},
  take: (news) => {
    const had = !!get().bySkill[news.skillId];
    set((s) => {
      const bySkill = { ...s.bySkill };
      if (news.problem) bySkill[news.skillId] = news;
      else delete bySkill[news.skillId];
      return { bySkill };
    });
    return had && !news.problem;
  },
}));
