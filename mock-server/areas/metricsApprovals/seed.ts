import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { ApprovalMetric } from '../../../src/api/contract/metricsApprovals';
import {
  METRIC_FILE_SEED_BASE,
  type MetricsApprovalsState,
  type StoredMetricSubmission,
} from './model';
import type { StoredSubmissionEvent } from './state';
import { seeded, type SeedPart } from '../../lib/seed';

/** The project manager and the QC lead of every canonical project (mock-server/areas/checks/seed.ts). */
const PM = 2;
const QCL = 5;

type Step = [kind: StoredSubmissionEvent['kind'], value: number, comment: string];

interface SeedSubmission {
  project: number;
  metric: ApprovalMetric;
  period: string;
  evidence: string;
  /** The steps, oldest first; the last gives the state. */
  steps: Step[];
}

const RETURNED_EVIDENCE = 'The report covers September, not October: attach the October export.';

/**
 * Projects 1 and 2 report their monthly metrics: pm submits each with a screenshot of its source,
 * the QC lead reviews. Project 1 holds one of each state and life: waiting for review, approved at
 * once, returned, resubmitted after a return, and approved after one. Project 2 has one
 * submitted, one approved and one returned. The current month is left free for a new submission.
 */
const SUBMISSIONS: readonly SeedSubmission[] = [
  {
    project: 1,
    metric: 'on_time_delivery',
    period: '2026-10',
    evidence: 'milestones-2026-10.png',
    steps: [['submitted', 92.5, 'Two of 27 milestones late, both agreed with the client.']],
  },
  {
    project: 1,
    metric: 'csat',
    period: '2026-10',
    evidence: 'client-survey-2026-10.png',
    steps: [
      ['submitted', 4.4, 'Quarterly client survey, 9 answers.'],
      ['approved', 4.4, 'Matches the survey export.'],
    ],
  },
  {
    project: 1,
    metric: 'defect_leakage',
    period: '2026-10',
    evidence: 'defects-2026-09.png',
    steps: [
      ['submitted', 3.1, ''],
      ['returned', 3.1, RETURNED_EVIDENCE],
    ],
  },
  {
    project: 1,
    metric: 'utilisation',
    period: '2026-09',
    evidence: 'timesheets-2026-09-corrected.png',
    steps: [
      ['submitted', 112, 'Overtime in the release week.'],
      ['returned', 112, 'Above 100% needs the approved overtime: add it to the evidence.'],
      ['resubmitted', 108.5, 'Approved overtime only; the rest was unpaid training.'],
    ],
  },
  {
    project: 1,
    metric: 'on_time_delivery',
    period: '2026-09',
    evidence: 'milestones-2026-09.png',
    steps: [
      ['submitted', 100, ''],
      ['returned', 100, 'Milestone M7 slipped to October: count it as late.'],
      ['resubmitted', 96.3, 'M7 counted as late.'],
      ['approved', 96.3, ''],
    ],
  },
  {
    project: 1,
    metric: 'csat',
    period: '2026-09',
    evidence: 'client-survey-2026-09.png',
    steps: [
      ['submitted', 4.1, ''],
      ['approved', 4.1, ''],
    ],
  },
  {
    project: 2,
    metric: 'on_time_delivery',
    period: '2026-10',
    evidence: 'release-plan-2026-10.png',
    steps: [['submitted', 88, 'Release 3.2 moved by a week at the client’s request.']],
  },
  {
    project: 2,
    metric: 'escaped_incidents',
    period: '2026-10',
    evidence: 'incident-log-2026-10.png',
    steps: [
      ['submitted', 2, 'Both priority 3.'],
      ['approved', 2, ''],
    ],
  },
  {
    project: 2,
    metric: 'utilisation',
    period: '2026-10',
    evidence: 'capacity-2026-10.png',
    steps: [
      ['submitted', 74, ''],
      ['returned', 74, 'The evidence shows 79%: check the bench days.'],
    ],
  },
];

/** The day of step `index` of the `row`-th submission: from the first days of the next month. */
function dayOf(period: string, row: number, index: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 2 + index * 2, 9 + (row % 6), 15)).toISOString();
}

export function buildMetricsApprovals(people: PersonRef[]): MetricsApprovalsState {
  const pm = people.find((person) => person.id === PM) ?? { id: PM, name: 'PM', login: '' };
  const metricSubmissions = SUBMISSIONS.map((seed, row): StoredMetricSubmission => {
    const history = seed.steps.map(([kind, value, comment], index): StoredSubmissionEvent => ({
      kind,
      by_id: kind === 'approved' || kind === 'returned' ? QCL : PM,
      at: dayOf(seed.period, row, index),
      value,
      comment,
    }));
    const submitted = history.filter(
      (event) => event.kind !== 'approved' && event.kind !== 'returned',
    );
    const lastSubmit = submitted[submitted.length - 1]!;
    const last = history[history.length - 1]!;
    // The last decision stays on a value resubmitted after a return, as the mock keeps it.
    const decided =
      history.findLast((event) => event.kind === 'approved' || event.kind === 'returned') ?? null;
    return {
      id: row + 1,
      project_id: seed.project,
      metric: seed.metric,
      period: seed.period,
      value: lastSubmit.value,
      comment: lastSubmit.comment,
      evidence: {
        id: METRIC_FILE_SEED_BASE + row + 1,
        file_name: seed.evidence,
        size: 48_213 + row * 1_117,
        uploaded_at: lastSubmit.at,
        uploaded_by: pm,
      },
      state: last.kind === 'approved' || last.kind === 'returned' ? last.kind : 'submitted',
      submitted_by_id: PM,
      submitted_at: lastSubmit.at,
      reviewed_by_id: decided ? QCL : null,
      reviewed_at: decided?.at ?? null,
      decision_comment: decided?.comment ?? '',
      history,
    };
  });
  return { metricSubmissions };
}

export const metricsApprovalsSeed: SeedPart = {
  name: 'metricsApprovals',
  after: ['checks'],
  build: (_context, built) => buildMetricsApprovals(seeded(built, 'people').people),
};
