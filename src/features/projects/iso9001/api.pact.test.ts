import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ISO_EVIDENCE_KINDS,
  ISO_RULES,
  type IsoAssessmentPatch,
} from '../../../api/contract/iso9001';
import { FILE_ERROR } from '../../../api/contract/risks';
import { drfDetail, fieldErrors } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { statePath } from '../../../testing/pact/riskShapes';
import { ISO_9001_STATES } from '../../../testing/pact/states';
import { iso9001Api } from './api';

const { arrayContaining, boolean, eachLike, integer, like, regex, string } = MatchersV3;
const api = iso9001Api.endpoints;
const AT = '2026-10-15T09:00:00.000Z';
const EDIT_REFUSED = drfDetail(
  'You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).',
);

const evidenceShape = {
  kind: oneOf(ISO_EVIDENCE_KINDS, 'agreement'),
  id: integer(1),
  label: string('Contract MSA-2025-001 (Signed)'),
  path: string('/projects/1/project-agreements'),
};
const fileShape = {
  id: integer(6_900_000),
  file_name: string('training-records.pdf'),
  size: integer(1024),
  uploaded_at: timeMatcher(AT),
  uploaded_by: personShape(1, 'Alex Morgan', 'amorgan'),
  url: regex(
    '^/api/iso-9001-files/\\d+/\\?user=\\d+&expires=\\d+&signature=[0-9a-f]{64}$',
    `/api/iso-9001-files/6900000/?user=1&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
};
/** A requirement assessed (4.1 of the seed: compliant, its contract as evidence). */
const assessedShape = {
  requirement: integer(401),
  state: 'compliant',
  evidence: eachLike(evidenceShape),
  files: like([]),
  responsible: personShape(2, 'Priya Nair', 'pnair'),
  review_date: dateMatcher('2027-02-13'),
  review_overdue: boolean(false),
  note: string('The master contract names the client’s business drivers.'),
  justification: string(''),
  updated_at: timeMatcher(AT),
  updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
};
/** A requirement never assessed (7.1 of the seed). */
const blankShape = {
  requirement: integer(701),
  state: 'not_assessed',
  evidence: [],
  files: [],
  responsible: null,
  review_date: null,
  review_overdue: false,
  note: '',
  justification: '',
  updated_at: null,
  updated_by: null,
};

const listPath = (suffix = '') =>
  statePath(`/api/projects/\${projectId}/iso-9001/${suffix}`, `/api/projects/1/iso-9001/${suffix}`);

const marked: IsoAssessmentPatch = {
  state: 'compliant',
  evidence: [{ kind: 'check', id: 71 }],
  responsible_id: 5,
  review_date: '2027-03-31',
  note: 'Staffing plan agreed with the client.',
};

describe('ISO 9001 compliance calls', () => {
  const interaction = interactionsOf(createPact());
  const folder = mkdtempSync(join(tmpdir(), 'pep-pact-iso-'));
  const filePath = (name: string, content: string) => {
    const path = join(folder, name);
    writeFileSync(path, content, 'latin1');
    return path;
  };
  const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('GET /api/projects/{id}/iso-9001/ answers every requirement, assessed or not', () =>
    interaction(ISO_9001_STATES.auditor, 'a request for the ISO 9001 assessment of a project')
      .get(listPath())
      .willRespondWith(200, (b) => b.jsonBody(arrayContaining(assessedShape, blankShape)))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getIsoAssessments, 1);
        expect(rows.some((row) => row.state === 'not_assessed')).toBe(true);
      }));

  it('GET …/iso-9001/evidence-options/ lists the project’s records to link', () =>
    interaction(ISO_9001_STATES.admin, 'a request for the evidence a requirement may link')
      .get(listPath('evidence-options/'))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          arrayContaining(
            {
              ...evidenceShape,
              kind: 'check',
              label: string('Check 71: Health check (SDO), Finished'),
              path: string('/checks/71'),
            },
            {
              ...evidenceShape,
              kind: 'risk',
              label: string('Risk 1: …'),
              path: string('/risks/1'),
            },
          ),
        ),
      )
      .executeTest(async (mock) => {
        const options = await dataFrom(mock, api.getIsoEvidenceOptions, 1);
        expect(options.some((option) => option.kind === 'check')).toBe(true);
      }));

  it('GET …/evidence-options/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(ISO_9001_STATES.auditor, 'a request for the evidence options from a reader')
      .get(listPath('evidence-options/'))
      .willRespondWith(403, (b) => b.jsonBody(EDIT_REFUSED))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getIsoEvidenceOptions, 1))?.status).toBe(403);
      }));

  it('PATCH …/iso-9001/{requirement}/ assesses a requirement', () =>
    interaction(ISO_9001_STATES.admin, 'a requirement marked compliant with evidence')
      .patch(listPath('701/'), marked)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...assessedShape,
          requirement: 701,
          evidence: eachLike({ ...evidenceShape, kind: 'check', id: 71 }),
          responsible: personShape(5, 'Omar Haddad', 'ohaddad'),
          review_date: '2027-03-31',
          note: marked.note,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateIsoAssessment, {
          projectId: 1,
          requirement: 701,
          patch: marked,
        });
        expect(row.state).toBe('compliant');
      }));

  it('PATCH …/{requirement}/ not applicable without a justification answers 400 on it', () =>
    interaction(
      ISO_9001_STATES.admin,
      'a requirement marked not applicable without a justification',
    )
      .patch(listPath('803/'), { state: 'not_applicable', justification: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ justification: ISO_RULES.justificationNeeded })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateIsoAssessment, {
          projectId: 1,
          requirement: 803,
          patch: { state: 'not_applicable', justification: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{requirement}/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(ISO_9001_STATES.auditor, 'a requirement assessed by a reader')
      .patch(listPath('701/'), { state: 'compliant' })
      .willRespondWith(403, (b) => b.jsonBody(EDIT_REFUSED))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.updateIsoAssessment, {
          projectId: 1,
          requirement: 701,
          patch: { state: 'compliant' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/{requirement}/files/ as multipart attaches evidence', () =>
    interaction(ISO_9001_STATES.admin, 'a PDF attached as evidence of a requirement')
      .withRequest('POST', listPath('702/files/'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('training-records.pdf', PDF),
          'files',
          'pep-iso-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...blankShape,
          requirement: 702,
          files: eachLike(fileShape),
          updated_at: timeMatcher(AT),
          updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadIsoFiles, {
          projectId: 1,
          requirement: 702,
          files: [new File([PDF], 'training-records.pdf', { type: 'application/pdf' })],
        });
        expect(row.files.length).toBeGreaterThan(0);
      }));

  it('POST …/{requirement}/files/ with a type not listed answers 400 with the file error', () =>
    interaction(ISO_9001_STATES.admin, 'a text file attached as evidence of a requirement')
      .withRequest('POST', listPath('702/files/'), (b) =>
        b.multipartBody(
          'text/plain',
          filePath('notes.txt', 'Plain words.'),
          'files',
          'pep-iso-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadIsoFiles, {
          projectId: 1,
          requirement: 702,
          files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('DELETE …/{requirement}/files/{fileId}/ removes an evidence file', () =>
    interaction(ISO_9001_STATES.adminWithFile, 'an evidence file removed from a requirement')
      .delete(
        statePath(
          '/api/projects/${projectId}/iso-9001/702/files/${fileId}/',
          '/api/projects/1/iso-9001/702/files/6900000/',
        ),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteIsoFile, {
          projectId: 1,
          requirement: 702,
          fileId: 6_900_000,
        });
        expect(error).toBeUndefined();
      }));
});
