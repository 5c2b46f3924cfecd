import { describe, expect, it } from 'vitest';
import { formatTargetValue, isPeriod, periodOf, targetStatus } from './targets';

describe('targetStatus', () => {
  it('says no actual yet without an actual value', () => {
    expect(targetStatus('csat', 4.5, null)).toBe('no_actual');
  });

  it('reads a higher-is-better metric: at or above plan on track, a little below at risk', () => {
    expect(targetStatus('on_time_delivery', 95, 95)).toBe('on_track');
    expect(targetStatus('on_time_delivery', 95, 99)).toBe('on_track');
    expect(targetStatus('on_time_delivery', 95, 90)).toBe('at_risk');
    expect(targetStatus('on_time_delivery', 95, 89.9)).toBe('off_track');
    expect(targetStatus('csat', 4.5, 4.3)).toBe('at_risk');
    expect(targetStatus('csat', 4.5, 4.2)).toBe('off_track');
  });

  it('reads a lower-is-better metric the other way round', () => {
    expect(targetStatus('defect_leakage', 5, 3)).toBe('on_track');
    expect(targetStatus('defect_leakage', 5, 7)).toBe('at_risk');
    expect(targetStatus('defect_leakage', 5, 7.1)).toBe('off_track');
    expect(targetStatus('budget_variance', 0, -4)).toBe('on_track');
    expect(targetStatus('budget_variance', 0, 3)).toBe('at_risk');
    expect(targetStatus('team_attrition', 10, 14)).toBe('off_track');
  });

  it('is not fooled by floating point', () => {
    // 0.1 + 0.2 - 0.3 is 5.5e-17 in JavaScript: no shortfall at all.
    expect(targetStatus('gross_margin', 0.1 + 0.2, 0.3)).toBe('on_track');
  });
});

describe('periods', () => {
  it('takes a calendar quarter written as 2026-Q4', () => {
    expect(isPeriod('2026-Q4')).toBe(true);
    for (const wrong of ['2026-Q5', '2026-Q0', '2026-q4', 'Q4 2026', '26-Q4', '1999-Q1', ''])
      expect(isPeriod(wrong)).toBe(false);
  });

  it('names the quarter of a day', () => {
    expect(periodOf(new Date(2026, 10, 25))).toBe('2026-Q4');
    expect(periodOf(new Date(2027, 0, 1))).toBe('2027-Q1');
    expect(periodOf(new Date(2026, 5, 30))).toBe('2026-Q2');
  });
});

it('writes a percentage with its sign and a score as it is', () => {
  expect(formatTargetValue('gross_margin', 30.5)).toBe('30.5%');
  expect(formatTargetValue('csat', 4.25)).toBe('4.25');
  expect(formatTargetValue('csat', null)).toBe('—');
});
