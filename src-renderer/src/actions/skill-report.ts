/** A SkillDefinition skill's own status and lifecycle, and its agent configuration. */
import { command } from './command';

export const agentConfig = command('agentConfig');
export const installIntoAgent = command('installIntoAgent');
export const getSkillReport = command('getSkillReport');
export const runLifecycle = command('runLifecycle');
