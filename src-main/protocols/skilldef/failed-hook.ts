/**
 * A request the skill failed, said the way the launcher says a failed import: the hook that ran, where in the
 * skill's own code it failed (file and line), then the exception. The place comes from the traceback the
 * bundled SDK logs just before it answers (`skillbench: skill/load failed:` and the traceback); an SDK that
 * logs none (the original one answers `str(exc)` alone) leaves the place and the exception's type out.
 */
import { failureSite } from '../../common/traceback';

/** The hook each host request runs in the skill. */
const HOOKS: Record<string, string> = {
  'skill/load': 'on_load',
  'skill/unload': 'on_unload',
  'skill/tick': 'on_tick',
  'skill/sessionStart': 'on_session_start',
  'skill/sessionEnd': 'on_session_end',
  'skill/beforeMessage': 'on_before_message',
  'skill/afterResponse': 'on_after_response',
  'skill/disconnect': 'on_disconnect',
  'setup/start': 'on_setup_start',
  'setup/submit': 'on_setup_submit',
  'setup/cancel': 'on_setup_cancel',
  'options/set': 'on_options_change',
  'triggers/create': 'on_trigger_register',
  'triggers/delete': 'on_trigger_remove',
  'interop/getData': 'on_interop_data',
  'interop/callFunction': 'on_interop_call',
};

export function hookOf(method: string): string {
  return HOOKS[method] ?? method;
}

/**
 * "on_load failed (at /skills/otter/state.py, line 12): AttributeError: 'OtterState' object has no attribute
 * 'model_copy'", from the error's message and the skill's stderr around it.
 */
export function failedHook(method: string, message: string, stderr: string[], skillDir: string): string {
  const raised = raisedIn(method, message, stderr, skillDir);
  if (!raised) return `${hookOf(method)} failed: ${message}`;
  const at = raised.frame ? ` (at ${raised.frame.file}, line ${raised.frame.line})` : '';
  return `${hookOf(method)} failed${at}: ${raised.type}${message}`;
}

/**
 * A tool's error answer with the exception's type before it: Python's `str()` of a KeyError is only the key
 * (`'Ada'`), which says nothing alone (`KeyError: 'Ada'`). As it was where the traceback does not match it.
 */
export function withExceptionType(method: string, message: string, stderr: string[], skillDir: string): string {
  return `${raisedIn(method, message, stderr, skillDir)?.type ?? ''}${message}`;
}

/** The exception this failure's traceback ends in, where it ends in this very message: its type and frame. */
function raisedIn(method: string, message: string, stderr: string[], skillDir: string) {
  // The bundled SDK's own line opens this failure's traceback: an earlier traceback is another failure's.
  const opened = stderr.findLastIndex((l) => l.startsWith(`skillbench: ${method} failed:`));
  const site = failureSite(opened >= 0 ? stderr.slice(opened) : stderr, skillDir);
  const first = message.split('\n')[0];
  if (!site || !first || !site.exception.endsWith(first)) return null;
  return { type: site.exception.slice(0, site.exception.length - first.length), frame: site.frame };
}
