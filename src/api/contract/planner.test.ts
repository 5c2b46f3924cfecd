import { describe, expect, it } from 'vitest';
import {
  dueSince,
  expertConflicts,
  expertProblems,
  fridayOf,
  mondayOf,
  periodWeeks,
  PLAN_RULES,
  runnableWeeks,
  weekCanRun,
  weekInPeriod,
} from './planner';

const Q4 = { start_date: '2026-10-01', end_date: '2026-12-31' };

describe('the planner rules', () => {
  it('plans weeks by their Monday, from the week the period starts in to the one it ends in', () => {
    // October 1, 2026 is a Thursday: its week starts on September 28.
    expect(mondayOf('2026-10-01')).toBe('2026-09-28');
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    const weeks = periodWeeks(Q4);
    expect(weeks[0]).toBe('2026-09-28');
    expect(weeks.at(-1)).toBe('2026-12-28');
    expect(weeks).toHaveLength(14);
    expect(fridayOf('2026-12-07')).toBe('2026-12-11');
  });

  it('accepts a Monday of the period only', () => {
    expect(weekInPeriod('2026-12-07', Q4)).toBe(true);
    expect(weekInPeriod('2026-09-28', Q4)).toBe(true);
    expect(weekInPeriod('2026-12-08', Q4)).toBe(false);
    expect(weekInPeriod('2027-01-04', Q4)).toBe(false);
    expect(weekInPeriod('2026-09-21', Q4)).toBe(false);
  });

  it('offers only the weeks that can still run: a week runs until its Friday', () => {
    expect(weekCanRun('2026-11-23', '2026-11-27')).toBe(true);
    expect(weekCanRun('2026-11-23', '2026-11-28')).toBe(false);
    expect(runnableWeeks(Q4, '2026-11-28')).toEqual([
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
    expect(runnableWeeks(Q4, '2027-01-02')).toEqual([]);
  });

  it('finds each expert planned twice in one week, and nothing else', () => {
    const lead = (id: number, week: string, user: number) => ({
      id,
      planned_week: week,
      experts: [{ user_id: user, kind: 'main_expert' as const }],
    });
    expect(
      expertConflicts([
        lead(1, '2026-12-07', 3),
        lead(2, '2026-12-07', 3),
        lead(3, '2026-12-14', 3),
        lead(4, '2026-12-07', 4),
      ]),
    ).toEqual([{ user_id: 3, planned_week: '2026-12-07', check_ids: [1, 2] }]);
  });

  it('names one main expert at most, each expert once', () => {
    expect(
      expertProblems([
        { user_id: 3, kind: 'main_expert' },
        { user_id: 4, kind: 'main_expert' },
        { user_id: 3, kind: 'expert' },
      ]),
    ).toEqual([PLAN_RULES.oneMainExpert, PLAN_RULES.expertTwice]);
    expect(expertProblems([{ user_id: 3, kind: 'main_expert' }])).toEqual([]);
  });

  it('makes a project due the model’s cadence after its last check', () => {
    expect(dueSince('2026-03-15T10:00:00Z', 'sdo')).toBe('2026-09-15');
    expect(dueSince('2026-03-15T10:00:00Z', 'qmo')).toBe('2027-03-15');
  });
});
