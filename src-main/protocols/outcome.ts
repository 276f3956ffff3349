/** Turning whatever went wrong into a CallOutcome with a plain-words error and the stderr around it. */
import type { CallOutcome } from '../contract';
import { RpcError, SkillError } from '../common/errors';
import type { LogSink } from '../engine/log-sink';

/**
 * Lines of stderr kept with a failed call: enough for a Python traceback through the SDK with a chained
 * cause (each frame is two to four lines), which the workbench reads so the skill's own frames come first.
 */
export const STDERR_TAIL_LINES = 60;

export function errorOutcome(err: unknown, startedAt: number, logs?: LogSink): CallOutcome {
  const durationMs = Math.round(performance.now() - startedAt);
  const stderrTail = logs?.tail('stderr', STDERR_TAIL_LINES);
  if (err instanceof SkillError) {
    return { ok: false, durationMs, error: { code: err.skillCode ?? err.code, message: err.message, details: err.details }, stderrTail };
  }
  if (err instanceof RpcError) {
    return {
      ok: false,
      durationMs,
      error: { code: 'TOOL', message: err.message, details: { rpcCode: err.code, data: err.data } },
      stderrTail,
    };
  }
  return { ok: false, durationMs, error: { code: 'PROTOCOL', message: (err as Error)?.message ?? String(err) }, stderrTail };
}
