/** A skill's triggers: list, create, change, delete. */
import { command } from './command';

export const createTrigger = command('createTrigger');
export const deleteTrigger = command('deleteTrigger');
export const getTriggers = command('getTriggers');
export const updateTrigger = command('updateTrigger');
