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
import { attachmentHeaders, cardFileShape } from '../../../testing/pact/cardShapes';
import { date, dateTime, drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf } from '../../../testing/pact/pollShapes';
import { EXAMPLE_ACCESS, createPact } from '../../../testing/pact/provider';
import { AGREEMENT_STATES } from '../../../testing/pact/states';
import { agreementsApi } from './api';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';

const { boolean, eachLike, integer, number, string } = MatchersV3;
const api = agreementsApi.endpoints;
const AT = '2026-07-01T09:00:00.000Z';

/** The ids the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = {
  projectId: 1,
  agreementId: 5,
  contractId: 1,
  fileId: 3_000_001,
  missingAgreementId: 999_999,
};

const documentShape = (name = 'MSA-2025-001.pdf') => cardFileShape('/api/agreement-files', name);

/** An agreement; `state` exact when the interaction fixes it. */
const agreementShape = (state?: string, documents: unknown = []) => ({
  id: integer(EXAMPLE.contractId),
  type: oneOf(AGREEMENT_TYPES, 'contract'),
  reference: string('MSA-2025-001'),
  parties: string('Acme Corp. and Delivery Co.'),
  start_date: date('2025-01-01'),
  end_date: date('2027-12-31'),
  value: number(1210000),
  currency: oneOf(AGREEMENT_CURRENCIES, 'USD'),
  state: state ?? oneOf(STATE_NAMES, 'signed'),
  expiring_soon: boolean(false),
  days_left: integer(400),
  documents,
  created_at: dateTime(AT),
  updated_at: dateTime(AT),
});

/** `/api/projects/${projectId}/agreements/…` with the ids the state names. */
const agreementsPath = (suffix = '') =>
  statePath(`/api/projects/\${projectId}/agreements/${suffix}`, EXAMPLE);
const draftPath = (suffix = '') => agreementsPath(`\${agreementId}/${suffix}`);

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
const DRAFT = { projectId: EXAMPLE.projectId, agreementId: EXAMPLE.agreementId };

describe('project agreement calls', () => {
  const interaction = interactionsOf(createPact());
  const examplePath = examplesFolder('agreements');

  it('GET /api/projects/{id}/agreements/ lists the agreements with their documents', () =>
    interaction(AGREEMENT_STATES.reader, 'a request for the agreements of a project')
      .get(agreementsPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike(agreementShape(undefined, eachLike(documentShape())))),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getAgreements, EXAMPLE.projectId);
        expect(rows[0]?.documents[0]?.url).toMatch(/^\/api\/agreement-files\//);
      }));

  it('POST …/agreements/ adds an agreement', () =>
    interaction(AGREEMENT_STATES.editor, 'a new agreement')
      .post(agreementsPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...agreementShape(), ...fresh, id: integer(26), documents: [] }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.addAgreement, {
          projectId: EXAMPLE.projectId,
          agreement: fresh,
        });
        expect(row.reference).toBe('SLA-2027-001');
      }));

  it('POST …/agreements/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(AGREEMENT_STATES.reader, 'a new agreement from a user who may not edit the card')
      .post(agreementsPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.addAgreement, {
          projectId: EXAMPLE.projectId,
          agreement: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/agreements/ ending before it starts answers 400 by field', () =>
    interaction(AGREEMENT_STATES.editor, 'a new agreement ending before it starts')
      .post(agreementsPath(), { ...fresh, reference: ' ', end_date: '2026-12-31' })
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
          projectId: EXAMPLE.projectId,
          agreement: { ...fresh, reference: ' ', end_date: '2026-12-31' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/agreements/{aid}/ changes an agreement', () =>
    interaction(AGREEMENT_STATES.editor, 'an agreement changed')
      .patch(draftPath(), { state: 'signed', value: 36000 })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...agreementShape('signed'),
          id: stateId('agreementId', EXAMPLE.agreementId),
          type: 'change',
          value: 36000,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateAgreement, {
          ...DRAFT,
          patch: { state: 'signed', value: 36000 },
        });
        expect(row.state).toBe('signed');
        expect(row.value).toBe(36000);
      }));

  it('PATCH …/agreements/{aid}/ with a start after the end answers 400 on end_date', () =>
    interaction(AGREEMENT_STATES.editor, 'an agreement whose start moves after its end')
      .patch(draftPath(), { start_date: '2028-01-01' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ end_date: AGREEMENT_RULES.endAfterStart })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateAgreement, {
          ...DRAFT,
          patch: { start_date: '2028-01-01' },
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/agreements/{aid}/ answers 204', () =>
    interaction(AGREEMENT_STATES.editor, 'an agreement deleted')
      .delete(draftPath())
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await errorFrom(mock, api.deleteAgreement, DRAFT)).toBeUndefined();
      }));

  it('DELETE …/agreements/{aid}/ of an unknown agreement answers 404', () =>
    interaction(AGREEMENT_STATES.editor, 'an agreement the project does not have deleted')
      .delete(agreementsPath('${missingAgreementId}/'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteAgreement, {
          projectId: EXAMPLE.projectId,
          agreementId: EXAMPLE.missingAgreementId,
        });
        expect(error?.status).toBe(404);
      }));

  it('POST …/{aid}/documents/ as multipart attaches a document', () =>
    interaction(AGREEMENT_STATES.editor, 'a PDF attached to an agreement')
      .withRequest('POST', draftPath('documents/'), (b) =>
        b.multipartBody(
          'application/pdf',
          examplePath('signed-change.pdf', PDF),
          'files',
          'pep-agreement-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...agreementShape('draft', eachLike(documentShape('signed-change.pdf'))),
          id: stateId('agreementId', EXAMPLE.agreementId),
          type: 'change',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadAgreementDocuments, {
          ...DRAFT,
          files: [new File([PDF], 'signed-change.pdf', { type: 'application/pdf' })],
        });
        expect(row.documents[0]?.file_name).toBe('signed-change.pdf');
      }));

  it('POST …/{aid}/documents/ with a type not listed answers 400 with the file error', () =>
    interaction(AGREEMENT_STATES.editor, 'a text file attached to an agreement')
      .withRequest('POST', draftPath('documents/'), (b) =>
        b.multipartBody(
          'text/plain',
          examplePath('notes.txt', 'Plain words.'),
          'files',
          'pep-agreement-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadAgreementDocuments, {
          ...DRAFT,
          files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('DELETE …/{aid}/documents/{fileId}/ removes a document', () =>
    interaction(AGREEMENT_STATES.editor, 'a document removed from an agreement')
      .delete(agreementsPath('${contractId}/documents/${fileId}/'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteAgreementDocument, {
          projectId: EXAMPLE.projectId,
          agreementId: EXAMPLE.contractId,
          fileId: EXAMPLE.fileId,
        });
        expect(error).toBeUndefined();
      }));

  it('GET /api/agreement-files/{id}/ downloads the document as an attachment', () =>
    interaction(AGREEMENT_STATES.reader, 'a download of an agreement document')
      .get(statePath('/api/agreement-files/${fileId}/', EXAMPLE))
      .willRespondWith(200, (b) =>
        b.headers(attachmentHeaders('application/pdf', 'MSA-2025-001.pdf')),
      )
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/agreement-files/${EXAMPLE.fileId}/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      }));
});
