import { describe, expect, it } from 'vitest';
import { authApi } from '../auth/api';
import { cacheScenario, type CallUnderTest } from '../../testing/cacheScenario';
import { page } from '../../testing/msw/drf';
import { TEST_USER } from '../../testing/msw/fixtures';
import { TEST_POLL } from '../../testing/msw/pollFixtures';
import { NEW_CHECK } from '../../testing/pact/requests';
import { checksApi } from './api';

const POLL_7 = { ...TEST_POLL, id: 7 };
const POLL_8 = { ...TEST_POLL, id: 8 };

/** The checks list, checks 7 and 8, and the user's counters. */
const scenario = () =>
  cacheScenario(
    {
      '/api/polls/': page([POLL_7, POLL_8]),
      '/api/polls/7/': POLL_7,
      '/api/polls/8/': POLL_8,
      '/api/auth/self/': TEST_USER,
    },
    (dispatch) => [
      dispatch(checksApi.endpoints.getPolls.initiate({})),
      dispatch(checksApi.endpoints.getPoll.initiate(7)),
      dispatch(checksApi.endpoints.getPoll.initiate(8)),
      dispatch(authApi.endpoints.getCurrentUser.initiate()),
    ],
  );

const { endpoints } = checksApi;
/** What a check action on check 7 refreshes here (its drivers too: see the survey's tests). */
const POLL_7_CHANGED = ['/api/polls/', '/api/polls/7/'];

const CALLS: CallUnderTest[] = [
  {
    name: 'createPoll',
    request: ['post', '/api/polls/'],
    answer: { ...TEST_POLL, id: 9 },
    call: (dispatch) => dispatch(endpoints.createPoll.initiate(NEW_CHECK)),
    refetched: ['/api/auth/self/', '/api/polls/'],
  },
  {
    name: 'startPoll',
    request: ['post', '/api/polls/7/start/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.startPoll.initiate({ pollId: 7 })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'cancelPoll',
    request: ['post', '/api/polls/7/cancel/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.cancelPoll.initiate({ pollId: 7, reason: 'Paused.' })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'assignExpert',
    request: ['post', '/api/polls/7/experts/'],
    answer: POLL_7,
    call: (dispatch) =>
      dispatch(endpoints.assignExpert.initiate({ pollId: 7, user_id: 4, kind: 'expert' })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'setQcOwnership',
    request: ['post', '/api/polls/7/qc-ownership/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.setQcOwnership.initiate({ pollId: 7, user_id: 4 })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'markInvalid',
    request: ['post', '/api/polls/7/mark-invalid/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.markInvalid.initiate({ pollId: 7, reason: 'Wrong.' })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'changeMainExpert',
    request: ['patch', '/api/polls/7/main-expert/'],
    answer: POLL_7,
    call: (dispatch) => dispatch(endpoints.changeMainExpert.initiate({ pollId: 7, user_id: 4 })),
    refetched: POLL_7_CHANGED,
  },
  {
    name: 'addExtension',
    request: ['post', '/api/polls/7/extensions/'],
    answer: POLL_7,
    call: (dispatch) =>
      dispatch(
        endpoints.addExtension.initiate({ pollId: 7, until: '2027-01-10', reason: 'Late.' }),
      ),
    refetched: POLL_7_CHANGED,
  },
];

describe('check calls and the cache', () => {
  it.each(CALLS)('$name refreshes what it changed, once it succeeded', async (call) => {
    expect(await scenario().refetchedAfter(call)).toEqual(call.refetched);
  });

  it.each(CALLS)('$name refreshes nothing when it failed', async (call) => {
    expect(await scenario().refetchedAfter(call, false)).toEqual([]);
  });
});
