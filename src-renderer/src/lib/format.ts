import type { Protocol, SkillStatus } from '@contract';

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  // 3 s, 1.25 s, 12.5 s: no trailing zeros for a round interval.
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(ms < 10_000 ? 2 : 1))} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return `${m} min ${s} s`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatClock(time: number, millis = false): string {
  const d = new Date(time);
  const base = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return millis ? `${base}.${pad(d.getMilliseconds(), 3)}` : base;
}

export function formatWhen(time: number): string {
  const d = new Date(time);
  const now = new Date();
  if (d.toDateString() === now.toDateString()) return formatClock(time);
  return `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${formatClock(time)}`;
}

/** A full date and 24-hour time, for a tooltip: "2026-11-27 14:05:09" (every clock in the app is 24-hour). */
export function formatDateTime(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatClock(time)}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const STATUS_LABELS: Record<SkillStatus | 'unknown', string> = {
  stopped: 'stopped',
  starting: 'starting',
  ready: 'ready',
  busy: 'busy',
  'needs-setup': 'needs setup',
  crashed: 'crashed',
  restarting: 'restarting',
  /** Shown while the workbench cannot be reached: the last status heard may no longer be true. */
  unknown: 'unknown',
};

export const PROTOCOL_SHORT: Record<Protocol, string> = {
  jsonrpc: 'JSON-RPC',
  skilldef: 'SkillDef',
  action: 'Action',
  namel3ss: 'namel3ss',
  mcp: 'MCP',
  quickjs: 'QuickJS',
  'agent-skill': 'Agent Skill',
};

export function basename(path: string): string {
  const parts = path.replace(/[\\/]+$/, '').split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/** Parses text as JSON when it looks like JSON; undefined otherwise. */
export function tryParseJson(text: string | undefined): { value: unknown } | undefined {
  if (!text) return undefined;
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return { value: JSON.parse(t) };
  } catch {
    return undefined;
  }
}

export function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
