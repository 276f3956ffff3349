/** Reading and searching a skill's logs: the backlog a terminal starts from, the complete file's size and search, clearing. */
import { command } from './command';

export const clearLogs = command('clearLogs');
export const getLogs = command('getLogs');
export const logFileInfo = command('logFileInfo');
export const searchLogFile = command('searchLogFile');
