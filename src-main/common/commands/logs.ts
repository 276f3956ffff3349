/** The complete log file of a skill: its size and pages, and searching it. */
import type { LogFileInfo, LogSearchQuery, LogSearchResult, MessageEntry } from '../../contract';
import { z } from '../shape';
import { checked, command, returns } from './declare';
import { count, skillId } from './fields';

const query = checked<LogSearchQuery>()(
  z.object({
    text: z.string(),
    regex: z.boolean().optional(),
    caseSensitive: z.boolean().optional(),
    streams: z.array(z.enum(['stdout', 'stderr', 'system'])).optional(),
    limit: z.number().optional(),
  }),
);

export const logs = {
  logFileInfo: command(returns<LogFileInfo>(), ['skillId', skillId], ['beforeSeq', count.optional()]),
  searchLogFile: command(returns<LogSearchResult>(), ['skillId', skillId], ['query', query]),
  readMessage: command(returns<MessageEntry | null>(), ['skillId', skillId], ['seq', count]),
};
