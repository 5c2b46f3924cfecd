import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_METRICS,
  METRICS_MESSAGES,
  SUBMISSION_EVENTS,
  SUBMISSION_STATES,
  type NewMetricSubmission,
} from '../../../api/contract/metricsApprovals';
import { FILE_ERROR } from '../../../api/contract/risks';
import { drfDetail, fieldErrors } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { statePath } from '../../../testing/pact/riskShapes';
import { METRICS_STATES } from '../../../testing/pact/states';
import { metricsApprovalsApi } from './api';

const { arrayContaining, eachLike, integer, number, regex, string } = MatchersV3;
const api = metricsApprovalsApi.endpoints;
const AT = '2026-11-02T09:15:00.000Z';
const PRIYA = () => personShape(2, 'Priya Nair', 'pnair');

const evidenceShape = (name = 'milestones-2026-10.png') => ({
  id: integer(4_000_001),
  file_name: string(name),
  size: integer(48_213),
  uploaded_at: timeMatcher(AT),
  uploaded_by: PRIYA(),
  url: regex(
    '^/api/metric-evidence/\\d+/\\?user=\\d+&expires=\\d+&signature=[0-9a-f]{64}$',
    `/api/metric-evidence/4000001/?user=2&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
});

const eventShape = {
  kind: oneOf(SUBMISSION_EVENTS, 'submitted'),
  by: PRIYA(),
  at: timeMatcher(AT),
  value: number(92.5),
  comment: string('Two of 27 milestones late.'),
};

/** A submission; `state` a literal when the interaction fixes it. */
const submissionShape = (state?: string, evidence: unknown = evidenceShape()) => ({
  id: integer(1),
  metric: oneOf(APPROVAL_METRICS, 'on_time_delivery'),
  period: regex('^\\d{4}-(0[1-9]|1[0-2])$', '2026-10'),
  value: number(92.5),
  comment: string('Two of 27 milestones late.'),
  evidence,
  state: state ?? oneOf(SUBMISSION_STATES, 'submitted'),
  submitted_by: PRIYA(),
  submitted_at: timeMatcher(AT),
  reviewed_by: null,
  reviewed_at: null,
  decision_comment: string(''),
  history: eachLike(eventShape),
});

const reviewed = (state: string, comment: string) => ({
  ...submissionShape(state),
  reviewed_by: personShape(5, 'Omar Haddad', 'ohaddad'),
  reviewed_at: timeMatcher(AT),
  decision_comment: string(comment),
});

const listPath = () =>
  statePath(
    '/api/projects/${projectId}/metric-submissions/',
    '/api/projects/1/metric-submissions/',
  );
const onePath = (id: 'submittedId' | 'returnedId' | 'draftId', suffix = '') =>
  statePath(
    `/api/projects/\${projectId}/metric-submissions/\${${id}}/${suffix}`,
    `/api/projects/1/metric-submissions/1/${suffix}`,
  );
const ONE = { projectId: 1, submissionId: 1 };

const fresh: NewMetricSubmission = {
  metric: 'utilisation',
  period: '2026-06',
  value: 86.5,
  comment: 'From the timesheets.',
};

describe('metrics approvals calls', () => {
  const interaction = interactionsOf(createPact());
  const folder = mkdtempSync(join(tmpdir(), 'pep-pact-metrics-'));
  const filePath = (name: string, content: Buffer) => {
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  };
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('evidence'),
  ]);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('GET /api/projects/{id}/metric-submissions/ lists the values with their evidence and history', () =>
    interaction(METRICS_STATES.auditor, 'a request for the metrics approvals of a project')
      .get(listPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(arrayContaining(submissionShape('submitted'), reviewed('returned', 'Why.'))),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getMetricSubmissions, 1);
        expect(rows.some((row) => row.state === 'returned')).toBe(true);
      }));

  it('POST …/metric-submissions/ makes a draft awaiting its evidence', () =>
    interaction(METRICS_STATES.pm, 'a new metric value')
      .post(listPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...submissionShape('draft', null),
          metric: 'utilisation',
          period: '2026-06',
          value: number(86.5),
          submitted_at: null,
          history: [],
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.createMetricSubmission, {
          projectId: 1,
          submission: fresh,
        });
        expect(row.state).toBe('draft');
      }));

  it('POST …/metric-submissions/ with a value out of range answers 400 by field', () =>
    interaction(METRICS_STATES.pm, 'a new metric value out of its range')
      .post(listPath(), { ...fresh, value: 151 })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ value: METRICS_MESSAGES.valueRange('utilisation') })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.createMetricSubmission, {
          projectId: 1,
          submission: { ...fresh, value: 151 },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/metric-submissions/ without CAN_CREATE_METRICS_APPROVAL answers 403 naming it', () =>
    interaction(METRICS_STATES.auditor, 'a new metric value from a user who may not submit')
      .post(listPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_CREATE_METRICS_APPROVAL).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.createMetricSubmission, {
          projectId: 1,
          submission: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/{sid}/ changes the value of a returned submission', () =>
    interaction(METRICS_STATES.pm, 'a returned metric value changed by its submitter')
      .patch(onePath('returnedId'), { value: 2.8, comment: 'October export attached.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...reviewed('returned', 'Attach the October export.'),
          value: 2.8,
          comment: 'October export attached.',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateMetricSubmission, {
          ...ONE,
          patch: { value: 2.8, comment: 'October export attached.' },
        });
        expect(row.value).toBe(2.8);
      }));

  it('POST …/{sid}/evidence/ as multipart submits the draft with its one file', () =>
    interaction(METRICS_STATES.pm, 'the evidence of a draft metric value')
      .withRequest('POST', onePath('draftId', 'evidence/'), (b) =>
        b.multipartBody(
          'image/png',
          filePath('incidents.png', PNG),
          'files',
          'pep-metrics-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...submissionShape('submitted', evidenceShape('incidents.png')) }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadMetricEvidence, {
          ...ONE,
          file: new File([PNG], 'incidents.png', { type: 'image/png' }),
        });
        expect(row.state).toBe('submitted');
      }));

  it('POST …/{sid}/evidence/ with a type not listed answers 400 with the file error', () =>
    interaction(METRICS_STATES.pm, 'a text file as the evidence of a draft metric value')
      .withRequest('POST', onePath('draftId', 'evidence/'), (b) =>
        b.multipartBody(
          'text/plain',
          filePath('notes.txt', Buffer.from('Plain words.')),
          'files',
          'pep-metrics-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadMetricEvidence, {
          ...ONE,
          file: new File(['Plain words.'], 'notes.txt', { type: 'text/plain' }),
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('POST …/{sid}/decision/ approves a submitted value', () =>
    interaction(METRICS_STATES.qcl, 'an approval of a submitted metric value')
      .post(onePath('submittedId', 'decision/'), { decision: 'approve', comment: '' })
      .willRespondWith(200, (b) => b.jsonBody(reviewed('approved', '')))
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.decideMetricSubmission, {
          ...ONE,
          decision: { decision: 'approve', comment: '' },
        });
        expect(row.state).toBe('approved');
      }));

  it('POST …/{sid}/decision/ returning without a comment answers 400 on comment', () =>
    interaction(METRICS_STATES.qcl, 'a return of a submitted metric value without a comment')
      .post(onePath('submittedId', 'decision/'), { decision: 'return', comment: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ comment: METRICS_MESSAGES.returnComment })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.decideMetricSubmission, {
          ...ONE,
          decision: { decision: 'return', comment: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{sid}/decision/ without CAN_EDIT_METRICS_APPROVAL answers 403 naming it', () =>
    interaction(METRICS_STATES.pm, 'a decision on a metric value from a user who may not review')
      .post(onePath('submittedId', 'decision/'), { decision: 'approve', comment: '' })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_EDIT_METRICS_APPROVAL).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.decideMetricSubmission, {
          ...ONE,
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(403);
      }));
});
