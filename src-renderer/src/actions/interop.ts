/** Skills using each other: what a skill exposes, and calling it as another skill would. */
import { command } from './command';

export const callExposed = command('callExposed');
export const requestExposed = command('requestExposed');
