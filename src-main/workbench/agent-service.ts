/**
 * The AgentApi half of the contract: "Discover by running" for action scripts, and the schedules of an
 * agent's skills, driven while the skill runs (armed when it comes up, disarmed when it stops, told of
 * agent.yaml changes by each restart). A scheduled run is a real call through the workbench: it lands
 * in the history, in any recording, and on the timeline. A scheduled prompt is a chat turn with the app's model,
 * the agent's skills as its tools (each call one of theirs, recorded the same way); with no model it waits.
 */
import type { AgentApi, AgentSchedule, CallOutcome, ScheduleState, SkillInfo } from '../contract';
import { runScheduledPrompt, scheduledApproval, turnOutcome } from '../agent/scheduled-prompt';
import { isServing } from '../common/skill-status';
import { ActionSkill, readAgentConfig } from '../protocols/action';
import { activeAppModel, activeModelName, NO_MODEL } from './app-model';
import { ScheduleRunner } from './schedule-runner';
import type { SkillHost } from './skill-host';

export class AgentService implements AgentApi {
  private readonly runners = new Map<string, ScheduleRunner>();

  constructor(private readonly wb: SkillHost) {
    wb.events.on('status', ({ skillId, status }) => {
      // Only a skill the user started runs on its own: a tool call or a look at it arms nothing.
      if (isServing(status) && wb.userStarted(skillId)) this.arm(skillId);
      else if (status === 'stopped' || status === 'crashed') this.runners.get(skillId)?.stop();
    });
  }

  async discoverActions(skillId: string): Promise<SkillInfo> {
    const rt = await this.wb.liveRuntime(skillId);
    if (!(rt.adapter instanceof ActionSkill)) throw new Error(`${rt.ref.name} is not an action skill: its tools are not learnt by running it.`);
    const info = await rt.adapter.discoverActions();
    this.wb.events.emit('skills', await this.wb.listSkills());
    return info;
  }

  async getSchedules(skillId: string): Promise<ScheduleState[]> {
    this.wb.skillRef(skillId);
    return this.runners.get(skillId)?.states() ?? [];
  }

  async controlSchedule(skillId: string, scheduleId: string, op: 'pause' | 'resume' | 'run'): Promise<ScheduleState[]> {
    await this.wb.liveRuntime(skillId);
    const runner = this.runners.get(skillId);
    if (!runner) throw new Error(`${this.wb.skillRef(skillId).name} has no schedules in its agent.yaml.`);
    if (op === 'pause') runner.pause(scheduleId);
    else if (op === 'resume') runner.resume(scheduleId);
    else if (op === 'run') await runner.runNow(scheduleId);
    else throw new Error(`Unknown schedule operation "${String(op)}": use pause, resume or run.`);
    return runner.states();
  }

  /** Schedules as the skill's newest info lists them, armed (a restart may have brought new ones). */
  private arm(skillId: string): void {
    const entries = this.wb.knownInfo(skillId)?.agent?.schedules ?? [];
    let runner = this.runners.get(skillId);
    if (!runner) {
      if (!entries.length) return;
      runner = new ScheduleRunner(entries, {
        run: async (entry) => {
          if (entry.prompt) return this.runPrompt(skillId, entry);
          const record = await this.wb.callTool(skillId, entry.action, entry.params);
          return record.outcome ?? { ok: false, durationMs: 0, error: { code: 'CANCELLED', message: 'The call did not finish.' } };
        },
        mark: (e) => {
          void this.wb.liveRuntime(skillId).then((rt) => rt.mark(e)).catch(() => undefined);
        },
        hasModel: () => activeModelName(this.wb) !== null,
        onChange: (schedules) => this.wb.events.emit('schedules', { skillId, schedules }),
      });
      this.runners.set(skillId, runner);
    } else if (!runner.running) runner.update(entries);
    runner.start();
  }

  /** A prompt of the agent `skillId` belongs to, as one chat turn over the agent's skills open here. */
  private async runPrompt(skillId: string, entry: AgentSchedule): Promise<CallOutcome> {
    const app = activeAppModel(this.wb);
    if (!app) return { ok: false, durationMs: 0, error: { code: 'UNSUPPORTED', message: NO_MODEL } };
    const ref = this.wb.skillRef(skillId);
    const agent = readAgentConfig(ref.dir);
    if (!agent) return { ok: false, durationMs: 0, error: { code: 'NOT_FOUND', message: `${ref.dir} has no agent.yaml that can be read any more.` } };
    const names = new Set(agent.skills.map((k) => k.name));
    const open = (await this.wb.listSkills()).filter((k) => k.protocol === 'action' && k.dir === ref.dir && names.has(k.name));
    const skills = await Promise.all(open.map(async (k) => ({ name: k.name, rt: await this.wb.liveRuntime(k.id) })));
    for (const { rt } of skills) if (app.model.key.key) rt.redactor.add(app.model.key.key);
    return turnOutcome(await runScheduledPrompt({ prompt: entry.prompt!, agent, skills, model: app.model, maxSteps: app.maxSteps, approval: scheduledApproval(this.wb.home) }));
  }
}
