/**
 * Which timeout a tool call gets, and why. namel3ss's order: the binding's `timeout_ms`, then the tool's
 * `timeout_seconds` in the `.ai` file, then the app default (`N3_PYTHON_TOOL_TIMEOUT_SECONDS`, which
 * overrides `[python_tools] timeout_seconds` in namel3ss.toml as namel3ss's config loader does), then 10 s
 * (a node tool: its binding, its declaration, else 30 s; the python settings are not its).
 * A timeout the workbench user sets (per call, or for the whole skill) overrides all of them, and the
 * trace says so.
 */

export const DEFAULT_TIMEOUT_MS = 10_000;
export const TIMEOUT_ENV = 'N3_PYTHON_TOOL_TIMEOUT_SECONDS';

export type TimeoutSource = 'call' | 'skill' | 'binding' | 'tool declaration' | 'environment' | 'namel3ss.toml' | 'default';

export interface TimeoutInputs {
  /** CallOptions.timeoutMs: this one call. */
  callMs?: number;
  /** AdapterContext.timeoutMs: the workbench's per-skill override. */
  skillMs?: number;
  bindingMs?: number;
  aiSeconds?: number;
  /** The raw N3_PYTHON_TOOL_TIMEOUT_SECONDS value, if set. */
  envSeconds?: string;
  tomlSeconds?: number;
  /** When nothing says: 10 s for python tools, 30 s for node tools (namel3ss's defaults). */
  defaultMs?: number;
}

export interface ResolvedTimeout {
  ms: number;
  source: TimeoutSource;
  /** Set when the workbench's own timeout replaced the one the app declares. */
  overrides?: { ms: number; source: TimeoutSource };
  problems: string[];
}

export function resolveTimeout(t: TimeoutInputs): ResolvedTimeout {
  const problems: string[] = [];
  let envMs: number | undefined;
  if (t.envSeconds !== undefined) {
    const n = Number(t.envSeconds.trim());
    if (Number.isInteger(n) && n > 0) envMs = n * 1000;
    else problems.push(`${TIMEOUT_ENV}="${t.envSeconds}" is not a positive whole number of seconds (ignored).`);
  }
  const declared: [number | undefined, TimeoutSource][] = [
    [t.bindingMs, 'binding'],
    [t.aiSeconds !== undefined ? t.aiSeconds * 1000 : undefined, 'tool declaration'],
    [envMs, 'environment'],
    [t.tomlSeconds !== undefined ? t.tomlSeconds * 1000 : undefined, 'namel3ss.toml'],
  ];
  const app = declared.find(([ms]) => positive(ms)) ?? [t.defaultMs ?? DEFAULT_TIMEOUT_MS, 'default'];
  const appResolved = { ms: app[0] as number, source: app[1] };
  for (const [ms, source] of [[t.callMs, 'call'], [t.skillMs, 'skill']] as const) {
    if (positive(ms)) return { ms, source, overrides: appResolved, problems };
  }
  return { ...appResolved, problems };
}

/** "10", "1.5", "0.3": seconds as namel3ss prints them in "Tool exceeded Ns timeout." */
export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : String(Number((ms / 1000).toFixed(3)));
}

export function timeoutMessage(ms: number): string {
  return `Tool exceeded ${formatSeconds(ms)}s timeout.`;
}

function positive(ms: number | undefined): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0;
}
