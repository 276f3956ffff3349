/**
 * Skills using each other: the workbench serves one SkillDefinition skill's `skills/*` reverse calls from
 * the other skills it has open, routed to their `interop/listExposed|getData|callFunction` (a target that
 * is not running is started), and the Interop panel's own calls the same way, with the user as the caller.
 *
 * Choices, where the real host leaves them open:
 * - a skill reaches only what its owner made visible to `skills`; the panel (a developer's tool) reaches
 *   everything and shows each endpoint's visibility;
 * - listing without a skill id covers the other skills running now (listing does not start every skill);
 *   naming a skill starts it;
 * - calls nested inside one another (A asks B, whose handler asks A...) stop at MAX_DEPTH, in plain words,
 *   so that two skills calling each other cannot loop forever.
 */
import type { ExposedData, ExposedFunction, InteropAnswer, InteropApi, SkillExposure, SkillSummary } from '../contract';
import { isUnknownMethod, JSONRPC, RpcError } from '../common/errors';
import { isObject } from '../common/values';
import { isUp } from '../common/skill-status';
import type { InteropCapability, InteropSkillInfo, SkillInterop } from '../protocols/adapter';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { SkillHost } from './skill-host';

/** How many calls may run inside one another: A → B → A → B is three. */
export const MAX_DEPTH = 3;
/** The panel's calls name this caller to the skill (`callerSkillId`). */
export const PANEL_CALLER = 'skillbench';

type Host = Pick<SkillHost, 'listSkills' | 'liveRuntime' | 'idleRuntime' | 'knownInfo'>;
type Exposed = { data: ExposedData[]; functions: ExposedFunction[] };

const refused = (message: string) => new RpcError(JSONRPC.INVALID_PARAMS, message);

export class InteropService implements SkillInterop, InteropApi {
  /** The chains of calls each skill is serving now (its callers, outermost first, then itself). */
  private readonly serving = new Map<string, Set<string[]>>();

  constructor(private readonly wb: Host) {}

  // ---- skills/* (a skill is the caller) ----

  async list(caller: string): Promise<InteropSkillInfo[]> {
    const all = await this.wb.listSkills();
    const self = await this.summary(caller).catch(() => null);
    return all.filter((s) => s.id !== self?.id).map((s) => this.infoOf(s, all));
  }

  async get(_caller: string, skillId: string): Promise<InteropSkillInfo | null> {
    const s = await this.summary(skillId).catch(() => null);
    return s ? this.infoOf(s, await this.wb.listSkills()) : null;
  }

  async listData(caller: string, skillId?: string) {
    const found = await this.visibleTo(caller, skillId);
    return found.flatMap(({ skillId: id, exposed }) =>
      exposed.data.filter((d) => d.visibility.includes('skills')).map(({ visibility: _v, ...d }) => ({ skill_id: id, ...d })),
    );
  }

  async listFunctions(caller: string, skillId?: string) {
    const found = await this.visibleTo(caller, skillId);
    return found.flatMap(({ skillId: id, exposed }) =>
      exposed.functions.filter((f) => f.visibility.includes('skills')).map(({ visibility: _v, ...f }) => ({ skill_id: id, ...f })),
    );
  }

  async requestData(caller: string, skillId: string, dataName: string, params: Record<string, unknown>): Promise<unknown> {
    return this.route(caller, skillId, 'data', dataName, params);
  }

  async callFunction(caller: string, skillId: string, functionName: string, args: Record<string, unknown>): Promise<unknown> {
    return this.route(caller, skillId, 'function', functionName, args);
  }

  // ---- the Interop panel (the user is the caller) ----

  async listExposed(skillId: string): Promise<SkillExposure> {
    return this.exposure(skillId);
  }

  async callExposed(skillId: string, fn: string, args: unknown): Promise<InteropAnswer> {
    return this.panelCall(skillId, 'function', fn, args);
  }

  async requestExposed(skillId: string, dataName: string, params: unknown): Promise<InteropAnswer> {
    return this.panelCall(skillId, 'data', dataName, params);
  }

  private async exposure(skillId: string): Promise<SkillExposure> {
    const summary = await this.summary(skillId);
    if (summary.protocol !== 'skilldef') return { skillId, name: summary.name, data: [], functions: [], note: notSkillDef(summary) };
    const rt = await this.started(skillId);
    const exposed = await this.exposedBy(rt);
    return { skillId, name: rt.info()?.name ?? summary.name, ...exposed.value, ...(exposed.note ? { note: exposed.note } : {}) };
  }

  private async panelCall(skillId: string, kind: 'data' | 'function', name: string, args: unknown): Promise<InteropAnswer> {
    const started = performance.now();
    const answer = (more: Partial<InteropAnswer>): InteropAnswer => ({ skillId, name, durationMs: Math.round(performance.now() - started), ...more });
    if (args !== undefined && args !== null && !isObject(args)) {
      return answer({ error: `The ${kind === 'data' ? 'parameters' : 'arguments'} must be an object of named values.` });
    }
    try {
      return answer({ data: await this.route(PANEL_CALLER, skillId, kind, name, (args ?? {})) });
    } catch (err) {
      return answer({ error: (err as Error)?.message ?? String(err) });
    }
  }

  // ---- internals ----

  private async route(caller: string, skillId: string, kind: 'data' | 'function', name: string, args: Record<string, unknown>): Promise<unknown> {
    const summary = await this.summary(skillId);
    const target = summary.id;
    const chain = [...this.outerChain(caller), target];
    if (chain.length - 1 > MAX_DEPTH) {
      throw new RpcError(
        JSONRPC.INTERNAL_ERROR,
        `Skills calling each other went too deep (${chain.join(' → ')}): the workbench stops after ${MAX_DEPTH} calls inside one another, so that skills calling each other cannot loop forever.`,
      );
    }
    if (summary.protocol !== 'skilldef') throw refused(notSkillDef(summary));
    const rt = await this.started(target);
    const { value: exposed } = await this.exposedBy(rt);
    const what = kind === 'data' ? 'data item' : 'function';
    const list: { name: string; visibility: string[] }[] = kind === 'data' ? exposed.data : exposed.functions;
    const entry = list.find((e) => e.name === name);
    const fromSkill = caller !== PANEL_CALLER;
    if (!entry) {
      const offered = list.filter((e) => !fromSkill || e.visibility.includes('skills')).map((e) => e.name);
      throw refused(`${summary.name} exposes no ${what} named "${name}". ${offered.length ? `It exposes: ${offered.join(', ')}.` : `It exposes no ${what}s${fromSkill ? ' to other skills' : ''}.`}`);
    }
    if (fromSkill && !entry.visibility.includes('skills')) {
      throw refused(`${summary.name}'s ${what} "${name}" is not visible to other skills: its visibility is [${entry.visibility.map((v) => `"${v}"`).join(', ')}]. Add "skills" to it to let other skills use it.`);
    }
    const cap = rt.adapter.interop!;
    const all = await this.wb.listSkills();
    const callerSummary = all.find((k) => k.id === caller);
    // The target hears of its caller by the id it would use to call back.
    const callerId = !fromSkill ? PANEL_CALLER : callerSummary ? this.shortId(callerSummary, all) : caller;
    const from = fromSkill ? callerId : 'the Interop panel';
    const started = performance.now();
    const serving = this.servingOf(target);
    serving.add(chain);
    try {
      const data = kind === 'data' ? await cap.getData(callerId, name, args) : await cap.callFunction(callerId, name, args);
      this.mark(target, caller, `${from} used ${name}`, 'ok', started, { [kind]: name, caller: callerId });
      return data;
    } catch (err) {
      const message = `${summary.name} answered ${name} with an error: ${(err as Error)?.message ?? String(err)}`;
      this.mark(target, caller, `${from} used ${name}: it failed`, 'error', started, { [kind]: name, caller: callerId, error: message });
      throw new RpcError(JSONRPC.INTERNAL_ERROR, message);
    } finally {
      serving.delete(chain);
    }
  }

  /** A call of `skillId`'s on the target's timeline, and on the calling skill's. */
  private mark(skillId: string, caller: string, label: string, outcome: 'ok' | 'error', started: number, data: Record<string, unknown>): void {
    const durationMs = Math.round(performance.now() - started);
    this.wb.idleRuntime(skillId).mark({ kind: 'event', label, outcome, durationMs, data: { interop: 'served', ...data } });
    if (caller !== PANEL_CALLER && caller !== skillId) {
      this.wb.idleRuntime(caller).mark({ kind: 'event', label: `Used ${this.wb.idleRuntime(skillId).ref.name}: ${String(data.function ?? data.data)}`, outcome, durationMs, data: { interop: 'called', skill: skillId, ...data } });
    }
  }

  /** The longest chain the caller is serving now (it may serve several calls at once), or itself alone. */
  private outerChain(caller: string): string[] {
    let longest = [caller];
    for (const c of this.serving.get(caller) ?? []) if (c.length > longest.length) longest = c;
    return longest;
  }

  private servingOf(skillId: string): Set<string[]> {
    let s = this.serving.get(skillId);
    if (!s) this.serving.set(skillId, (s = new Set()));
    return s;
  }

  private async visibleTo(caller: string, skillId?: string): Promise<{ skillId: string; exposed: Exposed }[]> {
    const all = await this.wb.listSkills();
    if (skillId !== undefined) {
      const summary = await this.summary(skillId);
      if (summary.protocol !== 'skilldef') return [];
      return [{ skillId: this.shortId(summary, all), exposed: (await this.exposedBy(await this.started(summary.id))).value }];
    }
    const running = all.filter((s) => s.id !== caller && s.protocol === 'skilldef' && isUp(s.status));
    return Promise.all(running.map(async (s) => ({ skillId: this.shortId(s, all), exposed: (await this.exposedBy(await this.wb.liveRuntime(s.id))).value })));
  }

  /** What a running skill exposes; an SDK without interop exposes nothing, and the note says so. */
  private async exposedBy(rt: SkillRuntime): Promise<{ value: Exposed; note?: string }> {
    const cap: InteropCapability | undefined = rt.adapter.interop;
    if (!cap) return { value: { data: [], functions: [] }, note: `${rt.ref.name} cannot expose anything to other skills.` };
    try {
      return { value: await cap.listExposed() };
    } catch (err) {
      if (isUnknownMethod(err)) {
        return { value: { data: [], functions: [] }, note: `${rt.ref.name} runs on an SDK without interop (it does not answer interop/listExposed): it exposes nothing.` };
      }
      throw new RpcError(JSONRPC.INTERNAL_ERROR, `${rt.ref.name} could not say what it exposes: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  private async started(skillId: string): Promise<SkillRuntime> {
    try {
      return await this.wb.liveRuntime(skillId);
    } catch (err) {
      throw new RpcError(JSONRPC.INTERNAL_ERROR, `${skillId} could not be started: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  /**
   * The open skill a caller names: by the workbench's id, or by its own id (its folder's name, as the real
   * host knows it) where that is unambiguous.
   */
  private async summary(skillId: string): Promise<SkillSummary> {
    const all = await this.wb.listSkills();
    const exact = all.find((k) => k.id === skillId);
    if (exact) return exact;
    const named = all.filter((k) => ownId(k) === skillId);
    if (named.length === 1) return named[0];
    if (named.length > 1) throw refused(`Several open skills are called "${skillId}": name one by its full id (${named.map((k) => k.id).join(', ')}).`);
    const names = all.filter((k) => k.protocol === 'skilldef').map((k) => this.shortId(k, all));
    throw refused(`There is no skill "${skillId}" open in the workbench.${names.length ? ` Skills that could answer: ${names.join(', ')}.` : ''}`);
  }

  /** The id another skill knows a skill by: its own, unless two open skills share it. */
  private shortId(s: SkillSummary, all: SkillSummary[]): string {
    const own = ownId(s);
    return all.filter((k) => ownId(k) === own).length === 1 ? own : s.id;
  }


  private infoOf(s: SkillSummary, all: SkillSummary[]): InteropSkillInfo {
    return { id: this.shortId(s, all), name: s.name, description: s.description ?? '', version: this.wb.knownInfo(s.id)?.version ?? '1.0.0', online: isUp(s.status) };
  }
}

/** A skill's own id: its folder's name (`price-alerts`), as a SkillDefinition manifest's `id` usually is. */
function ownId(s: SkillSummary): string {
  return s.id.includes('#') ? s.id : (s.dir.split(/[\\/]/).filter(Boolean).pop() ?? s.id);
}

function notSkillDef(s: SkillSummary): string {
  return `${s.name} is a ${s.protocol} skill: only SkillDefinition skills expose data and functions to other skills.`;
}
