/**
 * The trace namel3ss records for each Python tool call (field names as namel3ss writes them), kept on
 * the call's outcome, in the message log, and in a small ring the adapter exposes.
 */
import type { RunnerKind } from './bindings';
import type { TimeoutSource } from './timeouts';

export const PROTOCOL_VERSION = 1;
export const MAX_TRACES = 100;

export interface ToolTrace {
  tool: string;
  kind: 'python';
  entry?: string;
  runner?: RunnerKind;
  /** Where the binding came from: the app's tools.yaml, or a pack. */
  resolved_source: 'binding' | 'builtin_pack' | 'installed_pack' | 'local_pack';
  /** For pack tools, as namel3ss records them. */
  pack_id?: string;
  pack_name?: string;
  pack_version?: string;
  /** `foreign` for a foreign function. */
  declared_as?: 'foreign';
  /** Local runner: whether the sandbox enforced the guarantees. */
  sandbox?: boolean;
  /** Workbench addition: what confined the call, as its runner says ("isolated: no network (Landlock+seccomp), …" or "guarded, not isolated"). */
  enforcement?: string;
  /** Service runner: whether a handshake was asked for, and what the service said it enforces. */
  service_handshake?: boolean;
  enforcement_level?: string;
  /** namel3ss's capability checks: {capability, allowed, guarantee_source, reason}. */
  capability_checks?: Record<string, unknown>[];
  purity: 'pure' | 'impure';
  timeout_ms: number;
  /** Workbench addition: which setting gave timeout_ms. */
  timeout_source: TimeoutSource;
  /** Workbench addition: the app's own timeout when the workbench's replaced it. */
  declared_timeout_ms?: number;
  duration_ms: number;
  protocol_version: number;
  status: 'ok' | 'error';
  // local runner
  python_env?: 'venv' | 'system';
  python_path?: string;
  deps_source?: 'pyproject.toml' | 'requirements.txt' | 'none';
  exit_code?: number | null;
  signal?: string | null;
  // service runner
  service_url?: string;
  trace_id?: string;
  // on failure
  error_type?: string;
  error_message?: string;
}

/** The newest traces, oldest first, at most `capacity`. */
export class TraceRing {
  private items: ToolTrace[] = [];

  constructor(private readonly capacity = MAX_TRACES) {}

  push(t: ToolTrace): void {
    this.items.push(t);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  list(): ToolTrace[] {
    return this.items.map((t) => ({ ...t }));
  }
}
