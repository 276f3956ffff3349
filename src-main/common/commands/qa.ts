/** Recordings: open, export, replay, and the tolerance a replay compares a call with; eval suites and their runs. */
import type { EvalReport, EvalSuites, ExportedReport, RecordingView, ReplayReport, Tolerance, TriggerReport } from '../../contract';
import { z } from '../shape';
import { checked, command, returns } from './declare';
import { count, skillId, text } from './fields';

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
  evalSuites: command(returns<EvalSuites>(), ['skillId', skillId]),
  runEvalSuite: command(returns<EvalReport>(), ['skillId', skillId], ['file', text], ['models', z.array(text).max(20)], ['runs', z.number().int().min(1).max(100).nullish()]),
  runTriggerEval: command(returns<TriggerReport>(), ['skillId', skillId], ['file', text], ['models', z.array(text).max(20)], ['runs', z.number().int().min(1).max(100).nullish()], ['outputs', z.boolean().nullish()]),
};
