import { describe, expect, it } from 'vitest';
import type { PollResults } from '../../api/contract/polls';
import { applicableDrivers, distribution } from './resultsSummary';

const user = { id: 1, name: 'Priya Nair', login: 'pnair' };
const options = [
  { value: 'yes', label: 'Yes' },
  { value: 'partially', label: 'Partially' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'Not applicable' },
];
const answered = (...answers: (string | null)[]) =>
  answers.map((answer) => ({ user, role: 'pm' as const, answer, comment: '' }));

const results: PollResults = {
  poll_id: 1,
  status: 'finished',
  drivers: [
    {
      id: 1,
      slug: 'delivery',
      name: 'Delivery',
      questions: [
        { id: 1, text: 'a', options, answers: answered('yes', 'partially') },
        { id: 2, text: 'b', options, answers: answered('no', 'na', null) },
        { id: 3, text: 'asked of no one', options, answers: [] },
      ],
    },
    {
      id: 2,
      slug: 'quality',
      name: 'Quality',
      questions: [{ id: 4, text: 'c', options, answers: answered('na') }],
    },
  ],
};

describe('the results summary', () => {
  it('scores a driver by the place of each answer on its scale, leaving out n/a and open ones', () => {
    const [delivery, quality] = distribution(applicableDrivers(results));
    // yes 1, partially 0.5, no 0: 1.5 of 3.
    expect(delivery).toEqual({
      driver: 'Delivery',
      counts: { Yes: 1, Partially: 1, No: 1, 'Not applicable': 1, 'No answer': 1 },
      score: 50,
    });
    expect(quality?.score).toBeNull();
  });

  it('keeps only the questions someone is asked', () => {
    expect(applicableDrivers(results)[0]?.questions.map((question) => question.id)).toEqual([1, 2]);
  });
});
