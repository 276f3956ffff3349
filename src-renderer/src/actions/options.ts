/** A skill's options: read them, change one, put them back. */
import { command } from './command';

export const getOptions = command('getOptions');
export const resetOptions = command('resetOptions');
export const setOption = command('setOption');
