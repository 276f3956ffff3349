/**
 * A long-running skill kept alive by the Supervisor: what the persistent JSON-RPC skills and MCP servers share.
 * Start, restart and stop; the status; the running instance, or a plain-words error once the supervisor gave up;
 * where the log stood at each launch (what a failed start said is what came after), and the crash note.
 * Subclasses say how to launch and shut down one instance (a process, or a connection to a server).
 */
import type { SkillInfo, SkillRef, SkillStatus } from '../contract';
import { SkillError } from '../common/errors';
import { Supervisor, type Instance } from '../engine/supervisor';
import type { AdapterContext } from './adapter';
import { noteCrash } from './crash-note';

export abstract class SupervisedSkill<I extends Instance> {
  protected readonly supervisor: Supervisor<I>;
  protected learnt: SkillInfo | null = null;
  /** Where the log stood when the last launch began. */
  protected launchMark = 0;
  /** What the user calls it in "Fix the … and restart it". */
  protected readonly noun: string = 'skill';

  constructor(
    readonly ref: SkillRef,
    protected readonly ctx: AdapterContext,
  ) {
    this.supervisor = new Supervisor<I>({
      launch: () => {
        this.launchMark = ctx.logs.mark();
        return this.launch();
      },
      shutdown: (instance) => this.shutdown(instance),
      restart: ctx.restart,
      onStatus: (status, detail) => this.statusChanged(status, detail),
      onCrash: (detail, info, starting) => {
        this.crashed();
        noteCrash(ref, ctx, detail, info, starting ? this.launchMark : undefined);
      },
    });
  }

  /** Starts one instance and learns what the skill says about itself (`learnt`). Throwing fails the start. */
  protected abstract launch(): Promise<I>;
  /** Stops one instance politely. */
  protected abstract shutdown(instance: I): Promise<unknown>;
  /** Told when an instance ended unasked, before the crash is noted. */
  protected crashed(): void {}

  protected statusChanged(status: SkillStatus, detail?: string): void {
    this.ctx.onStatus?.(status, detail);
  }

  info(): SkillInfo | null {
    return this.learnt;
  }

  status(): SkillStatus {
    return this.supervisor.status;
  }

  async start(): Promise<SkillInfo> {
    await this.supervisor.start();
    return this.learnt!;
  }

  async restart(): Promise<SkillInfo> {
    await this.supervisor.restart();
    return this.learnt!;
  }

  async stop(): Promise<void> {
    await this.supervisor.stop();
  }

  /** The running instance, starting it when needed; throws a plain-words error if it cannot run. */
  protected async running(): Promise<I> {
    const current = this.supervisor.current;
    if (current) return current;
    if (this.supervisor.gaveUp) {
      throw new SkillError('CRASHED', `${this.ref.name} is not running: ${this.supervisor.statusDetail}. Fix the ${this.noun} and restart it.`);
    }
    return this.supervisor.start();
  }
}
