import { create } from 'zustand';
import type { AppState } from './types';
import { createWorkspaceSlice } from './workspace-slice';
import { createSkillSlice } from './skill-slice';
import { createToolsSlice } from './tools-slice';
import { createUiSlice } from './ui-slice';
import { createMcpSlice } from './mcp-slice';
import { createRecordingsSlice } from './recordings-slice';
import { createDiskTroubleSlice } from './disk-trouble-slice';

export type { AppState } from './types';
export { draftKey } from './tools-slice';
export type { SkillViewMode, TabName, ThemeChoice } from './ui-slice';
export { effectiveDark } from './ui-slice';
export { mcpSelectors } from './mcp-slice';
export { recordingSelectors } from './recordings-slice';
export type { McpProgress } from './types';

/** The one store, built from slices. Read it with atomic selectors (or `useShallow` for several values). */
export const useStore = create<AppState>()((...a) => ({
  ...createWorkspaceSlice(...a),
  ...createSkillSlice(...a),
  ...createToolsSlice(...a),
  ...createUiSlice(...a),
  ...createMcpSlice(...a),
  ...createRecordingsSlice(...a),
  ...createDiskTroubleSlice(...a),
}));
