import type { CrashInfo, CrashReport } from '@contract';

/** How a crash ended, in plain words: "killed (signal SIGKILL)", "ended by signal SIGSEGV", "exited with code 3". */
export function exitWords(c: CrashInfo): string {
  if (c.signal) return c.signal === 'SIGKILL' ? 'killed (signal SIGKILL)' : `ended by signal ${c.signal}`;
  if (c.code !== null) return `exited with code ${c.code}`;
  return c.detail.replace(/\.$/, '');
}

export const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** One line for a tooltip or an accessible name. */
export function crashSummary(r: CrashReport): string {
  const restarted = r.restarts ? `, restarted ${times(r.restarts)}` : '';
  return `Crashed ${times(r.count)}${restarted}. Last: ${exitWords(r.last)}.`;
}
