import { describe, expect, it } from 'vitest';
import { cacheScenario, type CallUnderTest } from '../../testing/cacheScenario';
import { TEST_USER } from '../../testing/msw/fixtures';
import { authApi } from '../auth/api';
import { checklistsApi } from './api';

const CHECKLIST = { id: 1, state: 'in_progress', items: [] };

/** The checklist screen: the list, the checklist and the user's counter. */
const scenario = () =>
  cacheScenario(
    {
      '/api/checklists/': [{ id: 1 }, { id: 2 }],
      '/api/checklists/1/': CHECKLIST,
      '/api/auth/self/': TEST_USER,
    },
    (dispatch) => [
      dispatch(checklistsApi.endpoints.getChecklists.initiate({})),
      dispatch(checklistsApi.endpoints.getChecklist.initiate(1)),
      dispatch(authApi.endpoints.getCurrentUser.initiate()),
    ],
  );

const { endpoints } = checklistsApi;
const CALLS: CallUnderTest[] = [
  {
    name: 'saveChecklistItem',
    request: ['patch', '/api/checklists/1/items/11/'],
    answer: CHECKLIST,
    call: (dispatch) =>
      dispatch(
        endpoints.saveChecklistItem.initiate({
          checklistId: 1,
          itemId: 11,
          patch: { answer: 'yes' },
        }),
      ),
    // The answer is the checklist itself: only the list's counts are read again.
    refetched: ['/api/checklists/'],
  },
  {
    name: 'deleteChecklistFile',
    request: ['delete', '/api/checklists/1/items/11/attachments/7/'],
    answer: null,
    call: (dispatch) =>
      dispatch(
        endpoints.deleteChecklistFile.initiate({ checklistId: 1, itemId: 11, attachmentId: 7 }),
      ),
    refetched: ['/api/checklists/', '/api/checklists/1/'],
  },
  ...(['submit', 'cancel'] as const).map((step): CallUnderTest => ({
    name: `${step}Checklist`,
    request: ['post', `/api/checklists/1/${step}/`],
    answer: CHECKLIST,
    call: (dispatch) => dispatch(endpoints[`${step}Checklist`].initiate({ checklistId: 1 })),
    refetched: ['/api/auth/self/', '/api/checklists/', '/api/checklists/1/'],
  })),
  {
    name: 'declineChecklist',
    request: ['post', '/api/checklists/1/decline/'],
    answer: CHECKLIST,
    call: (dispatch) =>
      dispatch(endpoints.declineChecklist.initiate({ checklistId: 1, reason: 'Not ours.' })),
    refetched: ['/api/auth/self/', '/api/checklists/', '/api/checklists/1/'],
  },
];

describe('checklist calls and the cache', () => {
  it.each(CALLS)(
    '$name refreshes what it changed, the counter on the steps that end one',
    async (call) => {
      expect(await scenario().refetchedAfter(call)).toEqual(call.refetched);
    },
  );

  it.each(CALLS)('a refused $name refreshes nothing', async (call) => {
    expect(await scenario().refetchedAfter(call, false)).toEqual([]);
  });
});
