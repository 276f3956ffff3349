/**
 * The skills whose own files the disk refuses now (a full disk), with the sentence to show: fed by the workbench's
 * `diskTrouble` events (events.ts), shown by DiskTroubleBanner until writing resumes.
 */
import type { DiskTroubleSlice, Slice } from './types';

export const createDiskTroubleSlice: Slice<DiskTroubleSlice> = (set, get) => ({
  diskTrouble: {},
  takeDiskNews: (news) => {
    const had = !!get().diskTrouble[news.skillId];
    set((s) => {
      const diskTrouble = { ...s.diskTrouble };
      if (news.problem) diskTrouble[news.skillId] = news;
      else delete diskTrouble[news.skillId];
      return { diskTrouble };
    });
    return had && !news.problem;
  },
});

export type { DiskTroubleSlice };
