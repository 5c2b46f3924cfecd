import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CSAT_STATUSES, NPS_STATUSES } from '../../api/contract/accounts';
import { PROJECT_STATUSES } from '../../api/contract/projects';
import { fieldErrors, notFound, pageLike, permissionDenied } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { statePath, stateId, stateText } from '../../testing/pact/inject';
import { createPact } from '../../testing/pact/provider';
import { ACCOUNT_STATES } from '../../testing/pact/states';
import { accountsApi } from './api';

const { eachLike, integer, string, boolean } = MatchersV3;

/** The example ids of an account, its line and segment, its extra assistant and another user. */
const ACCOUNT = 18;
const LINE = 8;
const SEGMENT = 4;
const EXTRA = 2;
const NEW_ASSISTANT = 8;
const MISSING = 99999;

const named = (id: number, name: string) => ({ id: integer(id), name: string(name) });
const countsShape = {
  risks: integer(2),
  issues: integer(1),
  risks_by_rating: { low: integer(0), moderate: integer(1), high: integer(1) },
  issues_by_severity: {
    critical: integer(0),
    high: integer(1),
    moderate: integer(0),
    low: integer(0),
  },
};
const accountRowShape = {
  ...named(ACCOUNT, 'Stanton - Wyman'),
  business_line: named(LINE, 'Media'),
  business_segment: named(SEGMENT, 'Retail and Media'),
  delivery_owner: personShape(9, 'David Kowalski', 'dkowalski'),
  nps_status: oneOf(NPS_STATUSES, 'promoter'),
  csat_status: oneOf(CSAT_STATUSES, 'satisfied'),
  projects_count: integer(6),
  open_risks: integer(4),
  open_issues: integer(1),
};
const accountShape = (extras: unknown = eachLike(personShape(EXTRA, 'Priya Nair', 'pnair'))) => ({
  ...named(ACCOUNT, 'Stanton - Wyman'),
  business_line: named(LINE, 'Media'),
  business_segment: named(SEGMENT, 'Retail and Media'),
  delivery_owner: personShape(9, 'David Kowalski', 'dkowalski'),
  owner_assistant: personShape(101, 'Reilly Balistreri', 'rbalistreri'),
  extra_assistants: extras,
  nps_status: oneOf(NPS_STATUSES, 'promoter'),
  csat_status: oneOf(CSAT_STATUSES, 'satisfied'),
  projects: eachLike({
    ...named(1, 'Apollo Portal'),
    code: string('APP-0001'),
    status: oneOf(PROJECT_STATUSES, 'active'),
    high_ownership: boolean(false),
    manager: personShape(2, 'Priya Nair', 'pnair'),
    open_risks: integer(2),
    open_issues: integer(1),
  }),
  account_risks: countsShape,
  project_risks: countsShape,
});

/** `/api/accounts/{accountId}/…` with the id the provider state names. */
const accountPath = (suffix: string) =>
  statePath(`/api/accounts/\${accountId}/${suffix}`, { accountId: ACCOUNT });
const linePath = () => statePath('/api/business-lines/${lineId}/', { lineId: LINE });

describe('account, business line and business segment calls', () => {
  const interaction = interactionsOf(createPact());
  const api = accountsApi.endpoints;

  it('GET /api/accounts/overview/ lists the accounts by name, a page at a time', () =>
    interaction(ACCOUNT_STATES.adminManyAccounts, 'a request for the accounts list')
      .get('/api/accounts/overview/', { page_size: '20', ordering: 'name' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pageLike(accountRowShape, 40),
          next: string('http://localhost/api/accounts/overview/?page=2'),
        }),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, api.getAccounts, { page_size: 20, ordering: 'name' });
        expect(page.results[0]?.business_line.name).toBe('Media');
      }));

  it('GET /api/accounts/overview/ searches and filters by segment and line', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'a search of the accounts of one line')
      .get('/api/accounts/overview/', {
        page_size: '20',
        ordering: '-name',
        search: stateText('accountSearch', 'stanton'),
        segment: stateText('segmentId', SEGMENT),
        line: stateText('lineId', LINE),
      })
      .willRespondWith(200, (b) => b.jsonBody(pageLike(accountRowShape)))
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, api.getAccounts, {
          page_size: 20,
          ordering: '-name',
          search: 'stanton',
          segment: SEGMENT,
          line: LINE,
        });
        expect(page.results[0]?.id).toBe(ACCOUNT);
      }));

  it('GET /api/accounts/{id}/details/ answers the account page', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'a request for the details of an account')
      .get(accountPath('details/'))
      .willRespondWith(200, (b) => b.jsonBody(accountShape()))
      .executeTest(async (mock) => {
        const account = await dataFrom(mock, api.getAccount, ACCOUNT);
        expect(account.extra_assistants[0]?.id).toBe(EXTRA);
      }));

  it('GET /api/accounts/{id}/details/ of an account the CRM names no one for has nulls and no extras', () =>
    interaction(
      ACCOUNT_STATES.adminAccountWithoutCrmPeople,
      'a request for the details of an account nobody looks after',
    )
      .get(accountPath('details/'))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...accountShape([]),
          delivery_owner: null,
          owner_assistant: null,
        }),
      )
      .executeTest(async (mock) => {
        const account = await dataFrom(mock, api.getAccount, ACCOUNT);
        expect(account.delivery_owner).toBeNull();
        expect(account.owner_assistant).toBeNull();
        expect(account.extra_assistants).toEqual([]);
      }));

  it('GET /api/accounts/{id}/details/ of an unknown account answers 404', () =>
    interaction(
      ACCOUNT_STATES.adminAccount,
      'a request for the details of an account that does not exist',
    )
      .get(statePath('/api/accounts/${missingAccountId}/details/', { missingAccountId: MISSING }))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getAccount, MISSING))?.status).toBe(404);
      }));

  it('GET /api/accounts/{id}/details/ without CAN_VIEW_ACCOUNT_TAB answers 403', () =>
    interaction(
      ACCOUNT_STATES.portfolioWithoutAccountTab,
      'a request for the details of an account without the flag',
    )
      .get(accountPath('details/'))
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getAccount, ACCOUNT))?.status).toBe(403);
      }));

  it('GET /api/accounts/{id}/history/ lists the changes, newest first', () =>
    interaction(ACCOUNT_STATES.adminAccountChanged, 'a request for the history of an account')
      .get(accountPath('history/'))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            id: integer(1),
            at: timeMatcher('2026-11-25T10:00:00.000Z'),
            by: personShape(1, 'Alex Morgan', 'amorgan'),
            field: string('Extra account assistant'),
            old_value: string(''),
            new_value: string('Lucia Romero (lromero)'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const history = await dataFrom(mock, api.getAccountHistory, ACCOUNT);
        expect(history[0]?.field).toBe('Extra account assistant');
      }));

  it('POST /api/accounts/{id}/extra-assistants/ adds a person and answers the account', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'an addition of an extra assistant of an account')
      .post(accountPath('extra-assistants/'), {
        user_id: stateId('newAssistantId', NEW_ASSISTANT),
      })
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...accountShape(), id: stateId('accountId', ACCOUNT) }),
      )
      .executeTest(async (mock) => {
        const account = await dataFrom(mock, api.addExtraAssistant, {
          accountId: ACCOUNT,
          user_id: NEW_ASSISTANT,
        });
        expect(account.id).toBe(ACCOUNT);
      }));

  it('POST …/extra-assistants/ of someone already there answers 400 on user_id', () =>
    interaction(
      ACCOUNT_STATES.adminAccount,
      'an addition of a person who is already an extra assistant of the account',
    )
      .post(accountPath('extra-assistants/'), { user_id: stateId('extraId', EXTRA) })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({ user_id: 'Priya Nair (pnair) is already an extra account assistant.' }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.addExtraAssistant, {
          accountId: ACCOUNT,
          user_id: EXTRA,
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/extra-assistants/ without CAN_EDIT_PROJECT_CARD answers 403', () =>
    interaction(ACCOUNT_STATES.ownerAccount, 'an addition of an extra assistant without the flag')
      .post(accountPath('extra-assistants/'), {
        user_id: stateId('newAssistantId', NEW_ASSISTANT),
      })
      .willRespondWith(403, (b) =>
        b.jsonBody({
          detail: string(
            'You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.addExtraAssistant, {
          accountId: ACCOUNT,
          user_id: NEW_ASSISTANT,
        });
        expect(error?.status).toBe(403);
      }));

  it('DELETE /api/accounts/{id}/extra-assistants/{userId}/ removes the person', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'a removal of an extra assistant of an account')
      .delete(
        statePath('/api/accounts/${accountId}/extra-assistants/${extraId}/', {
          accountId: ACCOUNT,
          extraId: EXTRA,
        }),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.removeExtraAssistant, {
          accountId: ACCOUNT,
          userId: EXTRA,
        });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/extra-assistants/{userId}/ of someone not there answers 404', () =>
    interaction(
      ACCOUNT_STATES.adminAccount,
      'a removal of a person who is no extra assistant of the account',
    )
      .delete(
        statePath('/api/accounts/${accountId}/extra-assistants/${newAssistantId}/', {
          accountId: ACCOUNT,
          newAssistantId: NEW_ASSISTANT,
        }),
      )
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.removeExtraAssistant, {
          accountId: ACCOUNT,
          userId: NEW_ASSISTANT,
        });
        expect(error?.status).toBe(404);
      }));

  it('GET /api/business-segments/ and /api/business-lines/ give the filters', async () => {
    await interaction(ACCOUNT_STATES.adminAccount, 'a request for the business segments')
      .get('/api/business-segments/')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(named(1, 'Financial Services'))))
      .executeTest(async (mock) => {
        const segments = await dataFrom(mock, api.getBusinessSegments);
        expect(segments[0]?.name).toBe('Financial Services');
      });
    await interaction(ACCOUNT_STATES.adminAccount, 'a request for the business lines')
      .get('/api/business-lines/')
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike({ ...named(1, 'Banking'), segment_id: integer(1) })),
      )
      .executeTest(async (mock) => {
        const lines = await dataFrom(mock, api.getBusinessLines);
        expect(lines[0]?.segment_id).toBe(1);
      });
  });

  it('GET /api/business-lines/{id}/ answers the page of a line', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'a request for the page of a business line')
      .get(linePath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...named(LINE, 'Media'),
          business_segment: named(SEGMENT, 'Retail and Media'),
          accounts: eachLike(accountRowShape),
          projects_count: integer(24),
          line_risks: countsShape,
        }),
      )
      .executeTest(async (mock) => {
        const line = await dataFrom(mock, api.getBusinessLine, LINE);
        expect(line.accounts[0]?.business_line.id).toBe(LINE);
      }));

  it('GET /api/business-lines/{id}/ without CAN_VIEW_BUSINESS_LINE_TAB answers 403', () =>
    interaction(
      ACCOUNT_STATES.ownerAccount,
      'a request for the page of a business line without the flag',
    )
      .get(linePath())
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getBusinessLine, LINE))?.status).toBe(403);
      }));

  it('GET /api/business-segments/{id}/ answers the page of a segment', () =>
    interaction(ACCOUNT_STATES.adminAccount, 'a request for the page of a business segment')
      .get(statePath('/api/business-segments/${segmentId}/', { segmentId: SEGMENT }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...named(SEGMENT, 'Retail and Media'),
          lines: eachLike({
            ...named(LINE, 'Media'),
            accounts_count: integer(4),
            projects_count: integer(24),
            open_risks: integer(10),
            open_issues: integer(4),
          }),
          accounts: eachLike(accountRowShape),
          projects_count: integer(72),
          segment_risks: countsShape,
        }),
      )
      .executeTest(async (mock) => {
        const segment = await dataFrom(mock, api.getBusinessSegment, SEGMENT);
        expect(segment.lines[0]?.id).toBe(LINE);
      }));
});
