/**
 * Whether a tool call the model asked for runs: the user's word, as Claude Code and Claude Desktop ask for it. Every
 * chat turn is given a `ToolApproval` (there is no default: each caller states its policy). The turn asks it
 * before each call (chat-turn.ts); "ask" waits for the user, and a call the user declines goes back to the model as
 * a tool error saying so.
 *
 * The policy of one tool, in this order:
 *  - kept in the home (tool-policies.ts): "never" refuses it; "always" runs it, but a script that changed since it
 *    last ran (or never ran from the workbench) is asked about again, with the Scripts tab's first-run warning;
 *  - allowed for this chat (the conversation's memory, the same script caveat);
 *  - else "ask" for anything that runs a local script (an Agent Skill's script, an action script) and any tool of
 *    another skill than the one in view (in a chat with several skills, none is in view); the tools of the one
 *    skill being chatted with run.
 * Who asks is the caller's: the app's chat service holds a promise the window answers (workbench/chat-service.ts),
 * `skillbench chat` asks on its terminal. Evals, trigger evals and replays state "allow" (`ALLOW_TOOLS`): the user
 * started them to run the skill's tools.
 */
import type { ApprovalAnswer, ToolApprovalRequest } from '../contract';
import { keepToolPolicy, keptPolicyOf } from './tool-policies';

/** Who owns a tool the model may call, as the target knows it (chat-target.ts). */
export interface ToolOwner {
  skillId: string;
  /** The skill's folder: with the id, what a kept policy is kept for. */
  dir: string;
  skillName: string;
  /** The tool's own name in its skill. */
  tool: string;
  /** It runs a local script (an Agent Skill's script, an action script). */
  script: boolean;
  /** The warning before the script's first run (or its first since it changed); null once it ran as it is. */
  warning: string | null;
  /** The skill is the one the user is chatting with (a chat with one skill). */
  inView: boolean;
}

export type Verdict = { run: true } | { run: false; ask: true; reason: string } | { run: false; ask: false; refusal: string };

export interface ToolApproval {
  /** Decided without asking: run, refuse (the model is told the sentence), or ask the user (and why). */
  decide(owner: ToolOwner | undefined, modelName: string): Verdict;
  /** Asks the user; resolves with the answer. The turn's Stop (`signal`) makes it resolve "deny". */
  ask(request: ToolApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
  /** The user's answer remembered: for this chat, or kept in the home. */
  answered(owner: ToolOwner | undefined, modelName: string, answer: ApprovalAnswer): void;
}

/** What the model is told of a call the user declined. */
export const DECLINED = 'The user declined this tool call: it was not run. Do not try it again unless the user asks.';

/** Every tool runs: stated by evals, trigger evals and replays, whose point is to run the skill's tools. */
export const ALLOW_TOOLS: ToolApproval = {
  decide: () => ({ run: true }),
  ask: () => Promise.resolve('deny'),
  answered: () => undefined,
};

export interface PolicyApprovalOptions {
  /** The workbench's home, where "always" and "never" are kept. */
  home: string;
  /** The tools allowed for this chat, kept by the caller for the length of the conversation. */
  allowedInChat?: Set<string>;
  /** Asks the user. Absent: nobody can be asked, and `cannotAsk` says so to the model. */
  ask?: (request: ToolApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;
  /** What the model is told of a call that needed asking where nobody can be asked. */
  cannotAsk?: string;
  /** What would be asked runs (`skillbench chat --allow-tools`, an agent's schedule): "never" still refuses. */
  allowAsked?: boolean;
  /** A kept policy could not be read or written: said, and the call asked about (or refused) as if none were kept. */
  onProblem?: (problem: string) => void;
}

/** The user's policy: kept, for this chat, or the default, asking where it says to. */
export class PolicyApproval implements ToolApproval {
  constructor(private readonly opts: PolicyApprovalOptions) {}

  decide(owner: ToolOwner | undefined, modelName: string): Verdict {
    const verdict = this.policyOf(owner, modelName);
    if (!('ask' in verdict) || !verdict.ask) return verdict;
    if (this.opts.allowAsked) return { run: true };
    if (!this.opts.ask) return { run: false, ask: false, refusal: this.opts.cannotAsk ?? 'The tool was not run: it needs the user\'s approval and nobody could be asked.' };
    return verdict;
  }

  ask(request: ToolApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    return this.opts.ask ? this.opts.ask(request, signal) : Promise.resolve('deny');
  }

  answered(owner: ToolOwner | undefined, modelName: string, answer: ApprovalAnswer): void {
    // "Always" for a tool of no known skill cannot be kept: it holds for this chat.
    if (answer === 'chat' || (answer === 'always' && !owner)) this.opts.allowedInChat?.add(chatKey(owner, modelName));
    if ((answer === 'always' || answer === 'never') && owner) {
      try {
        keepToolPolicy(this.opts.home, { skillId: owner.skillId, dir: owner.dir, skillName: owner.skillName, tool: owner.tool, policy: answer });
      } catch (err) {
        this.opts.onProblem?.(`The tool's policy could not be kept: ${(err as Error).message}`);
      }
    }
  }

  private policyOf(owner: ToolOwner | undefined, modelName: string): Verdict {
    // A script allowed before, that changed since it last ran, is asked about again: it is not what was allowed.
    const stillAllowed = !owner?.script || !owner.warning;
    if (owner) {
      let kept;
      try {
        kept = keptPolicyOf(this.opts.home, owner);
      } catch (err) {
        this.opts.onProblem?.(`The kept tool policies could not be read: ${(err as Error).message}`);
      }
      if (kept?.policy === 'never') return { run: false, ask: false, refusal: `The user set ${owner.tool} of ${owner.skillName} never to run: it was not run.` };
      if (kept?.policy === 'always' && stillAllowed) return { run: true };
    }
    if (this.opts.allowedInChat?.has(chatKey(owner, modelName)) && stillAllowed) return { run: true };
    if (!owner) return { run: false, ask: true, reason: 'the workbench does not know which skill this tool belongs to' };
    if (owner.script) return { run: false, ask: true, reason: 'it runs a local script, with your rights' };
    if (!owner.inView) return { run: false, ask: true, reason: `it is a tool of ${owner.skillName}, and this chat is not with that skill alone` };
    return { run: true };
  }
}

function chatKey(owner: ToolOwner | undefined, modelName: string): string {
  return owner ? JSON.stringify([owner.skillId, owner.dir, owner.tool]) : JSON.stringify([modelName]);
}
