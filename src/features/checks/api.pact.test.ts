import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/baseQuery';
import { CHECK_INDEX_MESSAGES, type CreatePollRequest } from '../../api/contract/polls';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  STATES,
  authorizedWith,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import {
  dateMatcher,
  personShape,
  pollListItemShape,
  pollPath,
  pollShape,
} from '../../testing/pact/pollShapes';
import { POLL_STATES } from '../../testing/pact/states';
import { checksApi } from './api';

const { eachLike, integer, string, regex } = MatchersV3;

const NEW_CHECK: CreatePollRequest = {
  project_id: 20,
  type: 'health_check',
  model: 'sdo',
  index: 'HC_NEW_1',
  roles: ['pm', 'qcl', 'exp'],
  experts: [{ user_id: 4, kind: 'main_expert' }],
  due_date: '2027-03-01',
  custom_check_config: { drivers: ['delivery', 'quality'] },
};

/** Checks calls this product designs (spec §2 checks routes; §7 says "not shown"). */
describe('checks calls', () => {
  const pact = createPact();
  const store = (url: string) =>
    storeAgainst(url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });

  it('GET /api/polls/ pages the checks with filters and ordering', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a filtered, ordered request for the checks')
      .withRequest('GET', '/api/polls/', (builder) =>
        builder
          .headers(authorizedWith())
          .query({ type: 'health_check', ordering: '-due_date', page: '2' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          count: integer(24),
          next: regex('^http.*page=3.*$', 'http://localhost/api/polls/?page=3'),
          previous: regex('^http.*$', 'http://localhost/api/polls/?page=1'),
          results: eachLike({ ...pollListItemShape, type: 'health_check' }),
        }),
      )
      .executeTest(async (mock) => {
        const page = await store(mock.url)
          .dispatch(
            checksApi.endpoints.getPolls.initiate({
              type: 'health_check',
              ordering: '-due_date',
              page: 2,
            }),
          )
          .unwrap();
        expect(page.results[0]?.type).toBe('health_check');
      }));

  it('GET /api/polls/ with an unknown status answers 400 with a field error', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the checks with an unknown status')
      .withRequest('GET', '/api/polls/', (builder) =>
        builder.headers(authorizedWith()).query({ status: 'open' }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({
          status: eachLike('Select a valid choice. open is not one of the available choices.'),
        }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          // An old bookmark may hold a status the backend no longer knows.
          checksApi.endpoints.getPolls.initiate({ status: 'open' as never }),
        );
        expect((result.error as ApiError).status).toBe(400);
      }));

  it('GET /api/poll-models/ lists the models with their drivers and questions', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the poll models')
      .withRequest('GET', '/api/poll-models/', (builder) => builder.headers(authorizedWith()))
      .willRespondWith(200, (builder) =>
        builder.jsonBody(
          eachLike({
            code: regex('^(sdo|qmo|soc2_sc|qmo_ta|audit_pm)$', 'sdo'),
            name: string('Software delivery'),
            description: string('The delivery model for software projects.'),
            types: eachLike(string('health_check')),
            drivers: eachLike({
              slug: string('delivery'),
              name: string('Delivery management'),
              description: string('Planning and tracking.'),
              area: { name: string('Delivery') },
              kb_link: string('https://kb.example.com/pep/drivers/delivery'),
              questions: eachLike({
                id: integer(1),
                text: string('Is there a delivery plan?'),
                roles: eachLike(regex('^(pm|qcl|exp)$', 'pm')),
              }),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const models = await store(mock.url)
          .dispatch(checksApi.endpoints.getPollModels.initiate())
          .unwrap();
        expect(models[0]?.drivers[0]?.questions.length).toBeGreaterThan(0);
      }));

  it('GET /api/users/?search= finds people to assign', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a search for people')
      .withRequest('GET', '/api/users/', (builder) =>
        builder.headers(authorizedWith()).query({ search: 'chen', page_size: '20' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          count: integer(1),
          next: null,
          previous: null,
          results: eachLike(personShape()),
        }),
      )
      .executeTest(async (mock) => {
        const page = await store(mock.url)
          .dispatch(checksApi.endpoints.searchUsers.initiate('chen'))
          .unwrap();
        expect(page.results[0]?.name).toBe('Mei Chen');
      }));

  it('GET /api/projects/?search= finds the project to configure a check for', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a search for projects')
      .withRequest('GET', '/api/projects/', (builder) =>
        builder.headers(authorizedWith()).query({ search: 'Handmade Ball panel', page_size: '20' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          count: integer(1),
          next: null,
          previous: null,
          results: eachLike({
            id: integer(1),
            name: string('Handmade Ball panel'),
            account_id: integer(4),
            account_name: string('Stanton - Wyman'),
            delivery_unit: string('DU Asia'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const page = await store(mock.url)
          .dispatch(checksApi.endpoints.searchProjects.initiate('Handmade Ball panel'))
          .unwrap();
        expect(page.results[0]?.name).toBe('Handmade Ball panel');
      }));

  it('POST /api/polls/ creates a check', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a new check')
      .withRequest('POST', '/api/polls/', (builder) =>
        builder.headers(authorizedWith()).jsonBody(NEW_CHECK),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({
          ...pollShape(250, 'new'),
          index: 'HC_NEW_1',
          main_expert: personShape(),
          custom_check_config: { drivers: ['delivery', 'quality'] },
          due_date: '2027-03-01',
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(checksApi.endpoints.createPoll.initiate(NEW_CHECK))
          .unwrap();
        expect(poll.status).toBe('new');
      }));

  it('POST /api/polls/ with a bad index answers 400 with the spec §5 message', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a new check with an index too long')
      .withRequest('POST', '/api/polls/', (builder) =>
        builder.headers(authorizedWith()).jsonBody({ ...NEW_CHECK, index: 'WAY_TOO_LONG' }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({ index: [CHECK_INDEX_MESSAGES.tooLong] }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          checksApi.endpoints.createPoll.initiate({ ...NEW_CHECK, index: 'WAY_TOO_LONG' }),
        );
        expect((result.error as ApiError).data).toEqual({ index: [CHECK_INDEX_MESSAGES.tooLong] });
      }));

  it('POST /api/polls/{id}/start/ starts a new check', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('a start of a new check')
      .withRequest('POST', pollPath('start/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({}),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(pollShape(6, 'started')))
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(checksApi.endpoints.startPoll.initiate({ pollId: 6 }))
          .unwrap();
        expect(poll.status).toBe('started');
      }));

  it('POST /api/polls/{id}/start/ of a started check answers 400', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.mainExpertLeads)
      .uponReceiving('a start of a check already past its start')
      .withRequest('POST', pollPath('start/', 2), (builder) =>
        builder.headers(authorizedWith()).jsonBody({}),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({
          non_field_errors: eachLike('A check in status "expert" cannot be started.'),
        }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          checksApi.endpoints.startPoll.initiate({ pollId: 2 }),
        );
        expect((result.error as ApiError).status).toBe(400);
      }));

  it('POST /api/polls/{id}/cancel/ cancels with a reason', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('a cancel of a check')
      .withRequest('POST', pollPath('cancel/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ reason: 'Duplicate check.' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(pollShape(6, 'canceled')))
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(
            checksApi.endpoints.cancelPoll.initiate({ pollId: 6, reason: 'Duplicate check.' }),
          )
          .unwrap();
        expect(poll.status).toBe('canceled');
      }));

  it('POST /api/polls/{id}/cancel/ by a user who may not answers 403', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.pmAnswers)
      .uponReceiving('a cancel by a user without the permission')
      .withRequest('POST', pollPath('cancel/', 1), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ reason: 'No time.' }),
      )
      .willRespondWith(403, (builder) =>
        builder.jsonBody({ detail: string('You do not have permission to perform this action.') }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          checksApi.endpoints.cancelPoll.initiate({ pollId: 1, reason: 'No time.' }),
        );
        expect((result.error as ApiError).status).toBe(403);
      }));

  it('POST /api/polls/{id}/experts/ assigns an expert', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('an expert assignment')
      .withRequest('POST', pollPath('experts/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ user_id: 101, kind: 'expert' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(pollShape(6, 'new')))
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(
            checksApi.endpoints.assignExpert.initiate({ pollId: 6, user_id: 101, kind: 'expert' }),
          )
          .unwrap();
        expect(poll.poll_stats.participants.length).toBeGreaterThan(0);
      }));

  it('PATCH /api/polls/{id}/main-expert/ changes the main expert', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('a change of the main expert')
      .withRequest('PATCH', pollPath('main-expert/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ user_id: 3 }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...pollShape(6, 'new'),
          main_expert: personShape(3, 'Erik Lindqvist', 'elindqvist'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(checksApi.endpoints.changeMainExpert.initiate({ pollId: 6, user_id: 3 }))
          .unwrap();
        expect(poll.main_expert?.id).toBe(3);
      }));

  it('POST /api/polls/{id}/qc-ownership/ sets the QC owner', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('a QC ownership change')
      .withRequest('POST', pollPath('qc-ownership/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ user_id: 5 }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...pollShape(6, 'new'),
          qc_owner: personShape(5, 'Omar Haddad', 'ohaddad'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(checksApi.endpoints.setQcOwnership.initiate({ pollId: 6, user_id: 5 }))
          .unwrap();
        expect(poll.qc_owner?.id).toBe(5);
      }));

  it('POST /api/polls/{id}/mark-invalid/ marks the check invalid', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('a check marked invalid')
      .withRequest('POST', pollPath('mark-invalid/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ reason: 'Wrong project.' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ ...pollShape(6, 'new'), is_invalid: true }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(
            checksApi.endpoints.markInvalid.initiate({ pollId: 6, reason: 'Wrong project.' }),
          )
          .unwrap();
        expect(poll.is_invalid).toBe(true);
      }));

  it('POST /api/polls/{id}/extensions/ moves the due date', () =>
    pact
      .addInteraction()
      .given(POLL_STATES.adminNewCheck)
      .uponReceiving('an extension of the due date')
      .withRequest('POST', pollPath('extensions/', 6), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ until: '2027-12-31', reason: 'Holidays.' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          ...pollShape(6, 'new'),
          due_date: '2027-12-31',
          extensions: eachLike({
            id: integer(1),
            until: dateMatcher('2027-12-31'),
            reason: string('Holidays.'),
            created_by: personShape(1, 'Alex Morgan', 'amorgan'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await store(mock.url)
          .dispatch(
            checksApi.endpoints.addExtension.initiate({
              pollId: 6,
              until: '2027-12-31',
              reason: 'Holidays.',
            }),
          )
          .unwrap();
        expect(poll.due_date).toBe('2027-12-31');
      }));
});
