/**
 * Cron expressions as agent schedules write them: five fields (minute hour day-of-month month
 * day-of-week) with `*`, lists, ranges, steps and month/day names, or one of the `@daily`-style
 * shorthands. Local time, as cron itself. Where both day fields are restricted, either one matching
 * is enough (Vixie cron's rule).
 */

export interface Cron {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Day-of-month and day-of-week were both restricted (not `*`). */
  eitherDay: boolean;
}

const SHORTHANDS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  label: string;
  min: number;
  max: number;
  names?: string[];
  /** The first name stands for this number. */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { label: 'minute', min: 0, max: 59 },
  { label: 'hour', min: 0, max: 23 },
  { label: 'day of month', min: 1, max: 31 },
  { label: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { label: 'day of week', min: 0, max: 7, names: DAYS, nameBase: 0 },
];

/** The parsed expression, or a sentence saying what is wrong with it. */
export function parseCron(expr: string): Cron | string {
  const text = (SHORTHANDS[expr.trim().toLowerCase()] ?? expr).trim();
  if (/^@/.test(text)) return `"${expr}" is not a cron shorthand: use @hourly, @daily, @weekly, @monthly or @yearly.`;
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return `"${expr}" has ${parts.length} field${parts.length === 1 ? '' : 's'}; a cron expression has five: minute hour day-of-month month day-of-week (e.g. "0 9 * * 1-5").`;
  const sets: Set<number>[] = [];
  for (let i = 0; i < 5; i++) {
    const set = parseField(parts[i], FIELDS[i]);
    if (typeof set === 'string') return `"${expr}": ${set}`;
    sets.push(set);
  }
  // 7 is Sunday too.
  if (sets[4].delete(7)) sets[4].add(0);
  return { minutes: sets[0], hours: sets[1], days: sets[2], months: sets[3], weekdays: sets[4], eitherDay: parts[2] !== '*' && parts[4] !== '*' };
}

function parseField(field: string, spec: FieldSpec): Set<number> | string {
  const out = new Set<number>();
  for (const item of field.split(',')) {
    const m = /^(\*|[\w]+(?:-[\w]+)?)(?:\/(\d+))?$/.exec(item);
    if (!m) return `the ${spec.label} field "${field}" is not valid.`;
    const step = m[2] === undefined ? 1 : Number(m[2]);
    if (!Number.isInteger(step) || step < 1) return `the ${spec.label} step in "${item}" must be a whole number of at least 1.`;
    let lo: number;
    let hi: number;
    if (m[1] === '*') {
      lo = spec.min;
      hi = spec.label === 'day of week' ? 6 : spec.max;
    } else {
      const [a, b] = m[1].split('-');
      const first = value(a, spec);
      if (first === null) return `"${a}" is not a valid ${spec.label}.`;
      lo = first;
      if (b === undefined) hi = m[2] === undefined ? lo : spec.max;
      else {
        const last = value(b, spec);
        if (last === null) return `"${b}" is not a valid ${spec.label}.`;
        hi = last;
      }
      if (hi < lo) return `the ${spec.label} range "${m[1]}" goes backwards.`;
    }
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

function value(s: string, spec: FieldSpec): number | null {
  const named = spec.names?.indexOf(s.toLowerCase().slice(0, 3)) ?? -1;
  if (named >= 0 && /^[a-z]+$/i.test(s)) return named + (spec.nameBase ?? 0);
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= spec.min && n <= spec.max ? n : null;
}

const MAX_YEARS = 5;

/** The first time strictly after `after` that the expression matches, or null within five years. */
export function nextRun(cron: Cron, after: Date): Date | null {
  const t = new Date(after.getTime());
  t.setSeconds(0, 0);
  t.setMinutes(t.getMinutes() + 1);
  const limit = after.getFullYear() + MAX_YEARS;
  while (t.getFullYear() <= limit) {
    if (!cron.months.has(t.getMonth() + 1)) {
      t.setMonth(t.getMonth() + 1, 1);
      t.setHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(cron, t)) {
      t.setDate(t.getDate() + 1);
      t.setHours(0, 0, 0, 0);
      continue;
    }
    if (!cron.hours.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0, 0, 0);
      continue;
    }
    if (!cron.minutes.has(t.getMinutes())) {
      t.setMinutes(t.getMinutes() + 1, 0, 0);
      continue;
    }
    return t;
  }
  return null;
}

function dayMatches(cron: Cron, t: Date): boolean {
  const dom = cron.days.has(t.getDate());
  const dow = cron.weekdays.has(t.getDay());
  return cron.eitherDay ? dom || dow : dom && dow;
}
