/**
 * A SkillDefinition skill's options, the host side: `options/list`, `options/set` and `options/reset`.
 *
 * The skill keeps the values and persists them itself, as the SDK does: it saves `options.json` in its data
 * folder (`data/write`, which the host writes atomically under the home) and reads it back at `skill/load`,
 * so a restart restores them with nothing more from the host. What the host adds: a value is checked against
 * the option's type before it is sent (refused in plain words), each change is marked on the timeline, and
 * the tools are listed again afterwards, because a boolean option with a `tool_filter` shows or hides tools.
 */
import type { SkillInfo, SkillOption, SkillOptionsChange } from '../../contract';
import { RpcError } from '../../common/errors';
import type { RpcProcess } from '../../engine/rpc-process';
import type { AdapterContext, OptionsCapability } from '../adapter';
import { optionsList, optionsReset, optionsSet, skillOption } from './methods';

export class OptionsFlow implements OptionsCapability {
  constructor(
    private readonly ctx: AdapterContext,
    private readonly skillName: () => string,
    private readonly proc: () => Promise<RpcProcess>,
    /** Lists the tools again and returns what the skill now offers. */
    private readonly relist: () => Promise<SkillInfo>,
  ) {}

  async list(): Promise<SkillOption[]> {
    return readOptions(await this.proc(), (line) => this.ctx.logs.append('system', line));
  }

  async set(name: string, value: unknown): Promise<SkillOptionsChange> {
    const option = this.find(await this.list(), name);
    const problem = optionValueProblem(option, value);
    if (problem) throw new Error(problem);
    await this.send(option, value);
    this.ctx.onTimeline?.({ kind: 'note', label: `Option "${option.label}" set to ${shownValue(option, value)}`, outcome: 'ok', data: { option: name, value } });
    return this.changed();
  }

  async reset(name?: string): Promise<SkillOptionsChange> {
    const options = await this.list();
    if (name === undefined || name === null || name === '') {
      await this.resetAll();
      this.ctx.onTimeline?.({ kind: 'note', label: 'Options reset to their defaults', outcome: 'ok' });
      return this.changed();
    }
    const option = this.find(options, name);
    if (optionValueProblem(option, option.default) === null) {
      await this.send(option, option.default);
    } else {
      // A default the skill would refuse as a value (a text option without one): the SDK's own reset puts
      // every option back, so the others are set again as they were.
      await this.resetAll();
      for (const o of options) {
        if (o.name !== name && JSON.stringify(o.value) !== JSON.stringify(o.default)) await this.send(o, o.value);
      }
    }
    this.ctx.onTimeline?.({ kind: 'note', label: `Option "${option.label}" reset to its default`, outcome: 'ok', data: { option: name } });
    return this.changed();
  }

  private find(options: SkillOption[], name: unknown): SkillOption {
    const found = typeof name === 'string' ? options.find((o) => o.name === name) : undefined;
    if (found) return found;
    const known = options.length ? `Its options are: ${options.map((o) => o.name).join(', ')}.` : 'It declares no options.';
    throw new Error(`${this.skillName()} has no option called ${JSON.stringify(name)}. ${known}`);
  }

  /** The SDK's own reset: every option back to its default. */
  private async resetAll(): Promise<void> {
    const proc = await this.proc();
    await this.request(() => proc.request(optionsReset, {}, { timeoutMs: this.ctx.timeoutMs }));
  }

  private async send(option: SkillOption, value: unknown): Promise<void> {
    const proc = await this.proc();
    await this.request(() => proc.request(optionsSet, { name: option.name, value }, { timeoutMs: this.ctx.timeoutMs }));
  }

  /** The skill's refusal, said as the skill's (its on_options_change may have failed too). */
  private async request(send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (err) {
      if (err instanceof RpcError) throw new Error(`${this.skillName()} refused the change: ${err.message}`, { cause: err });
      throw err;
    }
  }

  private async changed(): Promise<SkillOptionsChange> {
    const info = await this.relist();
    return { options: await this.list(), info };
  }
}

/** `options/list`, each entry checked; an old SDK without options answers an error, which means none. */
export async function readOptions(proc: RpcProcess, log: (line: string) => void): Promise<SkillOption[]> {
  const r = await proc.request(optionsList, {});
  return (r.options ?? []).flatMap((raw) => {
    const o = skillOption.safeParse(raw);
    if (!o.success) {
      log(`An option the skill listed was left out (it needs a name and a type of boolean, text, number or select): ${JSON.stringify(raw)?.slice(0, 200)}`);
      return [];
    }
    const d = o.data;
    const out: SkillOption = { name: d.name, type: d.type, label: d.label ?? d.name, default: d.default ?? null, value: d.value === undefined ? (d.default ?? null) : d.value };
    if (d.description) out.description = d.description;
    if (d.options?.length) out.choices = d.options;
    if (d.group) out.group = d.group;
    if (d.toolFilter?.length) out.toolFilter = d.toolFilter;
    return [out];
  });
}

/** Why `value` cannot be the option's value, in plain words; null when it can. */
export function optionValueProblem(o: SkillOption, value: unknown): string | null {
  const got = JSON.stringify(value) ?? String(value);
  switch (o.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `"${o.label}" is either on or off (true or false), not ${got}.`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `"${o.label}" takes a number, such as 5, not ${got}.`;
    case 'text':
      return typeof value === 'string' ? null : `"${o.label}" takes text, not ${got}.`;
    case 'select': {
      const choices = o.choices ?? [];
      if (choices.some((c) => c.value === value)) return null;
      const list = choices.map((c) => (c.label === c.value ? c.value : `${c.value} (${c.label})`)).join(', ');
      return choices.length ? `"${o.label}" is one of ${list}; ${got} is not among them.` : `"${o.label}" offers no choices to pick from.`;
    }
  }
}

/** A value as a person reads it on the timeline. */
export function shownValue(o: SkillOption, value: unknown): string {
  if (o.type === 'boolean') return value ? 'on' : 'off';
  if (o.type === 'select') return o.choices?.find((c) => c.value === value)?.label ?? String(value);
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
