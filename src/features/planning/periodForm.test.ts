import { describe, expect, it } from 'vitest';
import { PERIOD_RULES, periodLength, type PlannerPeriod } from '../../api/contract/plannerPeriods';
import { periodDateProblems, periodSchema } from './periodForm';

const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const stored = (id: number, start_date: string, end_date: string, state: PlannerPeriod['state']) =>
  ({
    id,
    name: `Period ${id}`,
    start_date,
    end_date,
    state,
    created_by: ALEX,
    created_at: '2026-07-23T09:00:00Z',
    updated_at: '2026-07-23T09:00:00Z',
  }) satisfies PlannerPeriod;
const PERIODS = [
  stored(1, '2026-07-01', '2026-09-30', 'closed'),
  stored(2, '2026-10-01', '2026-12-31', 'open'),
  stored(3, '2027-01-01', '2027-03-31', 'draft'),
];
const overlapsTwo = PERIOD_RULES.overlap(PERIODS[1]!);

describe('periodDateProblems', () => {
  it('wants the end after the start, on the end date', () => {
    for (const end_date of ['2027-04-01', '2027-03-31'])
      expect(
        periodDateProblems({ start_date: '2027-04-01', end_date, state: 'draft' }, PERIODS),
      ).toEqual({ end_date: PERIOD_RULES.endAfterStart });
  });

  it('names the open period an open one would overlap, on the date that falls inside it', () => {
    expect(
      periodDateProblems(
        { start_date: '2026-12-31', end_date: '2027-01-31', state: 'open' },
        PERIODS,
      ),
    ).toEqual({ start_date: overlapsTwo });
    expect(
      periodDateProblems(
        { start_date: '2026-09-01', end_date: '2026-10-01', state: 'open' },
        PERIODS,
      ),
    ).toEqual({ end_date: overlapsTwo });
    expect(
      periodDateProblems(
        { start_date: '2026-09-01', end_date: '2027-01-31', state: 'open' },
        PERIODS,
      ),
    ).toEqual({ start_date: overlapsTwo, end_date: overlapsTwo });
  });

  it('lets drafts overlap, an open period touch another, and a period overlap itself', () => {
    const december = { start_date: '2026-12-01', end_date: '2027-01-15' };
    expect(periodDateProblems({ ...december, state: 'draft' }, PERIODS)).toEqual({});
    // Closed and draft periods do not count.
    expect(
      periodDateProblems(
        { start_date: '2026-08-01', end_date: '2026-09-30', state: 'open' },
        PERIODS,
      ),
    ).toEqual({});
    expect(
      periodDateProblems(
        { start_date: '2027-01-01', end_date: '2027-03-31', state: 'open' },
        PERIODS,
      ),
    ).toEqual({});
    expect(periodDateProblems({ ...december, state: 'open' }, PERIODS, 2)).toEqual({});
  });

  it('leaves dates that are not days yet to their own fields', () => {
    expect(
      periodDateProblems({ start_date: '12/1', end_date: '2026-12-31', state: 'open' }, PERIODS),
    ).toEqual({});
  });
});

describe('periodSchema', () => {
  it('reports every problem at once, in the words the server uses', () => {
    const result = periodSchema(PERIODS).safeParse({
      name: ' ',
      start_date: '2026-12-01',
      end_date: '2027-01-15',
      state: 'open',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', PERIOD_RULES.nameRequired],
      ['start_date', overlapsTwo],
    ]);
    const long = periodSchema(PERIODS).safeParse({
      name: 'x'.repeat(101),
      start_date: '',
      end_date: '13/01/2027',
      state: 'draft',
    });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      PERIOD_RULES.nameTooLong,
      PERIOD_RULES.startRequired,
      'Enter the date as MM/DD/YYYY, for example 12/31/2026.',
    ]);
  });

  it("checks an edited period's new dates against the others only", () => {
    const schema = periodSchema(PERIODS, 2);
    expect(
      schema.safeParse({
        name: '2026 Q4',
        start_date: '2026-10-01',
        end_date: '2027-01-10',
        state: 'open',
      }).success,
    ).toBe(true);
  });
});

describe('periodLength', () => {
  it('reads a period in weeks and days, both ends included', () => {
    expect(periodLength('2026-10-01', '2026-12-31')).toBe('13 weeks 1 day');
    expect(periodLength('2027-01-04', '2027-01-10')).toBe('1 week');
    expect(periodLength('2027-01-04', '2027-01-05')).toBe('2 days');
    expect(periodLength('2027-01-05', '2027-01-04')).toBe('—');
  });
});
