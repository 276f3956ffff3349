/**
 * The setup wizard's host side: passes steps and values through, and makes password fields secrets
 * before the values leave: registered with the redactor (so no log, history or recording shows them)
 * and kept in the encrypted store. It remembers the current step to know which fields are passwords.
 */
import type { SetupResult, SetupStep } from '../../contract';
import type { RpcProcess } from '../../engine/rpc-process';
import type { ParamsIn, ResultOf, RpcMethod } from '../../common/rpc-method';
import type { AdapterContext, SetupAnswers, SetupCapability } from '../adapter';
import { setupCancel, setupStart, setupSubmit } from './methods';

export class SetupFlow implements SetupCapability {
  private step: SetupStep | null = null;
  /** The steps accepted since the last start, kept for the workbench to remember once the setup completes. */
  private answers: SetupAnswers = [];

  constructor(
    private readonly ctx: AdapterContext,
    private readonly proc: () => Promise<RpcProcess>,
    private readonly completed: (result: SetupResult, answers: SetupAnswers) => Promise<void> | void,
    /** A failed request said with the hook and where it failed in the skill's code (failed-hook.ts). */
    private readonly explain: (method: string, err: unknown, since: number) => Promise<unknown> = (_m, err) => Promise.resolve(err),
  ) {}

  /** One request to the skill; its failure explained. */
  private async request<H extends RpcMethod>(method: H, params: ParamsIn<H>): Promise<ResultOf<H>> {
    const since = this.ctx.logs.mark();
    return (await this.proc()).request(method, params).catch(async (err: unknown) => {
      throw await this.explain(method.method, err, since);
    });
  }

  async start(): Promise<SetupStep> {
    const { step } = await this.request(setupStart, {});
    this.answers = [];
    this.step = step;
    this.ctx.onTimeline?.({ kind: 'setup', label: `Setup started: ${this.step.title}` });
    return this.step;
  }

  async submit(stepId: string, values: Record<string, unknown>): Promise<SetupResult> {
    const step = this.step?.id === stepId ? this.step : null;
    const fields = step?.fields ?? [];
    for (const f of fields) {
      const v = values[f.name];
      if (f.type === 'password' && typeof v === 'string' && v) {
        this.ctx.redactor.add(v);
        this.ctx.vault?.remember(`setup.${stepId}.${f.name}`, v);
      }
    }
    const result: SetupResult = await this.request(setupSubmit, { stepId, values });
    if (result.status !== 'error') this.answers = [...this.answers.filter((a) => a.id !== stepId), answersOf(step, stepId, values)];
    if (result.status === 'next' && result.nextStep) this.step = result.nextStep;
    const label =
      result.status === 'complete' ? 'Setup complete' : result.status === 'error' ? `Setup step "${stepId}" was rejected` : `Setup step "${stepId}" accepted`;
    this.ctx.onTimeline?.({ kind: 'setup', label, outcome: result.status === 'error' ? 'error' : 'ok', data: { stepId, status: result.status, errors: result.errors ?? null } });
    if (result.status === 'complete') {
      this.step = null;
      await this.completed(result, this.answers);
      this.answers = [];
    }
    return result;
  }

  async cancel(): Promise<void> {
    this.step = null;
    await this.request(setupCancel, {});
    this.ctx.onTimeline?.({ kind: 'setup', label: 'Setup cancelled' });
  }
}

/** A step's answers as the workbench keeps them: password values only as the key of their stored secret. */
function answersOf(step: SetupStep | null, stepId: string, values: Record<string, unknown>): SetupAnswers[number] {
  const known = step?.fields ?? [];
  const names = known.length ? known.map((f) => f.name) : Object.keys(values);
  return {
    id: stepId,
    title: step?.title ?? stepId,
    fields: names.map((name) => {
      const f = known.find((k) => k.name === name);
      const type = f?.type ?? 'text';
      const v = values[name];
      if (type !== 'password') return { name, label: f?.label ?? name, type, value: v };
      return typeof v === 'string' && v ? { name, label: f?.label ?? name, type, secretKey: `setup.${stepId}.${name}` } : { name, label: f?.label ?? name, type };
    }),
  };
}
