import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CHECK_INDEX_MESSAGES } from '../../api/contract/polls';
import {
  fieldErrors,
  nonFieldErrors,
  pageLike,
  permissionDenied,
} from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import {
  dateMatcher,
  personShape,
  pollListItemShape,
  pollPath,
  pollShape,
} from '../../testing/pact/pollShapes';
import { stateId, stateText } from '../../testing/pact/inject';
import { STATES, createPact } from '../../testing/pact/provider';
import { NEW_CHECK } from '../../testing/pact/requests';
import { POLL_STATES } from '../../testing/pact/states';
import { checksApi } from './api';

const { eachLike, integer, string, regex } = MatchersV3;

/** A new check of the state's project, its main expert the state's user. */
const newCheckOfState = (change: Partial<typeof NEW_CHECK> = {}) => ({
  ...NEW_CHECK,
  ...change,
  project_id: stateId('projectId', NEW_CHECK.project_id),
  experts: [
    { user_id: stateId('mainExpertId', NEW_CHECK.experts[0]!.user_id), kind: 'main_expert' },
  ],
});

/** Checks calls this product designs (spec §2 checks routes; §7 says "not shown"). */
describe('checks calls', () => {
  const interaction = interactionsOf(createPact());
  /** An admin's change to the new check 6, answered with the check. */
  const adminChange = (
    method: 'post' | 'patch',
    suffix: string,
    description: string,
    body: object,
  ) => interaction(POLL_STATES.adminNewCheck, description)[method](pollPath(suffix, 6), body);

  it('GET /api/polls/ pages the checks with filters and ordering', () =>
    interaction(POLL_STATES.adminManyHealthChecks, 'a filtered, ordered request for the checks')
      .get('/api/polls/', { type: 'health_check', ordering: '-due_date', page: '2' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pageLike({ ...pollListItemShape, type: 'health_check' }, 24),
          next: regex('^http.*page=3.*$', 'http://localhost/api/polls/?page=3'),
          previous: regex('^http.*$', 'http://localhost/api/polls/?page=1'),
        }),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, checksApi.endpoints.getPolls, {
          type: 'health_check',
          ordering: '-due_date',
          page: 2,
        });
        expect(page.results[0]?.type).toBe('health_check');
      }));

  it('GET /api/polls/ with an unknown status answers 400 with a field error', () =>
    interaction(STATES.signedIn, 'a request for the checks with an unknown status')
      .get('/api/polls/', { status: 'open' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            status: 'Select a valid choice. open is not one of the available choices.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(
          mock,
          // An old bookmark may hold a status the backend no longer knows.
          checksApi.endpoints.getPolls,
          { status: 'open' as never },
        );
        expect(error?.status).toBe(400);
      }));

  it('GET /api/poll-models/ lists the models with their drivers and questions', () =>
    interaction(POLL_STATES.adminSearches, 'a request for the poll models')
      .get('/api/poll-models/')
      .willRespondWith(200, (b) =>
        b.jsonBody(
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
        const models = await dataFrom(mock, checksApi.endpoints.getPollModels);
        expect(models[0]?.drivers[0]?.questions.length).toBeGreaterThan(0);
      }));

  it('GET /api/users/?search= finds people to assign', () =>
    interaction(POLL_STATES.adminSearches, 'a search for people')
      .get('/api/users/', { search: stateText('userSearch', 'chen'), page_size: '20' })
      .willRespondWith(200, (b) => b.jsonBody(pageLike(personShape())))
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, checksApi.endpoints.searchUsers, 'chen');
        expect(page.results[0]?.name).toBe('Mei Chen');
      }));

  it('GET /api/projects/?search= finds the project to configure a check for', () =>
    interaction(POLL_STATES.adminSearches, 'a search for projects')
      .get('/api/projects/', {
        search: stateText('projectSearch', 'Handmade Ball panel'),
        page_size: '20',
      })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          pageLike({
            id: integer(1),
            name: string('Handmade Ball panel'),
            account_id: integer(4),
            account_name: string('Stanton - Wyman'),
            delivery_unit: string('DU Asia'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(
          mock,
          checksApi.endpoints.searchProjects,
          'Handmade Ball panel',
        );
        expect(page.results[0]?.name).toBe('Handmade Ball panel');
      }));

  it('POST /api/polls/ creates a check', () =>
    interaction(POLL_STATES.adminCreatesCheck, 'a new check')
      .post('/api/polls/', newCheckOfState())
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...pollShape(250, 'new'),
          index: 'HC_NEW_1',
          main_expert: personShape(),
          custom_check_config: { drivers: ['delivery', 'quality'] },
          due_date: '2027-03-01',
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.createPoll, NEW_CHECK);
        expect(poll.status).toBe('new');
      }));

  it('POST /api/polls/ with a bad index answers 400 with the spec §5 message', () =>
    interaction(POLL_STATES.adminCreatesCheck, 'a new check with an index too long')
      .post('/api/polls/', newCheckOfState({ index: 'WAY_TOO_LONG' }))
      .willRespondWith(400, (b) => b.jsonBody({ index: [CHECK_INDEX_MESSAGES.tooLong] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checksApi.endpoints.createPoll, {
          ...NEW_CHECK,
          index: 'WAY_TOO_LONG',
        });
        expect(error?.data).toEqual({ index: [CHECK_INDEX_MESSAGES.tooLong] });
      }));

  it('POST /api/polls/{id}/start/ starts a new check', () =>
    adminChange('post', 'start/', 'a start of a new check', {})
      .willRespondWith(200, (b) => b.jsonBody(pollShape(6, 'started')))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.startPoll, { pollId: 6 });
        expect(poll.status).toBe('started');
      }));

  it('POST /api/polls/{id}/start/ of a started check answers 400', () =>
    interaction(POLL_STATES.mainExpertLeads, 'a start of a check already past its start')
      .post(pollPath('start/', 2), {})
      .willRespondWith(400, (b) =>
        b.jsonBody(nonFieldErrors('A check in status "expert" cannot be started.')),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checksApi.endpoints.startPoll, { pollId: 2 });
        expect(error?.status).toBe(400);
      }));

  it('POST /api/polls/{id}/cancel/ cancels with a reason', () => {
    const cancel = { reason: 'Duplicate check.' };
    return adminChange('post', 'cancel/', 'a cancel of a check', cancel)
      .willRespondWith(200, (b) => b.jsonBody(pollShape(6, 'canceled')))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.cancelPoll, { pollId: 6, ...cancel });
        expect(poll.status).toBe('canceled');
      });
  });

  it('POST /api/polls/{id}/cancel/ by a user who may not answers 403', () =>
    interaction(POLL_STATES.pmAnswers, 'a cancel by a user without the permission')
      .post(pollPath('cancel/', 1), { reason: 'No time.' })
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, checksApi.endpoints.cancelPoll, {
          pollId: 1,
          reason: 'No time.',
        });
        expect(error?.status).toBe(403);
      }));

  it('POST /api/polls/{id}/experts/ assigns an expert', () =>
    adminChange('post', 'experts/', 'an expert assignment', {
      user_id: stateId('expertId', 101),
      kind: 'expert',
    })
      .willRespondWith(200, (b) => b.jsonBody(pollShape(6, 'new')))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.assignExpert, {
          pollId: 6,
          user_id: 101,
          kind: 'expert',
        });
        expect(poll.poll_stats.participants.length).toBeGreaterThan(0);
      }));

  it('PATCH /api/polls/{id}/main-expert/ changes the main expert', () =>
    adminChange('patch', 'main-expert/', 'a change of the main expert', {
      user_id: stateId('mainExpertId', 3),
    })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pollShape(6, 'new'),
          main_expert: personShape(3, 'Erik Lindqvist', 'elindqvist'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.changeMainExpert, {
          pollId: 6,
          user_id: 3,
        });
        expect(poll.main_expert?.id).toBe(3);
      }));

  it('POST /api/polls/{id}/qc-ownership/ sets the QC owner', () =>
    adminChange('post', 'qc-ownership/', 'a QC ownership change', {
      user_id: stateId('qcOwnerId', 5),
    })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pollShape(6, 'new'),
          qc_owner: personShape(5, 'Omar Haddad', 'ohaddad'),
        }),
      )
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.setQcOwnership, {
          pollId: 6,
          user_id: 5,
        });
        expect(poll.qc_owner?.id).toBe(5);
      }));

  it('POST /api/polls/{id}/mark-invalid/ marks the check invalid', () =>
    adminChange('post', 'mark-invalid/', 'a check marked invalid', { reason: 'Wrong project.' })
      .willRespondWith(200, (b) => b.jsonBody({ ...pollShape(6, 'new'), is_invalid: true }))
      .executeTest(async (mock) => {
        const poll = await dataFrom(mock, checksApi.endpoints.markInvalid, {
          pollId: 6,
          reason: 'Wrong project.',
        });
        expect(poll.is_invalid).toBe(true);
      }));

  it('POST /api/polls/{id}/extensions/ moves the due date', () => {
    const extension = { until: '2027-12-31', reason: 'Holidays.' };
    return adminChange('post', 'extensions/', 'an extension of the due date', extension)
      .willRespondWith(200, (b) =>
        b.jsonBody({
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
        const poll = await dataFrom(mock, checksApi.endpoints.addExtension, {
          pollId: 6,
          ...extension,
        });
        expect(poll.due_date).toBe('2027-12-31');
      });
  });
});
