/**
 * The chat views' actions: a turn sent to the model in use, its `chat` events into the chat store as they come,
 * Stop, and a tool call of the chat opened in its skill's Tools tab.
 */
import type { ApprovalAnswer, ChatTargetRef } from '@contract';
import { api } from '../api/client';
import { queries } from '../data';
import { useStore } from '../store';
import { closeWorkspaceChat, useChatStore, WORKSPACE_CHAT } from '../store/chat-store';
import { historyOf, isRunning } from '../lib/chat-view';
import { messageOf, toastError } from './errors';
import { reopenCall } from './tools';
import { selectSkill } from './workspace';

const chat = () => useChatStore.getState();

let listening = false;

/** The `chat` events into the store, once (the client keeps its listeners across reconnections). */
function listen(): void {
  if (listening) return;
  listening = true;
  api().on('chat', ({ chatId, event }) => chat().applyEvent(chatId, event));
}

/** The conversation key of a target: the skill's id, or the workspace's. */
export function conversationKey(target: ChatTargetRef): string {
  return 'skillId' in target ? target.skillId : WORKSPACE_CHAT;
}

/** Sends one turn; its steps arrive as events, its result as the answer. Resolves once it ended. */
export async function sendChat(target: ChatTargetRef, message: string): Promise<void> {
  const key = conversationKey(target);
  const conv = chat().conversations[key];
  if (!message.trim() || conv?.turns.some(isRunning)) return;
  listen();
  const chatId = crypto.randomUUID();
  const history = historyOf(conv?.turns ?? []);
  chat().startTurn(key, chatId, message);
  const conversationId = chat().conversations[key]?.id;
  try {
    const result = await api().chatSend({ chatId, target, message, ...(conversationId ? { conversationId } : {}), ...(history.length ? { history } : {}), ...(conv?.maxSteps ? { maxSteps: conv.maxSteps } : {}) });
    chat().finishTurn(chatId, result);
  } catch (err) {
    chat().failTurn(chatId, messageOf(err));
  }
}

export async function stopChat(chatId: string): Promise<void> {
  try {
    await api().chatStop(chatId);
  } catch (err) {
    toastError(err, 'Could not stop the turn');
  }
}

/** The user's answer to a tool call waiting for approval. */
export async function approveTool(chatId: string, approvalId: string, answer: ApprovalAnswer): Promise<void> {
  try {
    await api().chatApprove(chatId, approvalId, answer);
    if (answer === 'always' || answer === 'never') queries.invalidate(['listToolPolicies']);
  } catch (err) {
    toastError(err, 'Could not answer the tool call');
  }
}

/** Opens a call the model made in the Tools tab of its skill: its tool, its arguments in the form, its result. */
export async function openCallInTools(skillId: string, callId: string): Promise<void> {
  try {
    const record = await api().getCall(skillId, callId);
    if (!record) {
      useStore.getState().pushToast('info', 'That call is no longer kept: the workbench keeps the last calls of each skill.');
      return;
    }
    if (useStore.getState().selectedSkillId !== skillId) selectSkill(skillId);
    closeWorkspaceChat();
    useStore.getState().upsertCall(record);
    reopenCall(record);
    useStore.getState().setActiveTab(skillId, 'tools');
  } catch (err) {
    toastError(err, 'Could not open the call');
  }
}

export function openModels(): void {
  chat().setModelsOpen(true);
}

export function openWorkspaceChat(): void {
  chat().setWorkspaceOpen(true);
}
