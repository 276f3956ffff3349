/**
 * A SkillDefinition skill's triggers, the host side: `triggers/types|list|create|update|delete`.
 *
 * The skill keeps its triggers and persists them itself, as the SDK does (`triggers.json` in its data folder,
 * read back at `skill/load`, where on_trigger_register runs for each); `create` runs on_trigger_register and
 * `delete` on_trigger_remove. What the host adds: a type the skill does not declare is refused before it is
 * sent, in plain words, and each change is marked on the timeline. When a trigger fires, the skill sends
 * `triggers/fired` (served by host-services.ts).
 */
import type { TriggerInput, TriggerInstance, TriggersView } from '../../contract';
import type { Ask, ParamsIn } from '../../common/rpc-method';
import type { AdapterContext, TriggersCapability } from '../adapter';
import * as T from './newer-methods';

export class TriggerFlow implements TriggersCapability {
  constructor(
    private readonly ctx: AdapterContext,
    private readonly ask: Ask,
  ) {}

  async view(): Promise<TriggersView> {
    const types = await this.ask(T.triggersTypes, {});
    const triggers = await this.ask(T.triggersList, {});
    return { types, triggers };
  }

  async create(input: TriggerInput): Promise<TriggerInstance> {
    const types = await this.ask(T.triggersTypes, {});
    const kind = types.find((t) => t.type === input?.type);
    if (!kind) {
      const offered = types.map((t) => `${t.label} (${t.type})`).join(', ');
      throw new Error(`The skill declares no trigger type "${input?.type}". ${offered ? `It offers: ${offered}.` : 'It declares no trigger types.'}`);
    }
    if (!String(input.name ?? '').trim()) throw new Error('Give the trigger a name, so that you can tell it apart from the others.');
    if (!Array.isArray(input.conditions) || input.conditions.length === 0) throw new Error('A trigger needs at least one condition: say what should make it fire.');
    const made = await this.ask(T.triggersCreate, {
      type: input.type,
      name: String(input.name ?? '').trim(),
      description: input.description ?? '',
      conditions: input.conditions,
      config: input.config ?? {},
      enabled: input.enabled ?? true,
    });
    this.ctx.onTimeline?.({ kind: 'note', label: `Trigger "${made.name}" registered (${kind.label})`, outcome: 'ok', data: { trigger: made.id, type: made.type } });
    return made;
  }

  async update(id: string, changes: Partial<TriggerInput>): Promise<TriggerInstance> {
    const c = changes ?? {};
    const params: ParamsIn<typeof T.triggersUpdate> = { id };
    if (c.name !== undefined && !String(c.name).trim()) throw new Error('Give the trigger a name, so that you can tell it apart from the others.');
    if (c.name !== undefined) params.name = String(c.name).trim();
    if (c.description !== undefined) params.description = c.description;
    if (c.conditions !== undefined) params.conditions = c.conditions;
    if (c.config !== undefined) params.config = c.config;
    if (c.enabled !== undefined) params.enabled = c.enabled;
    const changed = await this.ask(T.triggersUpdate, params);
    this.ctx.onTimeline?.({ kind: 'note', label: `Trigger "${changed.name}" changed${c.enabled !== undefined ? (c.enabled ? ' (on)' : ' (off)') : ''}`, outcome: 'ok', data: { trigger: id } });
    return changed;
  }

  async delete(id: string): Promise<void> {
    // Its name for the timeline; an unknown id is refused by the skill itself just below, in its words.
    const name = await this.ask(T.triggersGet, { id }).then((t) => t.name, () => undefined);
    await this.ask(T.triggersDelete, { id });
    this.ctx.onTimeline?.({ kind: 'note', label: `Trigger "${name ?? id}" removed`, outcome: 'ok', data: { trigger: id } });
  }
}
