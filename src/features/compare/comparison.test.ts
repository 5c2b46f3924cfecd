import { describe, expect, it } from 'vitest';
import { compareChecks, compareRoles, onlyChanges } from './comparison';
import { EARLIER_RESULTS, THIS_RESULTS, resultsOf } from './testing';

describe('compareChecks', () => {
  it('pairs each role with the same role and marks changed, same and the direction over time', () => {
    const comparison = compareChecks(THIS_RESULTS, EARLIER_RESULTS, 'left');
    const rows = comparison.drivers.flatMap((driver) => driver.rows);
    expect(rows.map((row) => [row.id, row.status, row.direction])).toEqual([
      [1, 'changed', 'better'], // pm: no → yes in the later check; the expert kept partially
      [2, 'same', null],
      [3, 'changed', 'worse'], // pm: partially → no
    ]);
    expect(rows[0]!.left.map((answer) => answer.label)).toEqual(['Yes', 'Partially']);
    expect(rows[0]!.left[0]!.comment).toBe('Signed in the October steering meeting.');
    expect(comparison.totals).toEqual({ compared: 3, changed: 2, better: 1, worse: 1, oneSide: 0 });
    expect(comparison.drivers.map((driver) => [driver.name, driver.counts.changed])).toEqual([
      ['Delivery', 1],
      ['Quality', 1],
    ]);
  });

  it("compares one role's answers when asked: the expert kept what the project manager changed", () => {
    const experts = compareChecks(THIS_RESULTS, EARLIER_RESULTS, 'left', 'experts');
    const rows = experts.drivers.flatMap((driver) => driver.rows);
    expect(rows[0]).toMatchObject({ id: 1, status: 'same', direction: null });
    for (const row of rows)
      expect([...row.left, ...row.right].every((answer) => answer.role === 'exp')).toBe(true);
    const pm = compareChecks(THIS_RESULTS, EARLIER_RESULTS, 'left', 'pm');
    expect(pm.drivers.flatMap((driver) => driver.rows)[0]).toMatchObject({
      id: 1,
      status: 'changed',
      direction: 'better',
    });
  });

  it('reads the direction from the earlier check to the later, whichever side it is on', () => {
    const rows = compareChecks(EARLIER_RESULTS, THIS_RESULTS, 'right').drivers.flatMap(
      (driver) => driver.rows,
    );
    expect(rows.map((row) => row.direction)).toEqual(['better', null, 'worse']);
  });

  it('tells open questions and questions asked on one side only apart from changes', () => {
    const left = resultsOf(7, { 1: [{ ...THIS_RESULTS.drivers[0]!.questions[0]!.answers[0]! }] });
    const right = resultsOf(5, {
      1: [{ ...EARLIER_RESULTS.drivers[0]!.questions[0]!.answers[0]!, answer: null }],
      3: EARLIER_RESULTS.drivers[1]!.questions[0]!.answers,
    });
    const rows = compareChecks(left, right, 'left').drivers.flatMap((driver) => driver.rows);
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [1, 'open'],
      [3, 'rightOnly'],
    ]);
    expect(rows[0]!.right[0]!.label).toBeNull();
  });

  it('keeps only the changed questions, and their drivers, for "show only changes"', () => {
    const comparison = compareChecks(
      THIS_RESULTS,
      resultsOf(5, {
        1: [...THIS_RESULTS.drivers[0]!.questions[0]!.answers],
        2: [...THIS_RESULTS.drivers[0]!.questions[1]!.answers],
        3: EARLIER_RESULTS.drivers[1]!.questions[0]!.answers,
      }),
      'left',
    );
    expect(onlyChanges(comparison).map((driver) => driver.rows.map((row) => row.id))).toEqual([
      [3],
    ]);
  });
});

describe('compareRoles', () => {
  it("sets the project manager's answer against every expert's: differs, agrees, rated higher or lower", () => {
    const comparison = compareRoles(THIS_RESULTS);
    const rows = comparison.drivers.flatMap((driver) => driver.rows);
    expect(rows.map((row) => [row.id, row.status, row.direction])).toEqual([
      [1, 'changed', 'worse'], // pm yes, the expert partially: the experts rate it lower
      [2, 'same', null],
      [3, 'same', null],
    ]);
    expect(rows[0]!.left.map((answer) => answer.role)).toEqual(['pm']);
    expect(rows[0]!.right.map((answer) => answer.role)).toEqual(['exp']);
  });
});
