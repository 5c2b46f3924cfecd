import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { IsoEvidenceRef, IsoSetState } from '../../../src/api/contract/iso9001';
import type { IsoState, StoredIsoAssessment } from './model';
import type { MockState } from '../../store/state';
import { seeded, type SeedPart } from '../../lib/seed';

/** Projects 1–12 of the fixtures: the ones the demo and the tests open. */
const CANONICAL = 12;
const USER = { admin: 1, pm: 2, qcl: 5 } as const;
const UPDATED = '2026-10-15T09:00:00.000Z';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Records = Pick<MockState, 'polls' | 'risks' | 'agreements' | 'profileValidations'>;

/**
 * The assessments of the canonical projects, read from their own records: the signed contract,
 * SLA and SOW back the context clauses; the open risks back 6.1 (partly without any); a draft
 * change agreement leaves 6.3 partly; a finished check backs 9.1 (not compliant without one); an
 * approved audit makes 9.2 compliant, one under way partly, none not compliant with its review
 * overdue; open issues leave 10.2 partly; 8.4 does not apply to projects without suppliers. The
 * rest stays not assessed, for the demo to fill. Review dates count from the day the seed is built.
 */
export function buildIsoAssessments(
  records: Records,
  admin: PersonRef,
): IsoState['isoAssessments'] {
  const isoAssessments: StoredIsoAssessment[] = [];
  for (let projectId = 1; projectId <= CANONICAL; projectId += 1) {
    const add = (
      requirement: number,
      state: IsoSetState,
      evidence: IsoEvidenceRef[],
      fields: Partial<Pick<StoredIsoAssessment, 'note' | 'justification' | 'review_date'>> & {
        responsible?: number;
      } = {},
    ) =>
      isoAssessments.push({
        project_id: projectId,
        requirement,
        state,
        evidence,
        files: [],
        responsible_id: fields.responsible ?? USER.pm,
        review_date: fields.review_date ?? inDays(90),
        note: fields.note ?? '',
        justification: fields.justification ?? '',
        updated_at: UPDATED,
        updated_by: admin,
      });
    const agreements = records.agreements.filter((row) => row.project_id === projectId);
    const signed = (type: string) =>
      agreements.find((row) => row.type === type && row.state === 'signed');
    const contract = signed('contract');
    const sla = signed('sla');
    const sow = signed('sow');
    const draftChange = agreements.find((row) => row.type === 'change' && row.state === 'draft');
    const polls = records.polls.filter((poll) => poll.project_id === projectId);
    const risks = records.risks.filter((risk) => risk.project?.id === projectId);
    const openRisks = risks.filter((risk) => risk.kind === 'risk' && risk.status === 'open');
    const openIssues = risks.filter((risk) => risk.kind === 'issue' && risk.status === 'open');
    const finished = polls.find(
      (poll) => poll.status === 'finished' && poll.type !== 'audit_check',
    );
    const audits = polls.filter((poll) => poll.type === 'audit_check');
    const approvedAudit = audits.find((poll) => poll.status === 'review_completed');
    const runningAudit = audits.find((poll) =>
      ['new', 'pre_start', 'started', 'expert', 'supervisor_review'].includes(poll.status),
    );
    const profileFiles =
      records.profileValidations.find((row) => row.project_id === projectId)?.files ?? [];

    if (contract)
      add(401, 'compliant', [{ kind: 'agreement', id: contract.id }], {
        note: 'The master contract names the client’s business drivers.',
      });
    if (sla) add(402, 'compliant', [{ kind: 'agreement', id: sla.id }]);
    if (sow)
      add(403, 'compliant', [
        { kind: 'agreement', id: sow.id },
        ...sow.documents.slice(0, 1).map((file) => ({ kind: 'document' as const, id: file.id })),
      ]);
    add(503, 'partly', [], {
      responsible: USER.qcl,
      note: 'The ownership matrix is not validated yet.',
      review_date: inDays(30),
    });
    if (openRisks.length > 0)
      add(
        601,
        'compliant',
        openRisks.slice(0, 3).map((risk) => ({ kind: 'risk' as const, id: risk.id })),
      );
    else
      add(601, 'partly', [], {
        note: 'No open risk is registered: confirm at the next check.',
        review_date: inDays(21),
      });
    if (draftChange)
      add(603, 'partly', [{ kind: 'agreement', id: draftChange.id }], {
        note: `Change agreement ${draftChange.reference} is still a draft.`,
        review_date: inDays(14),
      });
    if (profileFiles.length > 0)
      add(
        705,
        'compliant',
        profileFiles.map((file) => ({ kind: 'document' as const, id: file.id })),
        { responsible: USER.qcl },
      );
    if (sow) add(802, 'compliant', [{ kind: 'agreement', id: sow.id }]);
    if (projectId % 3 !== 0)
      add(804, 'not_applicable', [], {
        justification: 'The project has no subcontractors or external suppliers.',
        responsible: USER.admin,
        review_date: inDays(180),
      });
    if (finished) add(901, 'compliant', [{ kind: 'check', id: finished.id }]);
    else
      add(901, 'not_compliant', [], {
        note: 'No finished check measures the project yet.',
        review_date: inDays(45),
      });
    if (approvedAudit)
      add(902, 'compliant', [{ kind: 'check', id: approvedAudit.id }], { responsible: USER.qcl });
    else if (runningAudit)
      add(902, 'partly', [{ kind: 'check', id: runningAudit.id }], {
        responsible: USER.qcl,
        note: 'The audit is under way; its report is not approved yet.',
      });
    else
      add(902, 'not_compliant', [], {
        responsible: USER.qcl,
        note: 'No internal audit is planned for the project.',
        review_date: inDays(-14),
      });
    if (openIssues.length > 0)
      add(
        1002,
        'partly',
        openIssues.slice(0, 3).map((issue) => ({ kind: 'risk' as const, id: issue.id })),
        { note: 'Corrective actions of the open issues are not closed yet.' },
      );
  }
  return isoAssessments;
}

/** Read from the checks (with the earlier years'), risks, agreements and profile validations. */
export const iso9001Seed: SeedPart = {
  name: 'iso9001',
  after: ['checkHistory', 'risks', 'agreements', 'attributes'],
  build: (_context, built) => {
    const records = seeded(built, 'polls', 'risks', 'agreements', 'profileValidations', 'people');
    return {
      isoAssessments: buildIsoAssessments(
        records,
        records.people.find(({ id }) => id === 1)!,
      ),
    };
  },
};
