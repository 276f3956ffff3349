/** A skill's message session and its hooks. */
import { command } from './command';

export const sessionEnd = command('sessionEnd');
export const sessionStart = command('sessionStart');
export const transformMessage = command('transformMessage');
