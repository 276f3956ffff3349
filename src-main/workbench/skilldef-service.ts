/**
 * The newer SkillDefinition SDK's panels, the workbench side: the Triggers panel (`triggers/*`), the skill
 * header's status and lifecycle requests (`skill/status|activate|deactivate|disconnect`), and the Data tab's
 * entity graph with the schema the skill declares. A skill that is not a SkillDefinition one, or whose SDK
 * lacks a part, gets a plain-words refusal (or, for the status, a report that says so).
 */
import type { EntityGraph, LifecycleAction, SkillDefApi, SkillReport, TriggerInput, TriggersView } from '../contract';
import { isUnknownMethod } from '../common/errors';
import type { LifecycleCapability, TriggersCapability } from '../protocols/adapter';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { SkillHost } from './skill-host';

type Host = Pick<SkillHost, 'liveRuntime' | 'idleRuntime' | 'runningRuntime' | 'skillRef' | 'stores'>;

const ACTIONS: LifecycleAction[] = ['activate', 'deactivate', 'disconnect'];

export class SkillDefService implements SkillDefApi {
  constructor(private readonly wb: Host) {}

  async getTriggers(skillId: string): Promise<TriggersView> {
    const t = await this.triggers(skillId, true);
    try {
      return await t.view();
    } catch (err) {
      if (isUnknownMethod(err)) return { types: [], triggers: [] };
      throw err;
    }
  }

  async createTrigger(skillId: string, input: TriggerInput): Promise<TriggersView> {
    await (await this.triggers(skillId)).create(input);
    return this.getTriggers(skillId);
  }

  async updateTrigger(skillId: string, id: string, changes: Partial<TriggerInput>): Promise<TriggersView> {
    if (!id) throw new Error('Name the trigger to change by its id.');
    await (await this.triggers(skillId)).update(id, changes ?? {});
    return this.getTriggers(skillId);
  }

  async deleteTrigger(skillId: string, id: string): Promise<TriggersView> {
    if (!id) throw new Error('Name the trigger to remove by its id.');
    await (await this.triggers(skillId)).delete(id);
    return this.getTriggers(skillId);
  }

  async getSkillReport(skillId: string): Promise<SkillReport> {
    const rt = await this.wb.liveRuntime(skillId);
    const cap = rt.adapter.lifecycleRequests;
    if (!cap) return { at: Date.now(), status: null, answered: false, actions: [], note: `${rt.ref.name} is a ${rt.ref.protocol} skill: only SkillDefinition skills report a status of their own.` };
    return cap.report();
  }

  async runLifecycle(skillId: string, action: LifecycleAction): Promise<SkillReport> {
    if (!ACTIONS.includes(action)) throw new Error(`There is no lifecycle request "${String(action)}": use activate, deactivate or disconnect.`);
    const cap = this.lifecycle(await this.wb.liveRuntime(skillId));
    const before = await cap.report();
    if (!before.actions.includes(action)) {
      throw new Error(action === 'disconnect' ? 'This skill does not offer Disconnect (it does not set has_disconnect).' : `This skill does not answer skill/${action}.`);
    }
    await cap.run(action);
    return cap.report();
  }

  async getEntityGraph(skillId: string): Promise<EntityGraph> {
    const rt = this.wb.idleRuntime(skillId);
    const entities = this.wb.stores.entities;
    return {
      entities: entities.list({ owner: rt.ref.id }),
      relationships: entities.listRelationships({ owner: rt.ref.id }),
      schema: rt.adapter.lifecycleRequests?.entitySchema() ?? null,
    };
  }

  /**
   * A skill without triggers says so as it stands. One with them is asked for its list only while it runs
   * (running-only.ts); a change the user makes (`look` false) starts it, as a call does.
   */
  private async triggers(skillId: string, look = false): Promise<TriggersCapability> {
    const idle = this.wb.idleRuntime(skillId);
    if (!idle.adapter.triggers) throw new Error(`${idle.ref.name} is a ${idle.ref.protocol} skill: only SkillDefinition skills have triggers.`);
    const rt = look ? await this.wb.runningRuntime(skillId, 'its triggers') : await this.wb.liveRuntime(skillId);
    return rt.adapter.triggers!;
  }

  private lifecycle(rt: SkillRuntime): LifecycleCapability {
    if (!rt.adapter.lifecycleRequests) throw new Error(`${rt.ref.name} is a ${rt.ref.protocol} skill: it has no activate, deactivate or disconnect.`);
    return rt.adapter.lifecycleRequests;
  }
}
