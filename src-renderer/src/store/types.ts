import type { StateCreator } from 'zustand';
import type { WorkspaceSlice } from './workspace-slice';
import type { SkillSlice } from './skill-slice';
import type { ToolsSlice } from './tools-slice';
import type { UiSlice } from './ui-slice';

export type AppState = WorkspaceSlice & SkillSlice & ToolsSlice & UiSlice;
export type Slice<T> = StateCreator<AppState, [], [], T>;
