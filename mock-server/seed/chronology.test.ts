import { describe, expect, it } from 'vitest';
import { buildSeed } from './seed';

/**
 * The demo's records as a user reads them: nothing is done on a day still to come. (The check
 * results once said "Finished 12/03/2026" on 11/28/2026.)
 */
describe('the seed’s chronology', () => {
  const state = buildSeed();
  const today = Date.now();
  const time = (value: string | null) => (value === null ? null : Date.parse(value));

  it('starts and finishes every check before today, the finish after the start', () => {
    const late = state.polls.filter(
      (poll) =>
        (time(poll.started_at) ?? 0) > today ||
        (time(poll.finished_at) ?? 0) > today ||
        (poll.finished_at !== null && time(poll.finished_at)! < time(poll.started_at)!),
    );
    expect(late.map((poll) => [poll.id, poll.started_at, poll.finished_at])).toEqual([]);
    expect(state.polls.filter((poll) => poll.finished_at !== null).length).toBeGreaterThan(20);
  });

  it('answers no question, and does no corrective action, after today', () => {
    expect(state.replies.filter((reply) => Date.parse(reply.updated_at) > today)).toEqual([]);
    expect(
      state.outcomes.filter((outcome) => outcome.done_at && Date.parse(outcome.done_at) > today),
    ).toEqual([]);
  });
});
