/**
 * The app's chats: each conversation (a skill's, or the workspace's) as its turns, built from the engine's `chat`
 * events, and where the chat views are (the Models dialog open, the workspace chat shown).
 *
 * A store of its own rather than a slice of the app's: a streaming answer changes it many times a second, and
 * only the chat views read it (style: high-frequency data stays out of the one store every view selects from).
 */
import { create } from 'zustand';
import type { ChatEvent, ChatTurnResult } from '@contract';
import { applyChatEvent, newTurn, type TurnView } from '../lib/chat-view';

/** The workspace chat's conversation key (a skill's is its id). */
export const WORKSPACE_CHAT = '\u0000workspace';

export interface Conversation {
  turns: TurnView[];
  /** Names the conversation to the engine: what "Allow for this chat" holds for. A new one when it is cleared. */
  id?: string;
  /** The steps a turn may take, where the user set it here (else the model's own, else the engine's 8). */
  maxSteps?: number;
}

export interface ChatState {
  conversations: Record<string, Conversation>;
  /** Which conversation each running chat id belongs to. */
  owners: Record<string, string>;
  /** The Models dialog is open. */
  modelsOpen: boolean;
  /** The workspace chat is shown in the main area. */
  workspaceOpen: boolean;
  /** The skills the workspace chat uses; null until the user picks (then the running ones are offered). */
  workspaceSkills: string[] | null;
  startTurn(key: string, chatId: string, message: string): void;
  applyEvent(chatId: string, event: ChatEvent): void;
  finishTurn(chatId: string, result: ChatTurnResult): void;
  failTurn(chatId: string, message: string): void;
  clear(key: string): void;
  setMaxSteps(key: string, n: number | undefined): void;
  setModelsOpen(open: boolean): void;
  setWorkspaceOpen(open: boolean): void;
  setWorkspaceSkills(ids: string[]): void;
}

const EMPTY: Conversation = { turns: [] };

/** `change` applied to the turn of `chatId`, wherever it is. */
function onTurn(s: ChatState, chatId: string, change: (t: TurnView) => TurnView): Partial<ChatState> {
  const key = s.owners[chatId];
  const conv = key === undefined ? undefined : s.conversations[key];
  if (!conv) return {};
  const turns = conv.turns.map((t) => (t.chatId === chatId ? change(t) : t));
  return { conversations: { ...s.conversations, [key]: { ...conv, turns } } };
}

const ended = (s: ChatState, chatId: string): Record<string, string> => {
  const owners = { ...s.owners };
  delete owners[chatId];
  return owners;
};

export const useChatStore = create<ChatState>()((set) => ({
  conversations: {},
  owners: {},
  modelsOpen: false,
  workspaceOpen: false,
  workspaceSkills: null,
  startTurn: (key, chatId, message) =>
    set((s) => {
      const conv = s.conversations[key] ?? EMPTY;
      return {
        conversations: { ...s.conversations, [key]: { ...conv, id: conv.id ?? crypto.randomUUID(), turns: [...conv.turns, newTurn(chatId, message, Date.now())] } },
        owners: { ...s.owners, [chatId]: key },
      };
    }),
  applyEvent: (chatId, event) => set((s) => onTurn(s, chatId, (t) => applyChatEvent(t, event))),
  // The answer carries the whole result: it stands even where a `done` event was missed (a window that reconnected).
  finishTurn: (chatId, result) => set((s) => ({ ...onTurn(s, chatId, (t) => ({ ...t, result, retry: undefined })), owners: ended(s, chatId) })),
  failTurn: (chatId, message) => set((s) => ({ ...onTurn(s, chatId, (t) => ({ ...t, failed: message, retry: undefined })), owners: ended(s, chatId) })),
  // A cleared chat is a new one: what was allowed for it is asked about again.
  clear: (key) => set((s) => ({ conversations: { ...s.conversations, [key]: { ...(s.conversations[key] ?? EMPTY), turns: [], id: undefined } } })),
  setMaxSteps: (key, maxSteps) => set((s) => ({ conversations: { ...s.conversations, [key]: { ...(s.conversations[key] ?? EMPTY), maxSteps } } })),
  setModelsOpen: (modelsOpen) => set({ modelsOpen }),
  setWorkspaceOpen: (workspaceOpen) => set({ workspaceOpen }),
  setWorkspaceSkills: (workspaceSkills) => set({ workspaceSkills }),
}));

export const emptyConversation = EMPTY;

/** The main area back to the selected skill (a skill was chosen). */
export function closeWorkspaceChat(): void {
  if (useChatStore.getState().workspaceOpen) useChatStore.getState().setWorkspaceOpen(false);
}
