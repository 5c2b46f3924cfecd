import { afterEach, describe, expect, it } from 'vitest';
import { useTimeZone } from '../../testing/timeZone';
import { daysUntil, isOverdue, monthIso, thisMonthIso, todayIso } from './today';

describe('the one clock of the SPA', () => {
  const zone = useTimeZone();
  afterEach(() => zone.restore());

  it('takes the local calendar date at 23:30 in UTC-5, when UTC is already tomorrow', () => {
    zone.set('Etc/GMT+5');
    const now = new Date('2026-11-21T04:30:00Z'); // 23:30 on the 20th in UTC-5
    expect(todayIso(now)).toBe('2026-11-20');
    expect(isOverdue('2026-11-20', now)).toBe(false);
    expect(isOverdue('2026-11-19', now)).toBe(true);
    expect(daysUntil('2026-11-20', now)).toBe(0);
    expect(daysUntil('2026-11-21', now)).toBe(1);
  });

  it('takes the local calendar date at 00:30 in UTC+2, when UTC is still yesterday', () => {
    zone.set('Etc/GMT-2');
    const now = new Date('2026-11-30T22:30:00Z'); // 00:30 on December 1 in UTC+2
    expect(todayIso(now)).toBe('2026-12-01');
    expect(isOverdue('2026-11-30', now)).toBe(true);
    expect(daysUntil('2026-11-30', now)).toBe(-1);
    expect(thisMonthIso(now)).toBe('2026-12');
    expect(monthIso(-1, now)).toBe('2026-11');
    expect(monthIso(2, now)).toBe('2027-02');
  });

  it('reads a due instant by its date and never calls a missing date overdue', () => {
    zone.set('UTC');
    const now = new Date('2026-11-20T12:00:00Z');
    expect(isOverdue('2026-11-19T23:59:00Z', now)).toBe(true);
    expect(isOverdue(null, now)).toBe(false);
    expect(isOverdue(undefined, now)).toBe(false);
    expect(isOverdue('', now)).toBe(false);
  });
});
