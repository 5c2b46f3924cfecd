import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  ISO_EVIDENCE_KINDS,
  ISO_RULES,
  type IsoAssessmentPatch,
} from '../../../api/contract/iso9001';
import { FILE_ERROR } from '../../../api/contract/risks';
import { cardFileShape } from '../../../testing/pact/cardShapes';
import { date, dateTime, drfDetail, fieldErrors } from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { ISO_9001_STATES } from '../../../testing/pact/states';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';
import { iso9001Api } from './api';

const { boolean, eachLike, integer, string } = MatchersV3;
const api = iso9001Api.endpoints;
const AT = '2026-10-15T09:00:00.000Z';
const EDIT_REFUSED = drfDetail(
  'You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).',
);

/** The ids the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = {
  projectId: 1,
  /** The Competence requirement (clause 7.2) in the contract's catalogue. */
  requirementId: 702,
  checkId: 71,
  responsibleId: 5,
  fileId: 6_900_001,
};
const PERSON = () => personShape(2, 'Priya Nair', 'pnair');

const evidenceShape = {
  kind: oneOf(ISO_EVIDENCE_KINDS, 'agreement'),
  id: integer(1),
  label: string('Contract MSA-2025-001 (Signed)'),
  path: string('/projects/1/project-agreements'),
};
/** A requirement assessed compliant with one agreement as evidence. */
const assessedShape = {
  requirement: integer(401),
  state: 'compliant',
  evidence: eachLike(evidenceShape),
  files: [] as unknown,
  responsible: PERSON(),
  review_date: date('2027-02-13'),
  review_overdue: boolean(false),
  note: string('The master contract names the client’s business drivers.'),
  justification: string(''),
  updated_at: dateTime(AT),
  updated_by: PERSON(),
};
/** A requirement never assessed. */
const blankShape = {
  requirement: integer(701),
  state: 'not_assessed',
  evidence: [],
  files: [] as unknown,
  responsible: null,
  review_date: null,
  review_overdue: false,
  note: '',
  justification: '',
  updated_at: null as unknown,
  updated_by: null as unknown,
};

/** `/api/projects/${projectId}/iso-9001/…` with the ids the state names. */
const isoPath = (suffix = '') =>
  statePath(`/api/projects/\${projectId}/iso-9001/${suffix}`, EXAMPLE);
const requirementPath = (suffix = '') => isoPath(`\${requirementId}/${suffix}`);
const COMPETENCE = { projectId: EXAMPLE.projectId, requirement: EXAMPLE.requirementId };
const readerWith = (assessment: 'none' | 'every') => ({
  state: ISO_9001_STATES.reader,
  params: { assessment },
});

const marked = {
  state: 'compliant',
  evidence: [{ kind: 'check', id: EXAMPLE.checkId }],
  responsible_id: EXAMPLE.responsibleId,
  review_date: '2027-03-31',
  note: 'Staffing plan agreed with the client.',
} satisfies IsoAssessmentPatch;

describe('ISO 9001 compliance calls', () => {
  const interaction = interactionsOf(createPact());
  const examplePath = examplesFolder('iso');

  it('GET /api/projects/{id}/iso-9001/ answers every requirement, none assessed', () =>
    interaction(readerWith('none'), 'a request for the ISO 9001 assessment of a project')
      .get(isoPath())
      .willRespondWith(200, (b) => b.jsonBody(eachLike(blankShape)))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getIsoAssessments, EXAMPLE.projectId);
        expect(rows[0]?.state).toBe('not_assessed');
        expect(rows[0]?.responsible).toBeNull();
      }));

  it('GET /api/projects/{id}/iso-9001/ answers every requirement assessed with its evidence', () =>
    interaction(
      readerWith('every'),
      'a request for the ISO 9001 assessment of a project assessed in full',
    )
      .get(isoPath())
      .willRespondWith(200, (b) => b.jsonBody(eachLike(assessedShape)))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getIsoAssessments, EXAMPLE.projectId);
        expect(rows[0]?.state).toBe('compliant');
        expect(rows[0]?.evidence[0]?.kind).toBe('agreement');
      }));

  it('GET …/iso-9001/evidence-options/ lists the project’s records to link', () =>
    interaction(ISO_9001_STATES.editor, 'a request for the evidence a requirement may link')
      .get(isoPath('evidence-options/'))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            ...evidenceShape,
            kind: oneOf(ISO_EVIDENCE_KINDS, 'check'),
            label: string('Check 71: Health check (SDO), Finished'),
            path: string('/checks/71'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const options = await dataFrom(mock, api.getIsoEvidenceOptions, EXAMPLE.projectId);
        expect(options[0]?.kind).toBe('check');
      }));

  it('GET …/evidence-options/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(readerWith('none'), 'a request for the evidence options from a reader')
      .get(isoPath('evidence-options/'))
      .willRespondWith(403, (b) => b.jsonBody(EDIT_REFUSED))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.getIsoEvidenceOptions, EXAMPLE.projectId);
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/iso-9001/{requirement}/ assesses a requirement', () =>
    interaction(ISO_9001_STATES.editor, 'a requirement marked compliant with evidence')
      .patch(requirementPath(), {
        ...marked,
        evidence: [{ kind: 'check', id: stateId('checkId', EXAMPLE.checkId) }],
        responsible_id: stateId('responsibleId', EXAMPLE.responsibleId),
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...assessedShape,
          requirement: stateId('requirementId', EXAMPLE.requirementId),
          state: marked.state,
          evidence: [
            {
              kind: 'check',
              id: stateId('checkId', EXAMPLE.checkId),
              label: string('Check 71: Health check (SDO), Finished'),
              path: string('/checks/71'),
            },
          ],
          responsible: { ...PERSON(), id: stateId('responsibleId', EXAMPLE.responsibleId) },
          review_date: marked.review_date,
          note: marked.note,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateIsoAssessment, {
          ...COMPETENCE,
          patch: marked,
        });
        expect(row.state).toBe('compliant');
        expect(row.evidence).toEqual([
          expect.objectContaining({ kind: 'check', id: EXAMPLE.checkId }),
        ]);
      }));

  it('PATCH …/{requirement}/ not applicable without a justification answers 400 on it', () =>
    interaction(
      ISO_9001_STATES.editor,
      'a requirement marked not applicable without a justification',
    )
      .patch(requirementPath(), { state: 'not_applicable', justification: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ justification: ISO_RULES.justificationNeeded })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateIsoAssessment, {
          ...COMPETENCE,
          patch: { state: 'not_applicable', justification: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{requirement}/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(readerWith('none'), 'a requirement assessed by a reader')
      .patch(requirementPath(), { state: 'compliant' })
      .willRespondWith(403, (b) => b.jsonBody(EDIT_REFUSED))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateIsoAssessment, {
          ...COMPETENCE,
          patch: { state: 'compliant' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/{requirement}/files/ as multipart attaches evidence', () =>
    interaction(ISO_9001_STATES.editor, 'a PDF attached as evidence of a requirement')
      .withRequest('POST', requirementPath('files/'), (b) =>
        b.multipartBody(
          'application/pdf',
          examplePath('training-records.pdf', PDF),
          'files',
          'pep-iso-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...blankShape,
          requirement: stateId('requirementId', EXAMPLE.requirementId),
          files: eachLike(cardFileShape('/api/iso-9001-files', 'training-records.pdf')),
          updated_at: dateTime(AT),
          updated_by: PERSON(),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadIsoFiles, {
          ...COMPETENCE,
          files: [new File([PDF], 'training-records.pdf', { type: 'application/pdf' })],
        });
        expect(row.files[0]?.file_name).toBe('training-records.pdf');
      }));

  it('POST …/{requirement}/files/ with a type not listed answers 400 with the file error', () =>
    interaction(ISO_9001_STATES.editor, 'a text file attached as evidence of a requirement')
      .withRequest('POST', requirementPath('files/'), (b) =>
        b.multipartBody(
          'text/plain',
          examplePath('notes.txt', 'Plain words.'),
          'files',
          'pep-iso-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadIsoFiles, {
          ...COMPETENCE,
          files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('DELETE …/{requirement}/files/{fileId}/ removes an evidence file', () =>
    interaction(ISO_9001_STATES.editorWithFile, 'an evidence file removed from a requirement')
      .delete(requirementPath('files/${fileId}/'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteIsoFile, {
          ...COMPETENCE,
          fileId: EXAMPLE.fileId,
        });
        expect(error).toBeUndefined();
      }));
});
