/**
 * The app's side of chat approvals (agent/tool-approval.ts): a tool call waiting for the user is a promise here,
 * which the window answers with `chatApprove`. It is denied when the turn is stopped and when the window that
 * sent the turn goes away (nobody is left to answer it). "Allow for this chat" is remembered per conversation
 * (the window's `conversationId`), for the most recent conversations only.
 */
import type { ApprovalAnswer, ChatRequest, ToolApprovalRequest } from '../contract';
import { PolicyApproval, type ToolApproval } from '../agent/tool-approval';
import type { WindowScope } from './window-scope';

/** Conversations whose "allow for this chat" is remembered; the oldest is forgotten past this. */
export const MAX_CONVERSATIONS = 200;

interface Waiting {
  chatId: string;
  resolve(answer: ApprovalAnswer | 'stopped'): void;
}

export class ChatApprovals {
  private readonly waiting = new Map<string, Waiting>();
  /** Tools allowed for a conversation, by its id; a Map keeps insertion order, so the first is the oldest. */
  private readonly allowed = new Map<string, Set<string>>();

  constructor(
    private readonly home: string,
    private readonly onProblem: (problem: string) => void,
  ) {}

  /** The approval a turn of `req` runs under: the user's policy, asked through the window that sent it. */
  forTurn(req: ChatRequest, window: WindowScope | undefined): ToolApproval {
    return new PolicyApproval({
      home: this.home,
      allowedInChat: this.conversation(req.conversationId ?? req.chatId),
      onProblem: this.onProblem,
      ask: (request, signal) => this.ask(req.chatId, request, signal, window),
    });
  }

  /** The window's answer to a call waiting for it. */
  answer(chatId: string, approvalId: string, answer: ApprovalAnswer): void {
    const w = this.waiting.get(approvalId);
    if (!w || w.chatId !== chatId) throw new Error('That tool call is no longer waiting for an answer: the turn ended or it was answered.');
    w.resolve(answer);
  }

  /** Denies every call still waiting (the workbench is closing). */
  close(): void {
    for (const w of this.waiting.values()) w.resolve('stopped');
  }

  private ask(chatId: string, request: ToolApprovalRequest, signal: AbortSignal, window: WindowScope | undefined): Promise<ApprovalAnswer> {
    return new Promise<ApprovalAnswer>((resolve, reject) => {
      const done = (answer: ApprovalAnswer | 'stopped') => {
        this.waiting.delete(request.approvalId);
        signal.removeEventListener('abort', stop);
        window?.gone.removeEventListener('abort', stop);
        if (answer === 'stopped') reject(new Error('Nobody is left to answer.'));
        else resolve(answer);
      };
      const stop = () => done('stopped');
      if (signal.aborted || window?.gone.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      window?.gone.addEventListener('abort', stop, { once: true });
      this.waiting.set(request.approvalId, { chatId, resolve: done });
    });
  }

  private conversation(id: string): Set<string> {
    let set = this.allowed.get(id);
    if (set) {
      // Used again: the most recent now.
      this.allowed.delete(id);
    } else {
      set = new Set();
      if (this.allowed.size >= MAX_CONVERSATIONS) this.allowed.delete(this.allowed.keys().next().value!);
    }
    this.allowed.set(id, set);
    return set;
  }
}
