/** Action skills: the actions a script supports, and its schedules. */
import type { ScheduleState, SkillInfo } from '../../contract';
import { z } from '../shape';
import { command, returns } from './declare';
import { skillId, text } from './fields';

export const agents = {
  discoverActions: command(returns<SkillInfo>(), ['skillId', skillId]),
  getSchedules: command(returns<ScheduleState[]>(), ['skillId', skillId]),
  controlSchedule: command(returns<ScheduleState[]>(), ['skillId', skillId], ['scheduleId', text], ['op', z.enum(['pause', 'resume', 'run'])]),
};
