/** Times the command line prints for people are 24-hour: an afternoon hour as 19, past midnight as 00. */
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../src-main/cli/format-time';
import { formatTime } from '../src-main/qa/report-model';

describe('times in the command line', () => {
  it('are 24-hour: schedules and next runs in local time, reports in UTC', () => {
    expect(formatLocal(new Date(2026, 2, 2, 19, 5))).toBe('2026-03-02 19:05');
    expect(formatLocal(new Date(2026, 11, 31, 0, 30))).toBe('2026-12-31 00:30');
    expect(formatTime(Date.UTC(2026, 2, 2, 19, 5, 7, 250))).toBe('2026-03-02 19:05:07.250 UTC');
    expect(formatTime(Date.UTC(2026, 2, 2, 0, 5))).toBe('2026-03-02 00:05:00.000 UTC');
  });
});
