/** A skill's setup flow: its steps, the answers, and the configuration it kept. */
import { command } from './command';

export const getSetupConfiguration = command('getSetupConfiguration');
export const setupCancel = command('setupCancel');
export const setupStart = command('setupStart');
export const setupSubmit = command('setupSubmit');
