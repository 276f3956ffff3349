/** Recordings: open, export, replay, and the tolerance a replay compares a call with. */
import type { ExportedReport, RecordingView, ReplayReport, Tolerance } from '../../contract';
import { z } from '../shape';
import { checked, command, returns } from './declare';
import { count, text } from './fields';

const tolerance = checked<Tolerance>()(
  z.object({
    ignore: z.array(z.string()).optional(),
    numeric: z.object({ abs: z.number().optional(), rel: z.number().optional() }).optional(),
    pattern: z.string().optional(),
  }),
);

export const qa = {
  openRecording: command(returns<RecordingView>(), ['file', text]),
  exportReport: command(returns<ExportedReport>(), ['file', text], ['format', z.enum(['markdown', 'html'])]),
  replayRecording: command(returns<ReplayReport>(), ['file', text]),
  setTolerance: command(returns<Tolerance | null>(), ['file', text], ['callSeq', count], ['tolerance', tolerance.nullable()]),
};
