import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionItem } from '../../api/contract/risks';
import { cacheScenario, type CallUnderTest } from '../../testing/cacheScenario';
import { makeSignedInStore } from '../../testing/makeStore';
import { useMockBackend } from '../../testing/mockBackend';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { LUCIA, TEST_RISK_ROW } from '../../testing/msw/riskFixtures';
import { server } from '../../testing/msw/server';
import { NEW_RISK } from '../../testing/pact/requests';
import { risksApi } from './api';

const RISK_2 = { ...TEST_RISK_ROW, id: 2 };
const ITEM: ActionItem = {
  id: 41,
  title: 'Book a knowledge-transfer session',
  owner: LUCIA,
  due_date: '2026-12-20',
  done: false,
  created_at: '2026-11-10T09:00:00Z',
};

/** Risk 1 open with its tabs, risk 2 open beside it, and the list, drafts and duplicates views. */
const scenario = () =>
  cacheScenario(
    {
      '/api/risks/': page([TEST_RISK_ROW, RISK_2]),
      '/api/risks/1/': TEST_RISK_ROW,
      '/api/risks/1/history/': [],
      '/api/risks/1/comments/': [],
      '/api/risks/1/action-items/': [ITEM],
      '/api/risks/2/': RISK_2,
      '/api/risks/2/history/': [],
      '/api/risk-drafts/': [{ id: 51 }],
      '/api/risk-duplicates/': [{ id: 61, initial: TEST_RISK_ROW, duplicates: [RISK_2] }],
    },
    (dispatch) => [
      dispatch(risksApi.endpoints.getRisks.initiate({ level: 'project', scope: 1 })),
      dispatch(risksApi.endpoints.getRisk.initiate(1)),
      dispatch(risksApi.endpoints.getHistory.initiate(1)),
      dispatch(risksApi.endpoints.getComments.initiate(1)),
      dispatch(risksApi.endpoints.getActionItems.initiate(1)),
      dispatch(risksApi.endpoints.getRisk.initiate(2)),
      dispatch(risksApi.endpoints.getHistory.initiate(2)),
      dispatch(risksApi.endpoints.getDrafts.initiate({})),
      dispatch(risksApi.endpoints.getDuplicates.initiate({})),
    ],
  );

const { endpoints } = risksApi;
/** What any change to risk 1 refreshes: the risk, every list, its history, the duplicates. */
const RISK_1_CHANGED = [
  '/api/risk-duplicates/',
  '/api/risks/',
  '/api/risks/1/',
  '/api/risks/1/history/',
];

const CALLS: CallUnderTest[] = [
  {
    name: 'createRisk',
    request: ['post', '/api/risks/'],
    answer: { ...TEST_RISK_ROW, id: 3 },
    call: (dispatch) => dispatch(endpoints.createRisk.initiate(NEW_RISK)),
    refetched: ['/api/risk-duplicates/', '/api/risks/'],
  },
  {
    name: 'updateRisk',
    request: ['patch', '/api/risks/1/'],
    answer: TEST_RISK_ROW,
    call: (dispatch) => dispatch(endpoints.updateRisk.initiate({ riskId: 1, impact: 'low' })),
    refetched: RISK_1_CHANGED,
  },
  {
    name: 'resolveRisk',
    request: ['post', '/api/risks/1/resolution/'],
    answer: TEST_RISK_ROW,
    call: (dispatch) =>
      dispatch(endpoints.resolveRisk.initiate({ riskId: 1, action: 'resolve', comment: 'Done.' })),
    refetched: RISK_1_CHANGED,
  },
  {
    name: 'riskAction',
    request: ['post', '/api/risks/1/actions/'],
    answer: TEST_RISK_ROW,
    call: (dispatch) =>
      dispatch(endpoints.riskAction.initiate({ riskId: 1, action: 'delegate', recipient_id: 2 })),
    refetched: RISK_1_CHANGED,
  },
  {
    name: 'transferRisk',
    request: ['post', '/api/risks/1/transfer/'],
    answer: TEST_RISK_ROW,
    call: (dispatch) =>
      dispatch(
        endpoints.transferRisk.initiate({ riskId: 1, user_id: 2, side: 'client', comment: 'x' }),
      ),
    refetched: RISK_1_CHANGED,
  },
  {
    name: 'addActionItem',
    request: ['post', '/api/risks/1/action-items/'],
    answer: { ...ITEM, id: 42 },
    call: (dispatch) =>
      dispatch(
        endpoints.addActionItem.initiate({ riskId: 1, title: 'Plan', owner_id: 8, due_date: null }),
      ),
    refetched: ['/api/risks/1/', '/api/risks/1/action-items/', '/api/risks/1/history/'],
  },
  {
    name: 'updateActionItem',
    request: ['patch', '/api/risks/1/action-items/41/'],
    answer: { ...ITEM, title: 'Plan' },
    call: (dispatch) =>
      dispatch(endpoints.updateActionItem.initiate({ riskId: 1, itemId: 41, title: 'Plan' })),
    refetched: ['/api/risks/1/action-items/', '/api/risks/1/history/'],
  },
  {
    name: 'deleteActionItem',
    request: ['delete', '/api/risks/1/action-items/41/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.deleteActionItem.initiate({ riskId: 1, itemId: 41 })),
    refetched: ['/api/risks/1/', '/api/risks/1/action-items/', '/api/risks/1/history/'],
  },
  {
    name: 'addComment',
    request: ['post', '/api/risks/1/comments/'],
    answer: { id: 31 },
    call: (dispatch) =>
      dispatch(endpoints.addComment.initiate({ riskId: 1, text: 'Noted.', files: [] })),
    refetched: ['/api/risks/1/', '/api/risks/1/comments/', '/api/risks/1/history/'],
  },
  {
    name: 'saveDraft (new)',
    request: ['post', '/api/risk-drafts/'],
    answer: { id: 52 },
    call: (dispatch) =>
      dispatch(endpoints.saveDraft.initiate({ kind: 'risk', level: 'project', data: {} })),
    refetched: ['/api/risk-drafts/'],
  },
  {
    name: 'saveDraft (existing)',
    request: ['patch', '/api/risk-drafts/51/'],
    answer: { id: 51 },
    call: (dispatch) =>
      dispatch(endpoints.saveDraft.initiate({ id: 51, kind: 'issue', level: 'project', data: {} })),
    refetched: ['/api/risk-drafts/'],
  },
  {
    name: 'deleteDraft',
    request: ['delete', '/api/risk-drafts/51/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.deleteDraft.initiate(51)),
    refetched: ['/api/risk-drafts/'],
  },
  {
    name: 'createFromDraft',
    request: ['post', '/api/risk-drafts/51/create/'],
    answer: { ...TEST_RISK_ROW, id: 3 },
    call: (dispatch) => dispatch(endpoints.createFromDraft.initiate(51)),
    refetched: ['/api/risk-drafts/', '/api/risks/'],
  },
  {
    name: 'mergeDuplicates',
    request: ['post', '/api/risk-duplicates/61/merge/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.mergeDuplicates.initiate(61)),
    refetched: [
      '/api/risk-duplicates/',
      '/api/risks/',
      '/api/risks/1/',
      '/api/risks/1/action-items/',
      '/api/risks/2/',
    ],
  },
  {
    name: 'closeAsDuplicate',
    request: ['post', '/api/risk-duplicates/61/close/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.closeAsDuplicate.initiate({ groupId: 61, risk_id: 2 })),
    refetched: ['/api/risk-duplicates/', '/api/risks/', '/api/risks/1/', '/api/risks/2/'],
  },
  {
    name: 'notDuplicate',
    request: ['post', '/api/risk-duplicates/61/not-duplicate/'],
    answer: null,
    call: (dispatch) => dispatch(endpoints.notDuplicate.initiate({ groupId: 61, risk_id: 2 })),
    refetched: ['/api/risk-duplicates/', '/api/risks/', '/api/risks/1/', '/api/risks/2/'],
  },
];

describe('risk calls and the cache', () => {
  it.each(CALLS)('$name refreshes what it changed, once it succeeded', async (call) => {
    expect(await scenario().refetchedAfter(call)).toEqual(call.refetched);
  });

  it.each(CALLS)('$name refreshes nothing when it failed', async (call) => {
    expect(await scenario().refetchedAfter(call, false)).toEqual([]);
  });
});

describe('ticking an action item', () => {
  // The seed is built once per worker (seconds on two busy cores): ahead of the first test.
  beforeAll(() => useMockBackend(), 60_000);

  it.each([
    ['keeps the tick once the server has it', true, true],
    ['puts the box back when the server refuses', false, false],
  ])('shows the tick in the cached plan at once, and %s', async (_case, accepted, after) => {
    // The mock backend as Lucia (risk_owner): risk 1's item 1, hers, is not done.
    const backend = await useMockBackend('risk_owner');
    const stored = () => backend.state().riskActionItems.find((item) => item.id === 1)!;
    // An override: the tick's answer waits until the test lets it on to the mock, to see the
    // cached plan before it comes (a slow answer the mock cannot give).
    let release: (() => void) | undefined;
    server.use(
      http.patch(
        `${API}/api/risks/1/action-items/1/`,
        () => new Promise<undefined>((resolve) => (release = () => resolve(undefined))),
      ),
    );
    const store = makeSignedInStore(backend.credentials);
    const ticked = () =>
      risksApi.endpoints.getActionItems
        .select(1)(store.getState())
        .data?.find((item) => item.id === 1)?.done;
    await store.dispatch(risksApi.endpoints.getActionItems.initiate(1));
    expect(ticked()).toBe(false);

    const tick = store.dispatch(
      risksApi.endpoints.updateActionItem.initiate({ riskId: 1, itemId: 1, done: true }),
    );
    expect(ticked()).toBe(true);
    await expect.poll(() => release).toBeDefined();

    // Refused: risk 1 was closed meanwhile, and the mock changes no closed risk's plan.
    if (!accepted)
      backend.runtime.db.getState().risks.find((risk) => risk.id === 1)!.status = 'closed';
    release?.();
    await tick;
    await expect.poll(ticked).toBe(after);
    expect(stored().done).toBe(after);
  });
});

describe('a small list of risks', () => {
  it('reads every page of the largest size, so a list over one page is never cut off', async () => {
    // An override: the seed has no list over one page of the largest size (1000 rows).
    const asked: URLSearchParams[] = [];
    const rows = Array.from({ length: 3 }, (_, index) => ({ ...TEST_RISK_ROW, id: index + 1 }));
    server.use(
      http.get(`${API}/api/risks/`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const at = Number(query.get('page')) - 1;
        const last = at === rows.length - 1;
        return HttpResponse.json({
          count: rows.length,
          next: last ? null : `${API}/api/risks/?page=${at + 2}`,
          previous: null,
          results: [rows[at]],
        });
      }),
    );
    const store = makeSignedInStore();
    const all = await store
      .dispatch(
        risksApi.endpoints.getAllRisks.initiate({ level: 'project', scope: 3, status: 'open' }),
      )
      .unwrap();

    expect(all.map((risk) => risk.id)).toEqual([1, 2, 3]);
    expect(asked.map((query) => Object.fromEntries(query))).toEqual(
      [1, 2, 3].map((page) => ({
        level: 'project',
        scope: '3',
        status: 'open',
        page: String(page),
        page_size: '1000',
      })),
    );
  });
});
