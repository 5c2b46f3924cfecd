import { describe, expect, it } from 'vitest';
import { authApi } from '../auth/api';
import { cacheScenario, type CallUnderTest } from '../../testing/cacheScenario';
import { page } from '../../testing/msw/drf';
import { TEST_USER } from '../../testing/msw/fixtures';
import { actionRequestsApi } from './api';

/** The pending requests and the user's counter of them. */
const scenario = () =>
  cacheScenario(
    {
      '/api/risk-action-requests/': page([{ id: 21 }, { id: 22 }]),
      '/api/auth/self/': TEST_USER,
    },
    (dispatch) => [
      dispatch(actionRequestsApi.endpoints.getActionRequests.initiate({ status: 'pending' })),
      dispatch(authApi.endpoints.getCurrentUser.initiate()),
    ],
  );

const DECIDE: CallUnderTest = {
  name: 'decideActionRequest',
  request: ['post', '/api/risk-action-requests/21/decision/'],
  answer: { id: 21 },
  call: (dispatch) =>
    dispatch(
      actionRequestsApi.endpoints.decideActionRequest.initiate({ id: 21, decision: 'accepted' }),
    ),
  refetched: ['/api/auth/self/', '/api/risk-action-requests/'],
};

describe('action request calls and the cache', () => {
  it('a decision refreshes the requests and the counter, once it succeeded', async () => {
    expect(await scenario().refetchedAfter(DECIDE)).toEqual(DECIDE.refetched);
  });

  it('a refused decision refreshes nothing', async () => {
    expect(await scenario().refetchedAfter(DECIDE, false)).toEqual([]);
  });
});
