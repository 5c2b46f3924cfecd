import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_NOT_ELIGIBLE } from '../../api/contract/actionRequests';
import {
  RATINGS,
  RESOLUTIONS,
  RISK_PAGE_SIZE,
  RISK_PAGE_SIZE_MAX,
  type Rating,
  type RiskOrdering,
  type RiskStatus,
} from '../../api/contract/risks';
import {
  drfDetail,
  fieldErrors,
  nonFieldErrors,
  notFound,
  pageLike,
} from '../../testing/pact/drfShapes';
import { stateId, stateText } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import { NEW_RISK } from '../../testing/pact/requests';
import {
  historyEntryShape,
  openRiskShape,
  riskPath,
  rowShape,
} from '../../testing/pact/riskShapes';
import { RISK_STATES } from '../../testing/pact/states';
import { risksApi } from './api';

const { eachLike, integer, string } = MatchersV3;

/** NEW_RISK for the state's project, its one informed person the state's project manager. */
const newRiskOfState = (change: Partial<typeof NEW_RISK> = {}) => ({
  ...NEW_RISK,
  ...change,
  scope_id: stateId('projectId', NEW_RISK.scope_id),
  informed_ids: [stateId('managerId', NEW_RISK.informed_ids[0]!)],
});

/** Risk and issue calls (spec §2–§6): every endpoint of risks/api.ts and the errors the SPA handles. */
describe('risk and issue calls', () => {
  const interaction = interactionsOf(createPact());

  describe('lists', () => {
    /** The register's query of the state's project: risk_owner's open risks with the word. */
    const registerQuery = {
      level: 'project',
      scope: stateText('projectId', 1),
      kind: 'risk',
      status: 'open',
      owner: stateText('ownerId', 8),
      search: stateText('searchWord', 'developer'),
    };
    const openOwnRisk = {
      ...rowShape,
      kind: 'risk',
      status: 'open',
      probability: oneOf(RATINGS, 'moderate'),
      impact: oneOf(RATINGS, 'high'),
      labels: eachLike(string('staffing')),
    };

    it('GET /api/risks/ answers one page of the register, filtered, searched and ordered by the server', () =>
      interaction(
        RISK_STATES.ownerRegister,
        'a filtered and ordered page of the register of a project',
      )
        .get('/api/risks/', {
          ...registerQuery,
          ordering: '-rating',
          page: '1',
          page_size: String(RISK_PAGE_SIZE),
        })
        .willRespondWith(200, (b) =>
          b.jsonBody({
            count: integer(1),
            next: null,
            previous: null,
            results: eachLike(openOwnRisk),
          }),
        )
        .executeTest(async (mock) => {
          const page = await dataFrom(mock, risksApi.endpoints.getRisks, {
            level: 'project',
            scope: 1,
            kind: 'risk',
            status: 'open',
            owner: 8,
            search: 'developer',
            ordering: '-rating',
            page: 1,
          });
          expect(page.count).toBeGreaterThanOrEqual(page.results.length);
          expect(page.results[0]?.status).toBe('open');
        }));

    it('GET /api/risks/ refuses an ordering it does not know with a 400 on ordering', () =>
      interaction(RISK_STATES.ownerRegister, 'a page of the register in an unknown order')
        .get('/api/risks/', {
          level: 'project',
          scope: stateText('projectId', 1),
          ordering: 'password',
          page: '1',
          page_size: String(RISK_PAGE_SIZE),
        })
        .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ ordering: 'Unknown ordering.' })))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.getRisks, {
            level: 'project',
            scope: 1,
            ordering: 'password' as RiskOrdering,
            page: 1,
          });
          expect(error?.status).toBe(400);
        }));

    it('GET /api/risks/ refuses a filter value it does not know with a 400 on that filter', () =>
      interaction(RISK_STATES.ownerRegister, 'a page of the register with an unknown status')
        .get('/api/risks/', {
          level: 'project',
          scope: stateText('projectId', 1),
          status: 'sleeping',
          page: '1',
          page_size: String(RISK_PAGE_SIZE),
        })
        .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ status: 'Select a valid choice.' })))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.getRisks, {
            level: 'project',
            scope: 1,
            status: 'sleeping' as RiskStatus,
            page: 1,
          });
          expect(error?.status).toBe(400);
        }));

    it('GET /api/risks/ answers 404 for a page past the last', () =>
      interaction(RISK_STATES.ownerRegister, 'a page of the register past its last')
        .get('/api/risks/', { ...registerQuery, page: '2', page_size: String(RISK_PAGE_SIZE) })
        .willRespondWith(404, (b) => b.jsonBody({ detail: 'Invalid page.' }))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.getRisks, {
            level: 'project',
            scope: 1,
            kind: 'risk',
            status: 'open',
            owner: 8,
            search: 'developer',
            page: 2,
          });
          expect(error?.status).toBe(404);
        }));

    it('GET /api/risks/ read whole: a small list asks pages of the largest size until the last', () =>
      interaction(RISK_STATES.ownerRegister, 'every open risk and issue of a project')
        .get('/api/risks/', {
          level: 'project',
          scope: stateText('projectId', 1),
          status: 'open',
          page: '1',
          page_size: String(RISK_PAGE_SIZE_MAX),
        })
        .willRespondWith(200, (b) =>
          b.jsonBody({
            count: integer(2),
            next: null,
            previous: null,
            results: eachLike({ ...rowShape, status: 'open' }),
          }),
        )
        .executeTest(async (mock) => {
          const rows = await dataFrom(mock, risksApi.endpoints.getAllRisks, {
            level: 'project',
            scope: 1,
            status: 'open',
          });
          expect(rows.every((row) => row.status === 'open')).toBe(true);
        }));

    it('GET /api/risks/summary/ counts the register of the same filters: nine heat cells, owners, labels', () =>
      interaction(RISK_STATES.ownerRegister, 'the summary of the filtered register of a project')
        .get('/api/risks/summary/', registerQuery)
        .willRespondWith(200, (b) =>
          b.jsonBody({
            count: integer(1),
            heat: eachLike(
              {
                probability: oneOf(RATINGS, 'moderate'),
                impact: oneOf(RATINGS, 'high'),
                count: integer(1),
              },
              RATINGS.length ** 2,
            ),
            owners: eachLike(personShape(8, 'Lucia Romero', 'lromero')),
            labels: eachLike(string('staffing')),
          }),
        )
        .executeTest(async (mock) => {
          const summary = await dataFrom(mock, risksApi.endpoints.getRiskSummary, {
            level: 'project',
            scope: 1,
            kind: 'risk',
            status: 'open',
            owner: 8,
            search: 'developer',
          });
          expect(summary.heat).toHaveLength(9);
          expect(summary.count).toBeGreaterThan(0);
        }));

    it('GET /api/risks/summary/ refuses a filter value it does not know with a 400 on that filter', () =>
      interaction(RISK_STATES.ownerRegister, 'the summary of the register with an unknown rating')
        .get('/api/risks/summary/', {
          level: 'project',
          scope: stateText('projectId', 1),
          probability: 'enormous',
        })
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ probability: 'Select a valid choice.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.getRiskSummary, {
            level: 'project',
            scope: 1,
            probability: 'enormous' as Rating,
          });
          expect(error?.status).toBe(400);
        }));

    it('GET /api/risk-scopes/ searches the entities of a level', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a search of business lines')
        .get('/api/risk-scopes/', {
          page_size: '50',
          level: 'business_line',
          search: stateText('lineSearch', 'bank'),
        })
        .willRespondWith(200, (b) =>
          b.jsonBody(pageLike({ id: integer(1), name: string('Banking'), level: 'business_line' })),
        )
        .executeTest(async (mock) => {
          const page = await dataFrom(mock, risksApi.endpoints.getRiskScopes, {
            level: 'business_line',
            search: 'bank',
          });
          expect(page.results[0]?.level).toBe('business_line');
        }));

    it('GET /api/risks/similar/ suggests likely duplicates with a score', () =>
      interaction(RISK_STATES.ownerDuplicates, 'a search for risks like a statement')
        .get('/api/risks/similar/', {
          level: 'project',
          scope: stateText('projectId', 2),
          kind: 'risk',
          statement: stateText(
            'riskStatement',
            'Reporting module acceptance criteria not agreed by the client',
          ),
        })
        .willRespondWith(200, (b) =>
          b.jsonBody(
            eachLike({ risk: { ...rowShape, id: integer(4) }, score: MatchersV3.number(0.82) }),
          ),
        )
        .executeTest(async (mock) => {
          const similar = await dataFrom(mock, risksApi.endpoints.getSimilarRisks, {
            level: 'project',
            scope: 2,
            kind: 'risk',
            statement: 'Reporting module acceptance criteria not agreed by the client',
          });
          expect(similar[0]?.score).toBeGreaterThan(0);
        }));

    it('POST /api/risks/export/ accepts the query of the register and e-mails the workbook', () =>
      interaction(RISK_STATES.ownerRegister, 'an export of the filtered register by e-mail')
        .post('/api/risks/export/', {
          level: 'project',
          scope: stateId('projectId', 1),
          kind: 'risk',
          status: 'open',
          ordering: '-rating',
        })
        .willRespondWith(202, (b) =>
          b.jsonBody({ email: string('lromero@example.com'), count: integer(2) }),
        )
        .executeTest(async (mock) => {
          const queued = await dataFrom(mock, risksApi.endpoints.exportRisksByEmail, {
            level: 'project',
            scope: 1,
            kind: 'risk',
            status: 'open',
            ordering: '-rating',
          });
          expect(queued.count).toBeGreaterThan(0);
        }));

    it('POST /api/risks/export/ refuses an ordering it does not know with a 400 on ordering', () =>
      interaction(RISK_STATES.ownerRegister, 'an export of the register in an unknown order')
        .post('/api/risks/export/', {
          level: 'project',
          scope: stateId('projectId', 1),
          ordering: 'password',
        })
        .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ ordering: 'Unknown ordering.' })))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.exportRisksByEmail, {
            level: 'project',
            scope: 1,
            ordering: 'password' as RiskOrdering,
          });
          expect(error?.status).toBe(400);
        }));
  });

  describe('one risk', () => {
    it('GET /api/risks/{id}/ returns the risk with the flags this user holds on it', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a request for an open risk')
        .get(riskPath())
        .willRespondWith(200, (b) =>
          b.jsonBody(openRiskShape({ id: stateId('riskId', 1), transfer: null })),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.getRisk, 1);
          expect(risk.user_permissions).toContain('CAN_VIEW_RISK');
          expect(risk.transfer).toBeNull();
        }));

    it('GET /api/risks/{id}/ of a risk the user may not see answers 404', () =>
      interaction(RISK_STATES.viewerWithoutTransfer, 'a request for a risk the user may not see')
        .get(riskPath())
        .willRespondWith(404, (b) => b.jsonBody(notFound()))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.getRisk, 1);
          expect(error?.status).toBe(404);
        }));

    it('POST /api/risks/ creates a risk', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a new project risk')
        .post('/api/risks/', newRiskOfState())
        .willRespondWith(201, (b) =>
          b.jsonBody(
            openRiskShape({
              statement: NEW_RISK.statement,
              probability: 'high',
              impact: 'moderate',
            }),
          ),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.createRisk, NEW_RISK);
          expect(risk.statement).toBe(NEW_RISK.statement);
        }));

    it('POST /api/risks/ with missing fields answers 400 with field errors', () => {
      const incomplete = { ...NEW_RISK, statement: ' ', impact: null };
      return interaction(RISK_STATES.ownerOpenRisk, 'a new risk without statement and impact')
        .post('/api/risks/', newRiskOfState({ statement: ' ', impact: null }))
        .willRespondWith(400, (b) =>
          b.jsonBody(
            fieldErrors({
              statement: 'This field may not be blank.',
              impact: 'This field is required.',
            }),
          ),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.createRisk, incomplete);
          expect(Object.keys(error?.data as object)).toContain('impact');
        });
    });

    it('PATCH /api/risks/{id}/ saves the fields the user may edit', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a change of probability')
        .patch(riskPath(), { probability: 'low' })
        .willRespondWith(200, (b) =>
          b.jsonBody(openRiskShape({ probability: 'low', rating: oneOf(RATINGS, 'moderate') })),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.updateRisk, {
            riskId: 1,
            probability: 'low',
          });
          expect(risk.probability).toBe('low');
        }));

    it('PATCH /api/risks/{id}/ of a field without its edit flag answers 403 naming it', () =>
      interaction(RISK_STATES.pmWithoutProbabilityFlag, 'a change of probability without the flag')
        .patch(riskPath(), { probability: 'low' })
        .willRespondWith(403, (b) => b.jsonBody(drfDetail('You may not edit "probability".')))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.updateRisk, {
            riskId: 1,
            probability: 'low',
          });
          expect(error?.status).toBe(403);
        }));

    it('POST /api/risks/{id}/resolution/ resolves an open risk', () => {
      const resolution = { action: 'resolve', comment: 'The engineer stays.' } as const;
      return interaction(RISK_STATES.ownerOpenRisk, 'a resolution of an open risk')
        .post(riskPath('resolution/'), resolution)
        .willRespondWith(200, (b) =>
          b.jsonBody(
            openRiskShape({
              status: 'closed',
              resolution: oneOf(RESOLUTIONS, 'resolved'),
              resolution_comment: 'The engineer stays.',
            }),
          ),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.resolveRisk, {
            riskId: 1,
            ...resolution,
          });
          expect(risk.status).toBe('closed');
        });
    });

    it('POST /api/risks/{id}/resolution/ reopens a closed risk', () => {
      const reopening = { action: 'reopen', comment: 'The vendor slipped again.' } as const;
      return interaction(RISK_STATES.ownerClosedRisk, 'a reopening of a closed risk')
        .post(riskPath('resolution/', 3), reopening)
        .willRespondWith(200, (b) =>
          b.jsonBody({ ...rowShape, id: integer(3), status: 'open', resolution: null }),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.resolveRisk, {
            riskId: 3,
            ...reopening,
          });
          expect(risk.status).toBe('open');
        });
    });

    it('POST /api/risks/{id}/resolution/ of a step the status forbids answers 400', () => {
      const reopening = { action: 'reopen', comment: 'Again.' } as const;
      return interaction(RISK_STATES.ownerOpenRisk, 'a reopening of an open risk')
        .post(riskPath('resolution/'), reopening)
        .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors('This risk is open.')))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.resolveRisk, {
            riskId: 1,
            ...reopening,
          });
          expect(error?.status).toBe(400);
        });
    });

    it('POST /api/risks/{id}/actions/ asks a recipient to take an escalation', () => {
      const escalation = {
        action: 'escalate',
        recipient_id: 9,
        comment: 'Needs the account.',
      } as const;
      return interaction(RISK_STATES.ownerOpenRisk, 'an escalation of a risk')
        .post(riskPath('actions/'), { ...escalation, recipient_id: stateId('recipientId', 9) })
        .willRespondWith(200, (b) => b.jsonBody(openRiskShape()))
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.riskAction, {
            riskId: 1,
            ...escalation,
          });
          expect(risk.level).toBe('project');
        });
    });

    it('GET /api/users/?can_receive_risk= offers only the people who may act on the risk', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a search for the recipients of a request')
        .get('/api/users/', {
          search: stateText('recipientSearch', 'kow'),
          can_receive_risk: stateText('riskId', 1),
          page_size: '20',
        })
        .willRespondWith(200, (b) =>
          b.jsonBody(pageLike(personShape(9, 'David Kowalski', 'dkowalski'))),
        )
        .executeTest(async (mock) => {
          const page = await dataFrom(mock, risksApi.endpoints.searchRiskRecipients, {
            riskId: 1,
            search: 'kow',
          });
          expect(page.results[0]?.name).toBe('David Kowalski');
        }));

    it('POST /api/risks/{id}/actions/ refuses a client-side recipient (400 on recipient_id)', () => {
      const escalation = { action: 'escalate', recipient_id: 10, comment: 'Yours.' } as const;
      return interaction(RISK_STATES.ownerOpenRisk, 'an escalation to a client-side person')
        .post(riskPath('actions/'), { ...escalation, recipient_id: stateId('clientUserId', 10) })
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ recipient_id: RECIPIENT_NOT_ELIGIBLE('risk') })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.riskAction, {
            riskId: 1,
            ...escalation,
          });
          expect(error?.data).toEqual({ recipient_id: [RECIPIENT_NOT_ELIGIBLE('risk')] });
        });
    });

    it('POST /api/risks/{id}/transfer/ transfers the risk to a client-side person', () => {
      const transfer = { user_id: 10, side: 'client', comment: 'Theirs to decide.' } as const;
      return interaction(RISK_STATES.ownerOpenRisk, 'a transfer of a risk')
        .post(riskPath('transfer/'), { ...transfer, user_id: stateId('clientUserId', 10) })
        .willRespondWith(200, (b) =>
          b.jsonBody(
            openRiskShape({
              transfer: {
                to: {
                  id: stateId('clientUserId', 10),
                  name: string('Grace Thompson'),
                  login: string(''),
                },
                side: 'client',
                comment: 'Theirs to decide.',
                by: personShape(8, 'Lucia Romero', 'lromero'),
                at: timeMatcher('2026-11-20T10:00:00.000Z'),
              },
            }),
          ),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.transferRisk, {
            riskId: 1,
            ...transfer,
          });
          expect(risk.transfer?.to.id).toBe(10);
        });
    });

    it('GET /api/risks/{id}/history/ lists every change', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a request for the history of a risk')
        .get(riskPath('history/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike(historyEntryShape)))
        .executeTest(async (mock) => {
          const history = await dataFrom(mock, risksApi.endpoints.getHistory, 1);
          expect(history[0]?.by.id).toBeGreaterThan(0);
        }));
  });
});
