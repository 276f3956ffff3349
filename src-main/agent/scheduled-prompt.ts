/**
 * An agent's scheduled prompt (`schedule: [{cron, task: "…"}]` where the task is not `<skill>.<action>`), run as
 * agents projects mean it: one chat turn, the task as the user's message, the agent's skills as the model's tools
 * (named `<skill>__<action>`, each call through the skill's runtime: in its History, Messages and Timeline), the
 * agent's name and description as the instructions. The app's schedules and `skillbench schedule --once` both run it
 * here; the outcome is a call's, so a scheduled prompt is counted, marked and listed as any scheduled run is.
 */
import type { CallOutcome, ChatTurnResult } from '../contract';
import type { AgentConfig } from '../protocols/action';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { ChatModel } from './chat-model';
import { skillChatTarget, workspaceChatTarget } from './chat-target';
import { runChatTurn } from './chat-turn';
import { PolicyApproval, type ToolApproval } from './tool-approval';

export interface ScheduledPrompt {
  prompt: string;
  agent: Pick<AgentConfig, 'name' | 'description' | 'metadata'>;
  /** The agent's skills, by the names agent.yaml gives them, each with its runtime. */
  skills: { name: string; rt: SkillRuntime }[];
  model: ChatModel;
  maxSteps?: number;
  signal?: AbortSignal;
  /**
   * Nobody is there to ask when a schedule fires: the caller states what runs (`PolicyApproval` with `allowAsked`:
   * every tool but those the user set to never run).
   */
  approval: ToolApproval;
}

/** What the model is told it is: the agent, by its name and description. */
export function agentInstructions(agent: ScheduledPrompt['agent']): string {
  const who = agent.metadata.name ?? agent.name;
  return `You are ${who}${agent.description ? `: ${agent.description}` : ''}. Your tools are your skills' actions. This task comes from your schedule.`;
}

export function runScheduledPrompt(p: ScheduledPrompt): Promise<ChatTurnResult> {
  const target = workspaceChatTarget(p.skills.map((s) => ({ id: s.name, target: skillChatTarget(s.rt) })), p.agent.metadata.name ?? p.agent.name);
  return runChatTurn({ target, model: p.model, approval: p.approval, message: p.prompt, instructions: agentInstructions(p.agent), maxSteps: p.maxSteps, signal: p.signal });
}

/**
 * What a schedule's turn may run: every tool but those the user set to never run. The user armed the schedule
 * with Start (or ran it with `schedule --once`), knowing no one is asked when it fires.
 */
export function scheduledApproval(home: string): ToolApproval {
  return new PolicyApproval({ home, allowAsked: true });
}

/** A turn as a scheduled run's outcome: the answer as its text, the answer and the tool calls as its data. */
export function turnOutcome(turn: ChatTurnResult): CallOutcome {
  const data = { answer: turn.answer, toolCalls: turn.toolCalls.map(({ tool, arguments: args, ok, result }) => ({ tool, arguments: args, ok, result })), usage: turn.usage, steps: turn.steps };
  if (turn.ok) return { ok: true, text: turn.answer, data, durationMs: turn.durationMs };
  return { ok: false, data, durationMs: turn.durationMs, error: { code: turn.failure === 'stopped' ? 'CANCELLED' : 'TOOL', message: turn.error ?? 'The turn did not end with an answer.' } };
}
