import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_METRICS,
  METRICS_MESSAGES,
  SUBMISSION_EVENTS,
  SUBMISSION_STATES,
  type NewMetricSubmission,
} from '../../../api/contract/metricsApprovals';
import { FILE_ERROR } from '../../../api/contract/risks';
import { cardFileShape } from '../../../testing/pact/cardShapes';
import { dateTime, drfDetail, fieldErrors } from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { METRICS_STATES } from '../../../testing/pact/states';
import { examplesFolder } from '../../../testing/pact/uploads';
import { metricsApprovalsApi } from './api';

const { eachLike, integer, number, regex, string } = MatchersV3;
const api = metricsApprovalsApi.endpoints;
const AT = '2026-11-02T09:15:00.000Z';
const PERSON = () => personShape(2, 'Priya Nair', 'pnair');

/** The ids the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = { projectId: 1, submittedId: 1, returnedId: 3, draftId: 10 };

const evidenceShape = (name = 'milestones-2026-10.png') =>
  cardFileShape('/api/metric-evidence', name);

const eventShape = {
  kind: oneOf(SUBMISSION_EVENTS, 'submitted'),
  by: PERSON(),
  at: dateTime(AT),
  value: number(92.5),
  comment: string('Two of 27 milestones late.'),
};

/** A submitted value, never reviewed; `state` exact when the interaction fixes it. */
const submissionShape = (state?: string, evidence: unknown = evidenceShape()) => ({
  id: integer(EXAMPLE.submittedId),
  metric: oneOf(APPROVAL_METRICS, 'on_time_delivery'),
  period: regex('^\\d{4}-(0[1-9]|1[0-2])$', '2026-10'),
  value: number(92.5),
  comment: string('Two of 27 milestones late.'),
  evidence,
  state: state ?? oneOf(SUBMISSION_STATES, 'submitted'),
  submitted_by: PERSON(),
  submitted_at: dateTime(AT),
  reviewed_by: null,
  reviewed_at: null,
  decision_comment: string(''),
  history: eachLike(eventShape),
});

/** A value with its last decision. */
const reviewed = (state: string, comment: string) => ({
  ...submissionShape(state),
  reviewed_by: personShape(5, 'Omar Haddad', 'ohaddad'),
  reviewed_at: dateTime(AT),
  decision_comment: string(comment),
});

/** `/api/projects/${projectId}/metric-submissions/…` with the ids the state names. */
const submissionsPath = (suffix = '') =>
  statePath(`/api/projects/\${projectId}/metric-submissions/${suffix}`, EXAMPLE);
const onePath = (id: 'submittedId' | 'returnedId' | 'draftId', suffix = '') =>
  submissionsPath(`\${${id}}/${suffix}`);
const one = (id: 'submittedId' | 'returnedId' | 'draftId') => ({
  projectId: EXAMPLE.projectId,
  submissionId: EXAMPLE[id],
});
const readerWith = (state: 'submitted' | 'returned') => ({
  state: METRICS_STATES.reader,
  params: { state },
});

const fresh: NewMetricSubmission = {
  metric: 'utilisation',
  period: '2026-06',
  value: 86.5,
  comment: 'From the timesheets.',
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('evidence'),
]);

describe('metrics approvals calls', () => {
  const interaction = interactionsOf(createPact());
  const examplePath = examplesFolder('metrics');

  it('GET /api/projects/{id}/metric-submissions/ lists values waiting for review with their evidence and history', () =>
    interaction(readerWith('submitted'), 'a request for the metrics approvals of a project')
      .get(submissionsPath())
      .willRespondWith(200, (b) => b.jsonBody(eachLike(submissionShape())))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getMetricSubmissions, EXAMPLE.projectId);
        expect(rows[0]?.reviewed_by).toBeNull();
        expect(rows[0]?.evidence?.url).toMatch(/^\/api\/metric-evidence\//);
      }));

  it('GET /api/projects/{id}/metric-submissions/ lists returned values with their last decision', () =>
    interaction(
      readerWith('returned'),
      'a request for the metrics approvals of a project with returned values',
    )
      .get(submissionsPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike(reviewed('returned', 'Attach the October export.'))),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getMetricSubmissions, EXAMPLE.projectId);
        expect(rows[0]?.state).toBe('returned');
        expect(rows[0]?.decision_comment).toBe('Attach the October export.');
      }));

  it('POST …/metric-submissions/ makes a draft awaiting its evidence', () =>
    interaction(METRICS_STATES.submitter, 'a new metric value')
      .post(submissionsPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...submissionShape('draft', null),
          ...fresh,
          id: integer(10),
          submitted_at: null,
          decision_comment: '',
          history: [],
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.createMetricSubmission, {
          projectId: EXAMPLE.projectId,
          submission: fresh,
        });
        expect(row.state).toBe('draft');
        expect(row.evidence).toBeNull();
      }));

  it('POST …/metric-submissions/ with a value out of range answers 400 by field', () =>
    interaction(METRICS_STATES.submitter, 'a new metric value out of its range')
      .post(submissionsPath(), { ...fresh, value: 151 })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ value: METRICS_MESSAGES.valueRange('utilisation') })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.createMetricSubmission, {
          projectId: EXAMPLE.projectId,
          submission: { ...fresh, value: 151 },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/metric-submissions/ without CAN_CREATE_METRICS_APPROVAL answers 403 naming it', () =>
    interaction(readerWith('submitted'), 'a new metric value from a user who may not submit')
      .post(submissionsPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_CREATE_METRICS_APPROVAL).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.createMetricSubmission, {
          projectId: EXAMPLE.projectId,
          submission: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/{sid}/ changes the value of a returned submission', () =>
    interaction(METRICS_STATES.submitter, 'a returned metric value changed by its submitter')
      .patch(onePath('returnedId'), { value: 2.8, comment: 'October export attached.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...reviewed('returned', 'Attach the October export.'),
          id: stateId('returnedId', EXAMPLE.returnedId),
          value: 2.8,
          comment: 'October export attached.',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.updateMetricSubmission, {
          ...one('returnedId'),
          patch: { value: 2.8, comment: 'October export attached.' },
        });
        expect(row.value).toBe(2.8);
      }));

  it('POST …/{sid}/evidence/ as multipart submits the draft with its one file', () =>
    interaction(METRICS_STATES.submitter, 'the evidence of a draft metric value')
      .withRequest('POST', onePath('draftId', 'evidence/'), (b) =>
        b.multipartBody(
          'image/png',
          examplePath('incidents.png', PNG.toString('latin1')),
          'files',
          'pep-metrics-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...submissionShape('submitted', evidenceShape('incidents.png')),
          id: stateId('draftId', EXAMPLE.draftId),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.uploadMetricEvidence, {
          ...one('draftId'),
          file: new File([PNG], 'incidents.png', { type: 'image/png' }),
        });
        expect(row.state).toBe('submitted');
        expect(row.evidence?.file_name).toBe('incidents.png');
      }));

  it('POST …/{sid}/evidence/ with a type not listed answers 400 with the file error', () =>
    interaction(METRICS_STATES.submitter, 'a text file as the evidence of a draft metric value')
      .withRequest('POST', onePath('draftId', 'evidence/'), (b) =>
        b.multipartBody(
          'text/plain',
          examplePath('notes.txt', 'Plain words.'),
          'files',
          'pep-metrics-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadMetricEvidence, {
          ...one('draftId'),
          file: new File(['Plain words.'], 'notes.txt', { type: 'text/plain' }),
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('POST …/{sid}/decision/ approves a submitted value', () =>
    interaction(METRICS_STATES.reviewer, 'an approval of a submitted metric value')
      .post(onePath('submittedId', 'decision/'), { decision: 'approve', comment: '' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...reviewed('approved', ''),
          id: stateId('submittedId', EXAMPLE.submittedId),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, api.decideMetricSubmission, {
          ...one('submittedId'),
          decision: { decision: 'approve', comment: '' },
        });
        expect(row.state).toBe('approved');
        expect(row.reviewed_by).not.toBeNull();
      }));

  it('POST …/{sid}/decision/ returning without a comment answers 400 on comment', () =>
    interaction(METRICS_STATES.reviewer, 'a return of a submitted metric value without a comment')
      .post(onePath('submittedId', 'decision/'), { decision: 'return', comment: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ comment: METRICS_MESSAGES.returnComment })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.decideMetricSubmission, {
          ...one('submittedId'),
          decision: { decision: 'return', comment: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{sid}/decision/ without CAN_EDIT_METRICS_APPROVAL answers 403 naming it', () =>
    interaction(
      METRICS_STATES.submitter,
      'a decision on a metric value from a user who may not review',
    )
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
          ...one('submittedId'),
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(403);
      }));
});
