/**
 * Test scenarios of compare checks: two finished health checks of one project (7, due in
 * December; 5, due in June) and their results. Imported by the tests only.
 */
import { http, HttpResponse } from 'msw';
import type { ComparableChecks } from '../../api/contract/compare';
import type { Poll, PollResults } from '../../api/contract/polls';
import { API } from '../../testing/msw/handlers';
import { MEI, TEST_POLL } from '../../testing/msw/pollFixtures';
import { server } from '../../testing/msw/server';

export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const ERIK = { id: 3, name: 'Erik Lindqvist', login: 'elindqvist' };

const OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'partially', label: 'Partially' },
  { value: 'no', label: 'No' },
  { value: 'na', label: 'Not applicable' },
];

export const THIS_CHECK: Poll = {
  ...TEST_POLL,
  id: 7,
  index: 'HC_7',
  status: 'finished',
  due_date: '2026-12-01',
  poll_stats: {
    participants: [
      { ...PRIYA, role: 'pm', answered: 3, questions: 3, submitted: true },
      { ...ERIK, role: 'exp', answered: 3, questions: 3, submitted: true },
      { ...MEI, role: 'main_expert', answered: 3, questions: 3, submitted: true },
    ],
    users_answer_counters: {},
    users_question_counters: {},
  },
};

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

export const COMPARABLE: ComparableChecks = {
  poll_id: 7,
  checks: [
    {
      id: 9,
      index: 'HC_9',
      type: 'health_check',
      model: 'sdo',
      status: 'expert',
      due_date: '2027-03-01',
    },
    {
      id: 5,
      index: 'HC_5',
      type: 'health_check',
      model: 'sdo',
      status: 'finished',
      due_date: '2026-06-01',
    },
  ],
  previous_id: 5,
  roles: true,
};

/** Serves check 7, what it compares with, and the results of 7, 5 and 9. */
export function serveComparison(comparable: ComparableChecks = COMPARABLE) {
  server.use(
    http.get(`${API}/api/polls/7/`, () => HttpResponse.json(THIS_CHECK)),
    http.get(`${API}/api/polls/7/comparable/`, () => HttpResponse.json(comparable)),
    http.get(`${API}/api/polls/7/results/`, () => HttpResponse.json(THIS_RESULTS)),
    http.get(`${API}/api/polls/5/results/`, () => HttpResponse.json(EARLIER_RESULTS)),
    http.get(`${API}/api/polls/9/results/`, () => HttpResponse.json(LATER_RESULTS)),
  );
}
