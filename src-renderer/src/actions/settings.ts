/** A skill's process settings (environment, secrets, confinement, hot reload). */
import { command } from './command';

export const getSkillSettings = command('getSkillSettings');
export const updateSkillSettings = command('updateSkillSettings');
