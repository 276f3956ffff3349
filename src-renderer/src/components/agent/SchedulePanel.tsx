import { useState } from 'react';
import { CalendarClock, Pause, Play, StepForward } from 'lucide-react';
import type { ScheduleState } from '@contract';
import { firstLine } from '../../../../src-main/common/first-line';
import { queries, useQuery } from '../../data';
import { Button } from '../common/Button';
import { controlSchedule } from '../../actions/agents';
import { formatClock } from '../../lib/format';
import styles from './SchedulePanel.module.css';
import agentStyles from './agent.module.css';

/**
 * The agent's `schedule:` entries that call this skill (and, beside its first skill, those that prompt the agent),
 * driven like ticks: next run, pause, resume, run now. A prompt runs as a chat turn with the app's model; with none
 * configured it says it needs one.
 */
export function SchedulePanel({ skillId }: { skillId: string }) {
  const schedules = useQuery('getSchedules', [skillId], { invalidateOn: ['schedules'], scope: skillId }).data;
  const [busy, setBusy] = useState<string | null>(null);

  if (!schedules?.length) return null;
  const act = async (id: string, op: 'pause' | 'resume' | 'run') => {
    setBusy(`${id}:${op}`);
    const next = await controlSchedule(skillId, id, op);
    setBusy(null);
    if (next) queries.set('getSchedules', [skillId], next);
  };
  return (
    <section className={styles.schedulePanel} aria-label="Schedules" data-testid="schedules">
      <div className={agentStyles.secretsHead}>
        <CalendarClock size={13} aria-hidden="true" />
        <span>Schedules from agent.yaml (each run is a call, or a prompt's chat turn, recorded like any other)</span>
      </div>
      <table className={styles.scheduleTable}>
        <thead>
          <tr><th>Schedule</th><th>Cron</th><th>Task</th><th>Next run</th><th>Runs</th><th><span className="sr-only">Actions</span></th></tr>
        </thead>
        <tbody>
          {schedules.map((s) => (
            <tr key={s.id} data-testid={`schedule-${s.id}`}>
              <td>{s.id}{s.description && <div className="muted small">{s.description}</div>}</td>
              <td><code>{s.cron}</code></td>
              <td data-testid="schedule-task">
                {s.prompt ? (
                  <span title={s.prompt}>
                    <span className="pill pill-muted">prompt</span> {firstLine(s.prompt, 60)}
                  </span>
                ) : (
                  <code>{s.skill} {s.action}</code>
                )}
              </td>
              <td data-testid="schedule-next">
                {nextText(s)}
                {s.needsModel && !s.problem && s.enabled && <div className="muted small" data-testid="schedule-needs-model">needs a model</div>}
              </td>
              <td>
                {s.count}
                {s.lastRun !== undefined && <span className={`pill ${s.lastOk ? 'pill-ok' : 'pill-error'}`} title={`Last run at ${formatClock(s.lastRun)}`}>{s.lastOk ? 'ok' : 'failed'}</span>}
              </td>
              <td className={styles.scheduleActions}>
                {s.enabled && !s.problem && (s.paused ? (
                  <Button size="sm" icon={<Play size={12} />} busy={busy === `${s.id}:resume`} onClick={() => void act(s.id, 'resume')}>Resume</Button>
                ) : (
                  <Button size="sm" icon={<Pause size={12} />} busy={busy === `${s.id}:pause`} onClick={() => void act(s.id, 'pause')}>Pause</Button>
                ))}
                <Button size="sm" icon={<StepForward size={12} />} busy={busy === `${s.id}:run` || s.running} disabled={!!s.problem || !!s.needsModel} title={s.needsModel ? 'A prompt needs a model: configure one in the app’s model settings.' : undefined} onClick={() => void act(s.id, 'run')} data-testid="schedule-run-now">Run now</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function nextText(s: ScheduleState): string {
  if (s.problem) return `cannot run: ${s.problem}`;
  if (!s.enabled) return 'disabled in agent.yaml';
  if (s.running) return 'running now';
  if (s.paused) return 'paused';
  if (s.nextRun === null) return 'when the skill runs';
  const d = new Date(s.nextRun);
  const today = new Date().toDateString() === d.toDateString();
  const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${today ? 'today' : date} ${formatClock(s.nextRun).slice(0, 5)}`;
}
