/** Triggers, a skill's own report and lifecycle, and its entity graph. */
import type { EntityGraph, SkillReport, TriggerInput, TriggersView } from '../../contract';
import { z } from '../shape';
import { command, returns } from './declare';
import { objectFor, skillId, text } from './fields';

export const skilldef = {
  getTriggers: command(returns<TriggersView>(), ['skillId', skillId]),
  createTrigger: command(returns<TriggersView>(), ['skillId', skillId], ['input', objectFor<TriggerInput>()]),
  updateTrigger: command(returns<TriggersView>(), ['skillId', skillId], ['id', text], ['changes', objectFor<Partial<TriggerInput>>()]),
  deleteTrigger: command(returns<TriggersView>(), ['skillId', skillId], ['id', text]),
  getSkillReport: command(returns<SkillReport>(), ['skillId', skillId]),
  runLifecycle: command(returns<SkillReport>(), ['skillId', skillId], ['action', z.enum(['activate', 'deactivate', 'disconnect'])]),
  getEntityGraph: command(returns<EntityGraph>(), ['skillId', skillId]),
};
