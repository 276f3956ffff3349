/**
 * The trace namel3ss records for a tool call, as namel3ss records it: a list of events, with the
 * `capability_check` events (allowed ones once per capability, and every refusal) before the one
 * `tool_call` event, and `boundary_start`/`boundary_end` around a foreign function. Field names and
 * values are namel3ss's (its `observe.summarize_value` for `input_summary` and `output_summary`, its
 * gate's `decision`, `capability`, `reason`, `result`).
 *
 * The workbench's trace of a call (`CallOutcome.trace`) is that `tool_call` event with the workbench's own
 * additions after it (which setting gave the timeout, what confined the call, the exit code) and namel3ss's
 * whole event list under `traces`, exactly as namel3ss returns it.
 */
import type { TimeoutSource } from './timeouts';

export const PROTOCOL_VERSION = 1;
export const MAX_TRACES = 100;

export type ToolKind = 'python' | 'node' | 'http';

/** namel3ss's `summarize_value`: what a value is, without the value (a text's first 80 characters). */
export type ValueSummary = Record<string, unknown>;

export interface CapabilityCheck {
  capability: string;
  allowed: boolean;
  guarantee_source: string;
  reason: string;
  duration_ms?: number;
}

export interface CapabilityCheckEvent extends CapabilityCheck {
  type: 'capability_check';
  tool_name: string;
  runner: string;
  resolved_source: string;
  protocol_version: number;
}

export interface BoundaryEvent {
  type: 'boundary_start' | 'boundary_end';
  boundary: 'foreign';
  language: string;
  function_name: string;
  policy_mode: string;
  input_summary?: ValueSummary;
  status?: string;
  output_summary?: ValueSummary;
  error_message?: string;
}

/** namel3ss's `tool_call` event: which fields it has depends on how far the call got, as in namel3ss. */
export interface ToolCallEvent {
  type: 'tool_call';
  tool: string;
  tool_name: string;
  /** python, node or http. */
  kind: string;
  input_summary?: ValueSummary;
  purity?: string;
  resolved_source?: string;
  timeout_ms?: number;
  entry?: string;
  runner?: string;
  service_url?: string;
  image?: string;
  command?: string;
  container_enforcement?: string;
  pack_id?: string;
  pack_name?: string;
  pack_version?: string;
  unsafe_override?: boolean;
  // the runner's metadata
  python_env?: 'venv' | 'system';
  python_path?: string;
  deps_source?: 'pyproject.toml' | 'requirements.txt' | 'none';
  node_path?: string;
  protocol_version?: number;
  sandbox?: boolean;
  service_handshake?: boolean;
  enforcement_level?: string;
  // an http tool's request and response, as namel3ss's studio adapter records them
  title?: string;
  input?: Record<string, unknown>;
  output?: Record<string, unknown>;
  error?: string;
  status?: string;
  output_summary?: ValueSummary;
  error_type?: string;
  error_message?: string;
  duration_ms?: number;
  decision?: string;
  capability?: string;
  reason?: string;
  result?: string;
}

export type Namel3ssEvent = ToolCallEvent | CapabilityCheckEvent | BoundaryEvent;

/** The workbench's trace of a call: namel3ss's tool_call event, the workbench's additions, and namel3ss's events. */
export interface ToolTrace extends ToolCallEvent {
  /** Workbench addition: which setting gave timeout_ms. */
  timeout_source?: TimeoutSource;
  /** Workbench addition: the app's own timeout when the workbench's replaced it. */
  declared_timeout_ms?: number;
  /** Workbench addition: `foreign` for a foreign function. */
  declared_as?: 'foreign';
  /** Workbench addition: what confined the call, as its runner says ("isolated: no network (Landlock+seccomp), …" or "guarded, not isolated"). */
  enforcement?: string;
  exit_code?: number | null;
  signal?: string | null;
  /** The id sent to a tool service with the call. */
  trace_id?: string;
  /** namel3ss's events for this call, in order, as namel3ss returns them in `traces`. */
  traces?: Namel3ssEvent[];
}

/** namel3ss's `summarize_value` (observe/summary.py), secrets in texts masked. */
export function summarizeValue(value: unknown, redact: (s: string) => string = (s) => s): ValueSummary {
  if (Array.isArray(value)) return { type: 'list', count: value.length };
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort(byCodePoint);
    return { type: 'object', keys: keys.slice(0, 10), count: keys.length };
  }
  if (typeof value === 'string') {
    const text = redact(value);
    const chars = [...text];
    const preview = chars.slice(0, 80).join('') + (chars.length > 80 ? '...' : '');
    return { type: 'text', chars: chars.length, preview };
  }
  if (typeof value === 'boolean') return { type: 'bool', value };
  // JSON does not say int or float; a whole number is what Python's json module reads as an int.
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'int' : 'float', value };
  if (value === null || value === undefined) return { type: 'NoneType', value: null };
  return { type: typeof value, value: typeof value === 'bigint' ? value.toString() : null };
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Who a capability check is about: namel3ss's CapabilityContext, as far as its events say. */
export interface CheckContext {
  tool_name: string;
  runner: string;
  resolved_source: string;
}

/**
 * One call's events, recorded as namel3ss records them: an allowed check once per capability and
 * context (namel3ss's `allowed_emitted`), refusals every time.
 */
export class CallEvents {
  readonly list: Namel3ssEvent[] = [];
  private readonly allowed = new Map<string, Set<string>>();

  check(ctx: CheckContext, c: CapabilityCheck): void {
    const key = `${ctx.tool_name}|${ctx.runner}|${ctx.resolved_source}`;
    const seen = this.allowed.get(key) ?? new Set<string>();
    if (c.allowed) {
      if (seen.has(c.capability)) return;
      seen.add(c.capability);
      this.allowed.set(key, seen);
    }
    const event: CapabilityCheckEvent = {
      type: 'capability_check',
      tool_name: ctx.tool_name,
      runner: ctx.runner,
      resolved_source: ctx.resolved_source,
      capability: c.capability,
      allowed: c.allowed,
      guarantee_source: c.guarantee_source,
      reason: c.reason,
      protocol_version: PROTOCOL_VERSION,
    };
    if (typeof c.duration_ms === 'number') event.duration_ms = c.duration_ms;
    this.list.push(event);
  }

  /** A runner's checks ({capability, allowed, guarantee_source, reason}), the malformed ones skipped as namel3ss skips them. */
  checks(ctx: CheckContext, items: unknown[] | undefined): void {
    for (const item of items ?? []) {
      const c = item as Record<string, unknown>;
      if (typeof c?.capability !== 'string' || typeof c.allowed !== 'boolean' || typeof c.guarantee_source !== 'string' || typeof c.reason !== 'string') continue;
      this.check(ctx, { capability: c.capability, allowed: c.allowed, guarantee_source: c.guarantee_source, reason: c.reason, ...(Number.isInteger(c.duration_ms) ? { duration_ms: c.duration_ms as number } : {}) });
    }
  }

  push(event: Namel3ssEvent): void {
    this.list.push(event);
  }
}

/** The newest items, oldest first, at most `capacity`. */
export class TraceRing<T extends object = ToolTrace> {
  private items: T[] = [];

  constructor(private readonly capacity = MAX_TRACES) {}

  push(t: T): void {
    this.items.push(t);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  list(): T[] {
    return this.items.map((t) => ({ ...t }));
  }
}
