/**
 * A SkillDefinition skill's own status and lifecycle, the host side: `skill/status` (its on_status), and
 * `skill/activate`, `skill/deactivate` and `skill/disconnect` (on_disconnect).
 *
 * What is offered follows what the skill answers: activate and deactivate where it answers `skill/status`
 * (the SDKs that have one have the others; an original SDK answers none), disconnect where the skill says
 * `has_disconnect`. A request the skill answers "Unknown method" is not offered again.
 */
import type { EntitySchemaInfo, LifecycleAction, SkillReport } from '../../contract';
import { isUnknownMethod } from '../../common/errors';
import type { Ask, ResultOf, RpcMethod } from '../../common/rpc-method';
import type { AdapterContext, LifecycleCapability } from '../adapter';
import * as N from './newer-methods';

export type StatusAnswer = ResultOf<typeof N.skillStatus>;

/** Keys our bundled SDK puts beside the hook's status: an answer with none of them is the hook's dict itself. */
const DESCRIBING = ['features', 'hasSetup', 'sdk', 'loaded', 'tools'];
const METHOD: Record<LifecycleAction, RpcMethod> = { activate: N.skillActivate, deactivate: N.skillDeactivate, disconnect: N.skillDisconnect };

export class LifecycleFlow implements LifecycleCapability {
  /** What `skill/status` said at the last start or refresh (undefined: not asked yet; null: not answered). */
  private last: StatusAnswer | null | undefined;
  private readonly refused = new Set<LifecycleAction>();

  constructor(
    private readonly ctx: AdapterContext,
    private readonly ask: Ask,
    /** Whether the running process was launched with host parity (read at launch, not from the settings again). */
    private readonly parity: () => boolean,
  ) {}

  /** What the handshake learnt (it asks `skill/status` itself). */
  learnt(answer: StatusAnswer | null): void {
    this.last = answer;
    this.refused.clear();
  }

  entitySchema(): EntitySchemaInfo | null {
    return this.last?.entitySchema ?? null;
  }

  async report(): Promise<SkillReport> {
    const at = Date.now();
    if (this.parity()) {
      return { at, status: null, answered: false, actions: [], note: 'Host parity is on: the real host never asks skill/status, so neither does the workbench.' };
    }
    try {
      this.last = await this.ask(N.skillStatus, {});
    } catch (err) {
      if (!isUnknownMethod(err)) throw err;
      this.last = null;
      return { at, status: null, answered: false, actions: [], note: 'This skill runs on an SDK without skill/status: it has no status to show, and no activate, deactivate or disconnect.' };
    }
    const r = this.last;
    // An SDK that answers with the hook's dict itself: that dict, less what the parsing added as absent.
    const own = () => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
    const status = r.status ?? (DESCRIBING.some((k) => k in r) ? null : own());
    const actions: LifecycleAction[] = (['activate', 'deactivate', ...(r.hasDisconnect ? ['disconnect' as const] : [])] as LifecycleAction[]).filter((a) => !this.refused.has(a));
    return { at, status, answered: true, actions, ...(status ? {} : { note: 'None of its own (the skill has no on_status hook).' }) };
  }

  async run(action: LifecycleAction): Promise<void> {
    const method = METHOD[action];
    if (!method) throw new Error(`There is no lifecycle request "${action}": use activate, deactivate or disconnect.`);
    try {
      await this.ask(method, {});
    } catch (err) {
      if (isUnknownMethod(err)) this.refused.add(action);
      this.ctx.onTimeline?.({ kind: 'note', label: `${method.method} failed`, outcome: 'error', data: { error: (err as Error).message } });
      throw new Error(`The skill refused ${method.method}: ${(err as Error).message}`, { cause: err });
    }
    this.ctx.onTimeline?.({ kind: 'note', label: `Sent ${method.method}`, outcome: 'ok' });
  }
}
