import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/baseQuery';
import { RATINGS, RESOLUTIONS } from '../../api/contract/risks';
import { drfDetail, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import {
  NEW_RISK,
  interactionsOf,
  oneOf,
  openRiskShape,
  riskPath,
  riskStore,
  rowShape,
} from '../../testing/pact/riskShapes';
import { RISK_STATES } from '../../testing/pact/states';
import { risksApi } from './api';

const { eachLike, integer, string, fromProviderState } = MatchersV3;

/** Risk and issue calls (spec §2–§6): every endpoint of risks/api.ts and the errors the SPA handles. */
describe('risk and issue calls', () => {
  const pact = createPact();
  const call = interactionsOf(pact);
  const store = riskStore;

  describe('lists', () => {
    it('GET /api/risks/ returns every row of the scope in one page', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a request for the risks of project 1',
        'GET',
        '/api/risks/',
        (b) => b.query({ page_size: '10000', level: 'project', scope: '1' }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody({
            count: integer(40),
            next: null,
            previous: null,
            results: eachLike(rowShape),
          }),
        )
        .executeTest(async (mock) => {
          const page = await store(mock.url)
            .dispatch(risksApi.endpoints.getRisks.initiate({ level: 'project', scope: 1 }))
            .unwrap();
          expect(page.results[0]?.scope.id).toBe(1);
        }));

    it('GET /api/risk-scopes/ searches the entities of a level', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a search of business lines',
        'GET',
        '/api/risk-scopes/',
        (b) => b.query({ page_size: '50', level: 'business_line', search: 'bank' }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody({
            count: integer(1),
            next: null,
            previous: null,
            results: eachLike({ id: integer(1), name: string('Banking'), level: 'business_line' }),
          }),
        )
        .executeTest(async (mock) => {
          const page = await store(mock.url)
            .dispatch(
              risksApi.endpoints.getRiskScopes.initiate({ level: 'business_line', search: 'bank' }),
            )
            .unwrap();
          expect(page.results[0]?.level).toBe('business_line');
        }));

    it('GET /api/risks/similar/ suggests likely duplicates with a score', () =>
      call(
        RISK_STATES.ownerDuplicates,
        'a search for risks like a statement',
        'GET',
        '/api/risks/similar/',
        (b) =>
          b.query({
            level: 'project',
            scope: '2',
            kind: 'risk',
            statement: 'Reporting module acceptance criteria not agreed by the client',
          }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody(
            eachLike({ risk: { ...rowShape, id: integer(4) }, score: MatchersV3.number(0.82) }),
          ),
        )
        .executeTest(async (mock) => {
          const similar = await store(mock.url)
            .dispatch(
              risksApi.endpoints.getSimilarRisks.initiate({
                level: 'project',
                scope: 2,
                kind: 'risk',
                statement: 'Reporting module acceptance criteria not agreed by the client',
              }),
            )
            .unwrap();
          expect(similar[0]?.score).toBeGreaterThan(0);
        }));

    it('POST /api/risks/export/ queues a large export by e-mail', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'an export of risks by e-mail',
        'POST',
        '/api/risks/export/',
        (b) => b.jsonBody({ ids: [1, 2, 3] }),
      )
        .willRespondWith(202, (b) => b.jsonBody({ email: string('lromero@example.com'), count: 3 }))
        .executeTest(async (mock) => {
          const queued = await store(mock.url)
            .dispatch(risksApi.endpoints.exportRisksByEmail.initiate({ ids: [1, 2, 3] }))
            .unwrap();
          expect(queued.count).toBe(3);
        }));
  });

  describe('one risk', () => {
    it('GET /api/risks/{id}/ returns the risk with the flags this user holds on it', () =>
      call(RISK_STATES.ownerOpenRisk, 'a request for an open risk', 'GET', riskPath())
        .willRespondWith(200, (b) =>
          b.jsonBody(openRiskShape({ id: fromProviderState('${riskId}', 1) })),
        )
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(risksApi.endpoints.getRisk.initiate(1))
            .unwrap();
          expect(risk.user_permissions).toContain('CAN_VIEW_RISK');
        }));

    it('GET /api/risks/{id}/ of a risk the user may not see answers 404', () =>
      call(
        RISK_STATES.viewerWithoutTransfer,
        'a request for a risk the user may not see',
        'GET',
        riskPath(),
      )
        .willRespondWith(404, (b) => b.jsonBody(drfDetail('Not found.')))
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(risksApi.endpoints.getRisk.initiate(1));
          expect((result.error as ApiError).status).toBe(404);
        }));

    it('POST /api/risks/ creates a risk', () =>
      call(RISK_STATES.ownerOpenRisk, 'a new project risk', 'POST', '/api/risks/', (b) =>
        b.jsonBody(NEW_RISK),
      )
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
          const risk = await store(mock.url)
            .dispatch(risksApi.endpoints.createRisk.initiate(NEW_RISK))
            .unwrap();
          expect(risk.statement).toBe(NEW_RISK.statement);
        }));

    it('POST /api/risks/ with missing fields answers 400 with field errors', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a new risk without statement and impact',
        'POST',
        '/api/risks/',
        (b) => b.jsonBody({ ...NEW_RISK, statement: ' ', impact: null }),
      )
        .willRespondWith(400, (b) =>
          b.jsonBody({
            statement: eachLike('This field may not be blank.'),
            impact: eachLike('This field is required.'),
          }),
        )
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.createRisk.initiate({ ...NEW_RISK, statement: ' ', impact: null }),
          );
          expect(Object.keys((result.error as ApiError).data as object)).toContain('impact');
        }));

    it('PATCH /api/risks/{id}/ saves the fields the user may edit', () =>
      call(RISK_STATES.ownerOpenRisk, 'a change of probability', 'PATCH', riskPath(), (b) =>
        b.jsonBody({ probability: 'low' }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody(openRiskShape({ probability: 'low', rating: oneOf(RATINGS, 'moderate') })),
        )
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(risksApi.endpoints.updateRisk.initiate({ riskId: 1, probability: 'low' }))
            .unwrap();
          expect(risk.probability).toBe('low');
        }));

    it('PATCH /api/risks/{id}/ of a field without its edit flag answers 403 naming it', () =>
      call(
        RISK_STATES.pmWithoutProbabilityFlag,
        'a change of probability without the flag',
        'PATCH',
        riskPath(),
        (b) => b.jsonBody({ probability: 'low' }),
      )
        .willRespondWith(403, (b) => b.jsonBody({ detail: 'You may not edit "probability".' }))
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.updateRisk.initiate({ riskId: 1, probability: 'low' }),
          );
          expect((result.error as ApiError).status).toBe(403);
        }));

    it('POST /api/risks/{id}/resolution/ resolves an open risk', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a resolution of an open risk',
        'POST',
        riskPath('resolution/'),
        (b) => b.jsonBody({ action: 'resolve', comment: 'The engineer stays.' }),
      )
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
          const risk = await store(mock.url)
            .dispatch(
              risksApi.endpoints.resolveRisk.initiate({
                riskId: 1,
                action: 'resolve',
                comment: 'The engineer stays.',
              }),
            )
            .unwrap();
          expect(risk.status).toBe('closed');
        }));

    it('POST /api/risks/{id}/resolution/ reopens a closed risk', () =>
      call(
        RISK_STATES.ownerClosedRisk,
        'a reopening of a closed risk',
        'POST',
        riskPath('resolution/', 3),
        (b) => b.jsonBody({ action: 'reopen', comment: 'The vendor slipped again.' }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody({ ...rowShape, id: integer(3), status: 'open', resolution: null }),
        )
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(
              risksApi.endpoints.resolveRisk.initiate({
                riskId: 3,
                action: 'reopen',
                comment: 'The vendor slipped again.',
              }),
            )
            .unwrap();
          expect(risk.status).toBe('open');
        }));

    it('POST /api/risks/{id}/resolution/ of a step the status forbids answers 400', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a reopening of an open risk',
        'POST',
        riskPath('resolution/'),
        (b) => b.jsonBody({ action: 'reopen', comment: 'Again.' }),
      )
        .willRespondWith(400, (b) =>
          b.jsonBody({ non_field_errors: eachLike('This risk is open.') }),
        )
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.resolveRisk.initiate({
              riskId: 1,
              action: 'reopen',
              comment: 'Again.',
            }),
          );
          expect((result.error as ApiError).status).toBe(400);
        }));

    it('POST /api/risks/{id}/actions/ asks a recipient to take an escalation', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'an escalation of a risk',
        'POST',
        riskPath('actions/'),
        (b) => b.jsonBody({ action: 'escalate', recipient_id: 9, comment: 'Needs the account.' }),
      )
        .willRespondWith(200, (b) => b.jsonBody(openRiskShape()))
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(
              risksApi.endpoints.riskAction.initiate({
                riskId: 1,
                action: 'escalate',
                recipient_id: 9,
                comment: 'Needs the account.',
              }),
            )
            .unwrap();
          expect(risk.level).toBe('project');
        }));

    it('POST /api/risks/{id}/transfer/ transfers the risk to a client-side person', () =>
      call(RISK_STATES.ownerOpenRisk, 'a transfer of a risk', 'POST', riskPath('transfer/'), (b) =>
        b.jsonBody({ user_id: 10, side: 'client', comment: 'Theirs to decide.' }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody(
            openRiskShape({
              transfer: {
                to: { id: 10, name: string('Grace Thompson'), login: '' },
                side: 'client',
                comment: 'Theirs to decide.',
                by: personShape(8, 'Lucia Romero', 'lromero'),
                at: timeMatcher('2026-11-20T10:00:00.000Z'),
              },
            }),
          ),
        )
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(
              risksApi.endpoints.transferRisk.initiate({
                riskId: 1,
                user_id: 10,
                side: 'client',
                comment: 'Theirs to decide.',
              }),
            )
            .unwrap();
          expect(risk.transfer?.to.id).toBe(10);
        }));

    it('GET /api/risks/{id}/history/ lists every change', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a request for the history of a risk',
        'GET',
        riskPath('history/'),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody(
            eachLike({
              id: integer(7),
              at: timeMatcher('2026-11-18T00:00:00.000Z'),
              by: personShape(2, 'Priya Nair', 'pnair'),
              field: string('due_date'),
              old_value: string('12/31/2026'),
              new_value: string('12/15/2026'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          const history = await store(mock.url)
            .dispatch(risksApi.endpoints.getHistory.initiate(1))
            .unwrap();
          expect(history[0]?.by.id).toBeGreaterThan(0);
        }));
  });
});
