/**
 * What a chat turn talks to: the tools a model may call and the message hooks around its answer. One skill of
 * any protocol is a target (`skillChatTarget`); several open skills at once are one too (`workspaceChatTarget`),
 * their tools named `<skillId>__<tool>` as the real host names them. A cassette's replay, later, is another
 * target over the same interface.
 *
 * A skill's tool calls go through its runtime's recorded call (`SkillRuntime.recordedCall`), the path the Tools
 * tab and `skillbench call` take: each is in History, Messages, the Timeline and an active recording, with its
 * secrets scrubbed where it is stored. What the model is sent back is scrubbed too: a secret the skill knows
 * (an echoed key) never leaves for the model's server.
 */
import type { ToolInfo } from '../contract';
import { firstRunWarning } from '../protocols/agent-skill';
import { startForCalls } from '../protocols/registry';
import type { SkillRuntime } from '../runtime/skill-runtime';
import { joinedCassette, runtimeCassette, type Cassette } from './cassette';
import type { ToolOwner } from './tool-approval';

/** What a target's tool call answers the turn. */
export interface ChatToolRun {
  ok: boolean;
  /** What the model is given: the tool's result, or the error's message. */
  result: unknown;
  /** The call's id in History, where it ran through the workbench. */
  callId?: string;
  /** The skill that served it. */
  skillId?: string;
  durationMs?: number;
}

export interface ChatToolContext {
  /** Aborted when the user stops the turn: the call is cancelled. */
  signal: AbortSignal;
  /** The id the call is to have in History (made by the turn, so its events can name it before it ends). */
  callId: string;
}

export interface ChatTarget {
  /** Who the model talks to, for people ("Price alerts", "the workspace"). */
  readonly name: string;
  /** The tools, as the model will see them (names unique). May start the skill: some learn their tools by running. */
  tools(): Promise<ToolInfo[]>;
  callTool(name: string, args: unknown, ctx: ChatToolContext): Promise<ChatToolRun>;
  /** Whose tool `name` is, for its approval (tool-approval.ts); undefined where the target does not know. */
  ownerOf?(name: string): ToolOwner | undefined;
  /** `skill/beforeMessage`: the message the model gets; null for unchanged. */
  beforeMessage?(text: string): Promise<string | null>;
  /** `skill/afterResponse`: the answer the user gets; null for unchanged. */
  afterResponse?(text: string): Promise<string | null>;
  /** Where a turn is recorded while its skill is (cassette.ts): the skill's recording, or each recording skill's. */
  readonly cassette?: Cassette;
  /** Several skills at once (a workspace chat). */
  readonly workspace?: boolean;
}

/** Protocols whose every tool runs a local script: its approval says so (and an Agent Skill's, the first-run warning). */
const SCRIPT_PROTOCOLS = new Set(['agent-skill', 'action']);

/** One skill's runtime as a chat target (the CLI's runtime or the workbench's live one). */
export function skillChatTarget(rt: SkillRuntime): ChatTarget {
  // Started as a command-line call starts it: a per-call protocol (an action script) whose start fails still
  // runs each call and reports that call's failure.
  const ready = async () => {
    if (!rt.info() || rt.status === 'stopped' || rt.status === 'crashed') await startForCalls(rt);
  };
  const hasHooks = async () => {
    await ready();
    return rt.info()?.capabilities.messageHooks === true && !!rt.adapter.transform;
  };
  return {
    get name() {
      return rt.info()?.name ?? rt.ref.name;
    },
    cassette: runtimeCassette(rt),
    async tools() {
      await ready();
      return rt.info()?.tools ?? [];
    },
    async callTool(name, args, ctx) {
      if (ctx.signal.aborted) return { ok: false, result: 'Stopped before the call was made.' };
      const stop = () => rt.cancel(ctx.callId);
      ctx.signal.addEventListener('abort', stop, { once: true });
      try {
        const { outcome } = await rt.recordedCall(name, args, { callId: ctx.callId });
        const o = rt.redactor.value(outcome);
        const result = o.ok ? (o.data ?? o.text ?? null) : (o.error?.message ?? o.text ?? 'The tool failed.');
        return { ok: o.ok, result, callId: ctx.callId, skillId: rt.ref.id, durationMs: o.durationMs };
      } finally {
        ctx.signal.removeEventListener('abort', stop);
      }
    },
    ownerOf(name) {
      const script = SCRIPT_PROTOCOLS.has(rt.ref.protocol);
      let warning: string | null = null;
      if (rt.ref.protocol === 'agent-skill') {
        try {
          warning = firstRunWarning(rt.opts.home, rt.ref, name);
        } catch (err) {
          warning = `${name} could not be checked against its last run (${(err as Error).message}): read it first if you do not know it.`;
        }
      }
      return { skillId: rt.ref.id, dir: rt.ref.dir, skillName: rt.info()?.name ?? rt.ref.name, tool: name, script, warning, inView: true };
    },
    async beforeMessage(text) {
      return (await hasHooks()) ? rt.transform('beforeMessage', text) : null;
    },
    async afterResponse(text) {
      return (await hasHooks()) ? rt.transform('afterResponse', text) : null;
    },
  };
}

/** The separator the real host puts between a skill's id and its tool's name. */
export const NAMESPACE_SEPARATOR = '__';

/**
 * Several skills as one target: each tool named `<id>__<tool>`, each message hook applied in turn (the first
 * skill's output is the next one's input), as the real host runs every skill's hooks on one message.
 */
export function workspaceChatTarget(skills: { id: string; target: ChatTarget }[], name = 'the workspace'): ChatTarget {
  const owner = new Map<string, { target: ChatTarget; tool: string }>();
  const chain = async (hook: 'beforeMessage' | 'afterResponse', text: string): Promise<string | null> => {
    let out = text;
    let changed = false;
    for (const { target } of skills) {
      const next = await target[hook]?.(out);
      if (next !== null && next !== undefined) {
        out = next;
        changed = true;
      }
    }
    return changed ? out : null;
  };
  return {
    name,
    workspace: true,
    cassette: joinedCassette(skills.map((s) => s.target.cassette)),
    async tools() {
      owner.clear();
      const all: ToolInfo[] = [];
      for (const { id, target } of skills) {
        for (const t of await target.tools()) {
          const full = `${id}${NAMESPACE_SEPARATOR}${t.name}`;
          owner.set(full, { target, tool: t.name });
          all.push({ ...t, name: full });
        }
      }
      return all;
    },
    async callTool(full, args, ctx) {
      const o = owner.get(full);
      if (!o) return { ok: false, result: `No tool is named "${full}".` };
      return o.target.callTool(o.tool, args, ctx);
    },
    // Several skills: none is the one in view, so each one's tools are asked about by default.
    ownerOf(full) {
      const o = owner.get(full);
      const inner = o?.target.ownerOf?.(o.tool);
      return inner ? { ...inner, inView: false } : undefined;
    },
    beforeMessage: (text) => chain('beforeMessage', text),
    afterResponse: (text) => chain('afterResponse', text),
  };
}
