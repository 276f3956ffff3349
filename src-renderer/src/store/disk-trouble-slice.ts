/**
 * The skills whose own files the disk refuses now (a full disk), with the sentence to show and how many of their
 * calls answered NOT_KEPT meanwhile: fed by the workbench's `diskTrouble` and `call` events (events.ts), shown by
 * DiskTroubleBanner until writing resumes.
 */
import type { DiskTroubleSlice, Slice } from './types';

export const createDiskTroubleSlice: Slice<DiskTroubleSlice> = (set, get) => ({
  diskTrouble: {},
  notKept: {},
  takeDiskNews: (news) => {
    const had = !!get().diskTrouble[news.skillId];
    set((s) => {
      const diskTrouble = { ...s.diskTrouble };
      const notKept = { ...s.notKept };
      if (news.problem) diskTrouble[news.skillId] = news;
      else {
        delete diskTrouble[news.skillId];
        delete notKept[news.skillId];
      }
      return { diskTrouble, notKept };
    });
    return had && !news.problem;
  },
  countNotKept: (skillId) => set((s) => ({ notKept: { ...s.notKept, [skillId]: (s.notKept[skillId] ?? 0) + 1 } })),
});

export type { DiskTroubleSlice };
