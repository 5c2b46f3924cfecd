import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_CURRENCIES,
  AGREEMENT_RULES,
  AGREEMENT_STATES as STATE_NAMES,
  AGREEMENT_TYPES,
  type NewAgreement,
} from '../../../api/contract/agreements';
import { FILE_ERROR } from '../../../api/contract/risks';
import { drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { EXAMPLE_ACCESS, createPact } from '../../../testing/pact/provider';
import { statePath } from '../../../testing/pact/riskShapes';
import { AGREEMENT_STATES } from '../../../testing/pact/states';
import { agreementsApi } from './api';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';

const { arrayContaining, boolean, eachLike, integer, number, regex, string } = MatchersV3;
const api = agreementsApi.endpoints;
const AT = '2026-07-01T09:00:00.000Z';

const documentShape = {
  id: integer(3_000_001),
  file_name: string('MSA-2025-001.pdf'),
  size: integer(1024),
  uploaded_at: timeMatcher(AT),
  uploaded_by: personShape(1, 'Alex Morgan', 'amorgan'),
  url: regex(
    '^/api/agreement-files/\\d+/\\?user=\\d+&expires=\\d+&signature=[0-9a-f]{64}$',
    `/api/agreement-files/3000001/?user=1&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
};

const agreementShape = (state = 'any', documents: unknown = []) => ({
  id: integer(1),
  type: oneOf(AGREEMENT_TYPES, 'contract'),
  reference: string('MSA-2025-001'),
  parties: string('Acme Corp. and Delivery Co.'),
  start_date: dateMatcher('2025-01-01'),
  end_date: dateMatcher('2027-12-31'),
  value: number(1210000),
  currency: oneOf(AGREEMENT_CURRENCIES, 'USD'),
  state: state === 'any' ? oneOf(STATE_NAMES, 'signed') : state,
  expiring_soon: boolean(false),
  days_left: integer(400),
  documents,
  created_at: timeMatcher(AT),
  updated_at: timeMatcher(AT),
});

const listPath = (suffix = '') =>
  statePath(
    `/api/projects/\${projectId}/agreements/${suffix}`,
    `/api/projects/1/agreements/${suffix}`,
  );
const onePath = (id: 'agreementId' | 'contractId', suffix = '') =>
  statePath(
    `/api/projects/\${projectId}/agreements/\${${id}}/${suffix}`,
    `/api/projects/1/agreements/5/${suffix}`,
  );

const fresh: NewAgreement = {
  type: 'sla',
  reference: 'SLA-2027-001',
  parties: 'Acme Corp. and Delivery Co.',
  start_date: '2027-01-01',
  end_date: '2027-12-31',
  value: 125000.5,
  currency: 'EUR',
  state: 'signed',
};
const ONE = { projectId: 1, agreementId: 5 };

describe('project agreement calls', () => {
  const interaction = interactionsOf(createPact());
  const filePath = examplesFolder('agreements');

  it('GET /api/projects/{id}/agreements/ lists the agreements with their documents', () =>
    interaction(AGREEMENT_STATES.pm, 'a request for the agreements of a project')
      .get(listPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(
          arrayContaining(
            agreementShape('signed', eachLike(documentShape)),
            agreementShape('draft'),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getAgreements, 1);
        expect(rows.some((row) => row.documents.length > 0)).toBe(true);
      }));

  it('POST …/agreements/ adds an agreement', () =>
    interaction(AGREEMENT_STATES.admin, 'a new agreement')
      .post(listPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...agreementShape('signed'),
          type: 'sla',
          reference: 'SLA-2027-001',
          start_date: '2027-01-01',
          end_date: '2027-12-31',
          currency: 'EUR',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.addAgreement, { projectId: 1, agreement: fresh });
        expect(row.reference).toBe('SLA-2027-001');
      }));

  it('POST …/agreements/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(AGREEMENT_STATES.pm, 'a new agreement from a user who may not edit the card')
      .post(listPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.addAgreement, { projectId: 1, agreement: fresh });
        expect(error?.status).toBe(403);
      }));

  it('POST …/agreements/ ending before it starts answers 400 by field', () =>
    interaction(AGREEMENT_STATES.admin, 'a new agreement ending before it starts')
      .post(listPath(), { ...fresh, reference: ' ', end_date: '2026-12-31' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            reference: 'This field may not be blank.',
            end_date: AGREEMENT_RULES.endAfterStart,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.addAgreement, {
          projectId: 1,
          agreement: { ...fresh, reference: ' ', end_date: '2026-12-31' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/agreements/{aid}/ changes an agreement', () =>
    interaction(AGREEMENT_STATES.admin, 'an agreement changed')
      .patch(onePath('agreementId'), { state: 'signed', value: 36000 })
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...agreementShape('signed'), id: integer(5), value: number(36000) }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateAgreement, {
          ...ONE,
          patch: { state: 'signed', value: 36000 },
        });
        expect(row.state).toBe('signed');
      }));

  it('PATCH …/agreements/{aid}/ with a start after the end answers 400 on end_date', () =>
    interaction(AGREEMENT_STATES.admin, 'an agreement whose start moves after its end')
      .patch(onePath('agreementId'), { start_date: '2028-01-01' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ end_date: AGREEMENT_RULES.endAfterStart })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateAgreement, {
          ...ONE,
          patch: { start_date: '2028-01-01' },
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/agreements/{aid}/ answers 204', () =>
    interaction(AGREEMENT_STATES.admin, 'an agreement deleted')
      .delete(onePath('agreementId'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await errorFrom(mock, api.deleteAgreement, ONE)).toBeUndefined();
      }));

  it('DELETE …/agreements/{aid}/ of an unknown agreement answers 404', () =>
    interaction(AGREEMENT_STATES.admin, 'an agreement the project does not have deleted')
      .delete(listPath('999999/'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteAgreement, {
          projectId: 1,
          agreementId: 999999,
        });
        expect(error?.status).toBe(404);
      }));

  it('POST …/{aid}/documents/ as multipart attaches a document', () =>
    interaction(AGREEMENT_STATES.admin, 'a PDF attached to an agreement')
      .withRequest('POST', onePath('agreementId', 'documents/'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('signed-change.pdf', PDF),
          'files',
          'pep-agreement-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...agreementShape('draft'),
          documents: eachLike({ ...documentShape, file_name: string('signed-change.pdf') }),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadAgreementDocuments, {
          ...ONE,
          files: [new File([PDF], 'signed-change.pdf', { type: 'application/pdf' })],
        });
        expect(row.documents.length).toBeGreaterThan(0);
      }));

  it('POST …/{aid}/documents/ with a type not listed answers 400 with the file error', () =>
    interaction(AGREEMENT_STATES.admin, 'a text file attached to an agreement')
      .withRequest('POST', onePath('agreementId', 'documents/'), (b) =>
        b.multipartBody(
          'text/plain',
          filePath('notes.txt', 'Plain words.'),
          'files',
          'pep-agreement-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadAgreementDocuments, {
          ...ONE,
          files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('DELETE …/{aid}/documents/{fileId}/ removes a document', () =>
    interaction(AGREEMENT_STATES.admin, 'a document removed from an agreement')
      .delete(
        statePath(
          '/api/projects/${projectId}/agreements/${contractId}/documents/${fileId}/',
          '/api/projects/1/agreements/1/documents/3000001/',
        ),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteAgreementDocument, {
          projectId: 1,
          agreementId: 1,
          fileId: 3_000_001,
        });
        expect(error).toBeUndefined();
      }));

  it('GET /api/agreement-files/{id}/ downloads the document as an attachment', () =>
    interaction(AGREEMENT_STATES.pm, 'a download of an agreement document')
      .get(statePath('/api/agreement-files/${fileId}/', '/api/agreement-files/3000001/'))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf'),
          'Content-Disposition': regex(
            '^attachment; filename=.+$',
            'attachment; filename="MSA-2025-001.pdf"',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/agreement-files/3000001/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      }));
});
