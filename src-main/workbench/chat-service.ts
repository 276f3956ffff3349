/**
 * The ChatApi half of the contract: the app's models and its chat.
 *
 * Models are named profiles in `<home>/models.json` (agent/model-settings.ts), read afresh at each use so the app
 * and a `skillbench` process never disagree. Keys go into the encrypted store under the workbench's own scope
 * (agent/model-keys.ts) and never come back out: the window learns only that one is kept and where a profile's key
 * would come from.
 *
 * A chat turn runs with the model in use against one skill, or several open skills at once (their tools named
 * `<skillId>__<tool>`), on the workbench's live runtime of each: every tool call is a recorded call, in History,
 * Messages, the Timeline and an active recording, as a hand-made one is. Its steps reach the windows as `chat`
 * events named by the window's `chatId` (scrubbed by the hub, as every event is).
 *
 * A tool call runs as the user's policy says (agent/tool-approval.ts): one that needs asking waits, as a
 * `tool-approval` event, for the window that sent the turn to answer (`chatApprove`; chat-approvals.ts).
 *
 * The engine's other users of a model (MCP sampling, scheduled prompts) take `activeChatModel()`.
 */
import type { AgentHostInfo, ApprovalAnswer, ChatApi, ChatRequest, ChatTargetRef, ChatToolCall, ChatTurnResult, KeptToolPolicy, KeyCheck, ModelConfig, ModelProfile, ModelSettings, ModelSettingsView, ToolPolicyRef } from '../contract';
import { openChatModel, type ChatModel } from '../agent/chat-model';
import { skillChatTarget, workspaceChatTarget, type ChatTarget } from '../agent/chat-target';
import { runChatTurn } from '../agent/chat-turn';
import { checkModelConfig } from '../agent/model-config';
import { deleteModelKey, hasModelKey, keySourceText, modelKeyName, resolveModelKey, setModelKey } from '../agent/model-keys';
import { listModels } from '../agent/model-list';
import { checkModelKey } from '../agent/key-check';
import { activeProfile, configOf, loadModelSettings, saveModelSettings } from '../agent/model-settings';
import { readToolPolicies, resetToolPolicies } from '../agent/tool-policies';
import type { Redactor } from '../engine/redactor';
import { hostEnv } from '../host/host-env';
import { findHosts } from '../hosts/host-find';
import { ChatApprovals } from './chat-approvals';
import type { WindowScope } from './window-scope';
import type { SkillHost } from './skill-host';

export interface ChatServiceOptions {
  /** Where keys named by a variable (and OPENAI_API_KEY, ANTHROPIC_API_KEY) are read: the host's environment. */
  env?: NodeJS.ProcessEnv;
}

/** A provider's model list that does not come in this time is not worth waiting for. */
const LIST_TIMEOUT_MS = 15_000;

export class ChatService implements ChatApi {
  /** Turns under way, by the window's chat id: what Stop aborts. */
  private readonly turns = new Map<string, AbortController>();
  private closed = false;
  /** Made at first use: the service is built before the workbench it serves knows its home. */
  private pending?: ChatApprovals;

  constructor(
    private readonly wb: SkillHost,
    private readonly opts: ChatServiceOptions = {},
  ) {}

  private get approvals(): ChatApprovals {
    return (this.pending ??= new ChatApprovals(this.wb.home, (problem) => console.warn(`skillbench: ${problem}`)));
  }

  /**
   * The model in use (the active profile, else the only one) opened for chat turns; undefined when none is
   * configured. Each call opens a fresh one (a `ChatModel` serves one turn at a time). Throws a sentence when its
   * key cannot be had (a variable it names is not set).
   */
  activeChatModel(): ChatModel | undefined {
    const p = this.activeModelProfile();
    return p ? this.openProfile(p) : undefined;
  }

  /** The profile in use (its label, step cap and price), without opening it; undefined when none is configured. */
  activeModelProfile(): ModelProfile | undefined {
    return activeProfile(this.settings());
  }

  async getModelSettings(): Promise<ModelSettingsView> {
    return this.view(this.settings());
  }

  /** Found as `skillbench hosts` finds them (nothing is run), on the app's own PATH. */
  async listAgentHosts(): Promise<AgentHostInfo[]> {
    return findHosts(this.wb.home, hostEnv());
  }

  async saveModelProfile(raw: ModelProfile): Promise<ModelSettingsView> {
    const profile = tidy(raw);
    checkModelConfig(configOf(profile));
    const s = this.settings();
    const at = s.profiles.findIndex((p) => p.id === profile.id);
    const profiles = at < 0 ? [...s.profiles, profile] : s.profiles.map((p, i) => (i === at ? profile : p));
    // The one in use stays so; the first one saved becomes it.
    return this.save({ profiles, active: activeProfile(s)?.id ?? profile.id });
  }

  async deleteModelProfile(id: string): Promise<ModelSettingsView> {
    const s = this.settings();
    const gone = this.profile(s, id);
    const profiles = s.profiles.filter((p) => p.id !== id);
    // A key belongs to an endpoint: it goes with the last profile that used it.
    const endpoint = modelKeyName(configOf(gone));
    if (!profiles.some((p) => modelKeyName(configOf(p)) === endpoint)) deleteModelKey(this.wb.stores.secrets, configOf(gone));
    const inUse = activeProfile(s)?.id;
    return this.save({ profiles, active: inUse === id ? profiles[0]?.id : inUse });
  }

  async setActiveModel(id: string): Promise<ModelSettingsView> {
    const s = this.settings();
    this.profile(s, id);
    return this.save({ ...s, active: id });
  }

  async saveModelKey(profileId: string, key: string): Promise<ModelSettingsView> {
    const s = this.settings();
    const p = this.profile(s, profileId);
    const k = key.trim();
    if (!k) throw new Error('Paste the key first.');
    if (/\s/.test(k)) throw new Error('A key has no spaces or line breaks in it: paste it again.');
    setModelKey(this.wb.stores.secrets, configOf(p), k);
    return this.view(s);
  }

  async deleteModelKey(profileId: string): Promise<ModelSettingsView> {
    const s = this.settings();
    deleteModelKey(this.wb.stores.secrets, configOf(this.profile(s, profileId)));
    return this.view(s);
  }

  async listProviderModels(config: ModelConfig, key?: string): Promise<{ models: string[] | null }> {
    return this.withTypedKey(config, key, (c, apiKey) => listModels(c, { apiKey, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) }));
  }

  async checkModelKey(config: ModelConfig, key?: string): Promise<KeyCheck> {
    const check = await this.withTypedKey(config, key, (c, apiKey) => checkModelKey(c, { apiKey, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) }));
    const typed = key?.trim();
    return typed ? { ...check, words: check.words.split(typed).join('••••') } : check;
  }

  /** Runs `fn` with the key typed (not saved yet), else the one the profile would use. */
  private async withTypedKey<T>(config: ModelConfig, key: string | undefined, fn: (c: ModelConfig, apiKey: string | undefined) => Promise<T>): Promise<T> {
    const c = { ...config, model: config.model || '-' };
    const typed = key?.trim();
    const apiKey = typed || resolveModelKey(checkModelConfig(c), { env: this.env, secrets: this.wb.stores.secrets }).key;
    try {
      return await fn(c, apiKey);
    } catch (err) {
      // A server may quote the key it refused; a typed key is not in the store, so the door does not know to mask it.
      if (typed && err instanceof Error) err.message = err.message.split(typed).join('••••');
      throw err;
    }
  }

  async chatSend(req: ChatRequest, window?: WindowScope): Promise<ChatTurnResult> {
    if (this.closed) throw new Error('The workbench is shutting down.');
    if (!req.message.trim()) throw new Error('Write a message first.');
    if (this.turns.has(req.chatId)) throw new Error('That chat turn is already under way.');
    const profile = activeProfile(this.settings());
    if (!profile) throw new Error('No model is set up yet: add one under Models.');
    const target = this.chatTargetOf(req.target);
    const model = this.openProfile(profile);
    const stop = new AbortController();
    this.turns.set(req.chatId, stop);
    const splitSecrets = new StreamMasker(this.wb.redactor);
    try {
      return await runChatTurn({
        target,
        model,
        message: req.message,
        history: req.history,
        maxSteps: req.maxSteps ?? profile.maxSteps,
        approval: this.approvals.forTurn(req, window),
        signal: stop.signal,
        onEvent: (raw) => {
          const event = raw.type === 'text-delta' ? { ...raw, text: splitSecrets.mask(raw.text) } : raw;
          if (raw.type !== 'text-delta') splitSecrets.reset();
          this.wb.events.emit('chat', { chatId: req.chatId, event });
          if (event.type === 'tool-call-end') this.markCall(req.chatId, event.call);
        },
      });
    } finally {
      this.turns.delete(req.chatId);
    }
  }

  async chatStop(chatId: string): Promise<void> {
    this.turns.get(chatId)?.abort();
  }

  async chatApprove(chatId: string, approvalId: string, answer: ApprovalAnswer): Promise<void> {
    this.approvals.answer(chatId, approvalId, answer);
  }

  async listToolPolicies(): Promise<KeptToolPolicy[]> {
    return readToolPolicies(this.wb.home, (problem) => console.warn(`skillbench: tool-policies.json could not be read (${problem}); it was moved aside.`));
  }

  async resetToolPolicies(tool?: ToolPolicyRef): Promise<KeptToolPolicy[]> {
    return resetToolPolicies(this.wb.home, tool);
  }

  /**
   * One skill, or several at once, as a chat target on the workbench's live runtimes (a throw for an unknown skill).
   * Several are named as the real host names them, `<id>__<tool>`, where the id is the skill's own (its folder's
   * name, an MCP server's name), not the workbench's path-like one: `price-alerts__get_price`.
   */
  chatTargetOf(ref: ChatTargetRef): ChatTarget {
    const one = (id: string) => {
      this.wb.skillRef(id);
      return skillChatTarget(this.wb.idleRuntime(id));
    };
    if ('skillId' in ref) return one(ref.skillId);
    const ids = [...new Set(ref.skills)];
    if (!ids.length) throw new Error('Choose at least one skill for the chat.');
    const names = namespaces(ids);
    return workspaceChatTarget(ids.map((id) => ({ id: names.get(id)!, target: one(id) })));
  }

  /** Stops every turn under way (the workbench is closing). */
  close(): void {
    this.closed = true;
    this.pending?.close();
    for (const t of this.turns.values()) t.abort();
  }

  // ---- internals ----

  private get env(): NodeJS.ProcessEnv {
    return this.opts.env ?? hostEnv();
  }

  /**
   * A call the model made, on its skill's Timeline (a hand-made call has its place in History; a chat's calls are
   * the steps of something larger, worth seeing in time). Only the live timeline: a recording has the call itself.
   */
  private markCall(chatId: string, call: ChatToolCall): void {
    if (!call.skillId || !call.callId) return;
    try {
      this.wb.idleRuntime(call.skillId).mark({
        kind: 'call',
        label: `${call.tool}, asked by the model`,
        durationMs: call.durationMs,
        outcome: call.ok ? 'ok' : 'error',
        data: { args: call.arguments, callId: call.callId, chatId },
      });
    } catch {
      /* the skill went away meanwhile: its History had the call */
    }
  }

  private settings(): ModelSettings {
    return loadModelSettings(this.wb.home, (problem) => console.warn(`skillbench: models.json could not be read (${problem}); it was moved aside.`));
  }

  private async save(s: ModelSettings): Promise<ModelSettingsView> {
    return this.view(await saveModelSettings(this.wb.home, s));
  }

  private profile(s: ModelSettings, id: string): ModelProfile {
    const p = s.profiles.find((x) => x.id === id);
    if (!p) throw new Error(`There is no model "${id}" in the settings: it may have been removed.`);
    return p;
  }

  /** A profile opened as a model: its key found, its price applied. */
  openProfile(p: ModelProfile): ChatModel {
    return openChatModel(configOf(p), { env: this.env, secrets: this.wb.stores.secrets, price: p.price });
  }

  private view(s: ModelSettings): ModelSettingsView {
    const secrets = this.wb.stores.secrets;
    const profiles = s.profiles.map((p) => ({ ...p, keySaved: hasModelKey(secrets, configOf(p)), keySource: this.keySource(p) }));
    const inUse = activeProfile(s)?.id;
    return { profiles, ...(s.active ? { active: s.active } : {}), ...(inUse ? { inUse } : {}) };
  }

  private keySource(p: ModelProfile): string {
    try {
      return keySourceText(resolveModelKey(configOf(p), { env: this.env, secrets: this.wb.stores.secrets }));
    } catch (err) {
      return (err as Error).message;
    }
  }

}

/**
 * The name each skill's tools go under in a workspace chat: the last part of its workbench id (`examples/price-alerts`
 * → `price-alerts`, `project#github` → `github`) in the letters a model's tool names take, made unique.
 */
export function namespaces(ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of ids) {
    const base = (id.split(/[/#]/).pop() || id).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'skill';
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
    taken.add(name);
    out.set(id, name);
  }
  return out;
}

/** A profile as typed in a form: texts trimmed, empty optional ones left out. */
function tidy(p: ModelProfile): ModelProfile {
  const out: ModelProfile = { id: p.id.trim(), provider: p.provider, model: p.model.trim() };
  const label = p.label?.trim();
  const baseUrl = p.baseUrl?.trim();
  const apiKeyEnv = p.apiKeyEnv?.trim();
  if (!out.id) throw new Error('A model profile needs an id.');
  if (label) out.label = label;
  if (baseUrl) out.baseUrl = baseUrl.replace(/\/+$/, '');
  if (apiKeyEnv) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) throw new Error(`"${apiKeyEnv}" is not a variable name (letters, digits and _, as in OPENAI_API_KEY).`);
    out.apiKeyEnv = apiKeyEnv;
  }
  if (p.maxSteps !== undefined) out.maxSteps = p.maxSteps;
  if (p.price) out.price = { inputPerMTok: p.price.inputPerMTok, outputPerMTok: p.price.outputPerMTok };
  return out;
}

/**
 * Streamed text, masked piece by piece: the event hub masks each event's whole secrets, but a secret the model
 * streams may come split over two pieces. A piece's end that could start a secret is masked, and the next piece's
 * start is masked if it finishes it (the log sink does the same with lines), so neither half is ever shown.
 */
class StreamMasker {
  private rest: string[] = [];
  constructor(private readonly redactor: Redactor) {}
  mask(piece: string): string {
    const masked = this.redactor.text(this.redactor.maskContinuation(piece, this.rest));
    const end = this.redactor.maskPartialEnd(masked);
    this.rest = end.rest;
    return end.text;
  }
  reset(): void {
    this.rest = [];
  }
}
