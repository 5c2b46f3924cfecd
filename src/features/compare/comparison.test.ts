import { describe, expect, it } from 'vitest';
import { compareChecks, compareRoles, onlyChanges } from './comparison';
import { MEI } from '../../testing/msw/pollFixtures';
import {
  EARLIER_RESULTS,
  LATER_RESULTS,
  PRIYA,
  THIS_RESULTS,
  expert,
  pm,
  resultsOf,
} from './testing';

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
    expect(comparison.totals).toEqual({
      compared: 3,
      changed: 2,
      commentsChanged: 0,
      better: 1,
      worse: 1,
      oneSide: 0,
    });
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

describe('compareChecks on comments', () => {
  it('marks a question whose answers stayed but a comment changed apart: neither better nor worse', () => {
    const comparison = compareChecks(THIS_RESULTS, LATER_RESULTS, 'right');
    const rows = comparison.drivers.flatMap((driver) => driver.rows);
    expect(rows.map((row) => [row.id, row.status, row.direction, row.commentsChangedBy])).toEqual([
      [1, 'same', null, []],
      [2, 'commentChanged', null, ['exp']],
      [3, 'same', null, []],
    ]);
    expect(comparison.totals).toEqual({
      compared: 3,
      changed: 0,
      commentsChanged: 1,
      better: 0,
      worse: 0,
      oneSide: 0,
    });
    expect(comparison.drivers.map((driver) => driver.counts.commentsChanged)).toEqual([1, 0]);
    // "Show only changes" keeps it.
    expect(onlyChanges(comparison).map((driver) => driver.rows.map((row) => row.id))).toEqual([
      [2],
    ]);
  });

  it('lets a changed answer win, and ignores spaces around a comment', () => {
    const left = resultsOf(7, {
      1: [pm('yes', 'Signed.'), expert('partially', 'Kept.')],
      2: [pm('yes', 'Monthly. ')],
    });
    const right = resultsOf(9, {
      1: [pm('no', 'Signed.'), expert('partially', 'Kept, with a new note.')],
      2: [pm('yes', ' Monthly.')],
    });
    const rows = compareChecks(left, right, 'right').drivers.flatMap((driver) => driver.rows);
    expect(rows.map((row) => [row.id, row.status, row.direction])).toEqual([
      [1, 'changed', 'worse'],
      [2, 'same', null],
    ]);
  });

  it("sets a comment against the same person's, or the one person in the role on each side", () => {
    const mei = (answer: string, comment: string) => ({ ...expert(answer, comment), user: MEI });
    // Two experts who each kept their comment: never set against each other's.
    const experts = [expert('yes', 'Erik’s note.'), mei('yes', 'Mei’s note.')];
    const kept = compareChecks(resultsOf(7, { 1: experts }), resultsOf(9, { 1: experts }), 'right');
    expect(kept.drivers[0]!.rows[0]!.status).toBe('same');
    const edited = compareChecks(
      resultsOf(7, { 1: experts }),
      resultsOf(9, { 1: [experts[0]!, mei('yes', 'Mei’s new note.')] }),
      'right',
    );
    expect(edited.drivers[0]!.rows[0]!.status).toBe('commentChanged');
    // Someone new as project manager, the same answer with other words: the role's comment changed.
    const newPm = { ...pm('yes', 'Agreed in writing.'), user: { ...PRIYA, id: 99 } };
    const handedOver = compareChecks(
      resultsOf(7, { 1: [pm('yes', 'Agreed by mail.')] }),
      resultsOf(9, { 1: [newPm] }),
      'right',
    );
    expect(handedOver.drivers[0]!.rows[0]).toMatchObject({
      status: 'commentChanged',
      commentsChangedBy: ['pm'],
    });
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

  it("never marks comments: the project manager's and an expert's words always differ", () => {
    const comparison = compareRoles(
      resultsOf(7, {
        2: [pm('yes', 'Monthly, with the client.'), expert('yes', 'Seen in March.')],
      }),
    );
    expect(comparison.drivers[0]!.rows[0]!.status).toBe('same');
    expect(comparison.totals.commentsChanged).toBe(0);
  });
});
