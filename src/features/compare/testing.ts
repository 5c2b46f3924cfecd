/**
 * Results of compare checks for the comparison's own unit tests: two finished health checks of
 * one project (7, due in December; 5, due in June) and a later one (9). The page's tests render
 * the seed's checks through the mock backend instead. Imported by the tests only.
 */
import type { PollResults } from '../../api/contract/polls';

export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const ERIK = { id: 3, name: 'Erik Lindqvist', login: 'elindqvist' };

const OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'partially', label: 'Partially' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'Not applicable' },
];

type Answer = PollResults['drivers'][number]['questions'][number]['answers'][number];
export const pm = (answer: string | null, comment = ''): Answer => ({
  user: PRIYA,
  role: 'pm',
  answer,
  comment,
});
export const expert = (answer: string | null, comment = ''): Answer => ({
  user: ERIK,
  role: 'exp',
  answer,
  comment,
});

/** Results with the given answers, by question id: Delivery (1, 2) and Quality (3). */
export function resultsOf(pollId: number, answers: Record<number, Answer[]>): PollResults {
  const question = (id: number, text: string) => ({
    id,
    text,
    options: OPTIONS,
    answers: answers[id] ?? [],
  });
  return {
    poll_id: pollId,
    status: 'finished',
    drivers: [
      {
        id: 1,
        slug: 'delivery',
        name: 'Delivery',
        questions: [
          question(1, 'Is the plan agreed with the client?'),
          question(2, 'Are risks reviewed monthly?'),
        ],
      },
      {
        id: 2,
        slug: 'quality',
        name: 'Quality',
        questions: [question(3, 'Is there a regression suite?')],
      },
    ],
  };
}

/** This check (7): the plan became agreed, risks are reviewed as before, the suite slipped. */
export const THIS_RESULTS = resultsOf(7, {
  1: [pm('yes', 'Signed in the October steering meeting.'), expert('partially')],
  2: [pm('yes'), expert('yes')],
  3: [pm('no'), expert('no')],
});
/** The earlier check (5). */
export const EARLIER_RESULTS = resultsOf(5, {
  1: [pm('no'), expert('partially')],
  2: [pm('yes'), expert('yes')],
  3: [pm('partially'), expert('no')],
});

/** A later check (9): every answer kept, the expert's comment on the risks written since. */
export const LATER_RESULTS = resultsOf(9, {
  1: [pm('yes', 'Signed in the October steering meeting.'), expert('partially')],
  2: [pm('yes'), expert('yes', 'Reviewed every month since the January audit.')],
  3: [pm('no'), expert('no')],
});
