import type { ProjectListItem } from '../../../src/api/contract/directory';
import { now } from '../../lib/clock';
import type { ApprovalsState, StoredApprovalEvent, StoredApprovalRequest } from './model';
import { seeded, type SeedPart } from '../../lib/seed';

/** Projects 1–12 of the fixtures: the ones the demo and the tests open. */
const CANONICAL = 12;
/** Persona user ids (fixtures/personas.json): the canonical projects' PM and QC lead, the owner of
 * the accounts of projects 1 and 2, and the administrator who keeps the portfolio. */
const USER = { admin: 1, pm: 2, qcl: 5, accountOwner: 9 } as const;

const at = (month: number, day: number, hour = 9) =>
  new Date(Date.UTC(2026, month - 1, day, hour)).toISOString();
/** A due date counted from the day the seed is built, so pending ones stay (over)due as meant. */
const inDays = (days: number) =>
  new Date(now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

const event = (
  kind: StoredApprovalEvent['event'],
  when: string,
  byId: number,
  comment = '',
): StoredApprovalEvent => ({ event: kind, at: when, by_id: byId, comment });

/**
 * The requests of each canonical project, with the projects' people (pm and qcl on every one,
 * account_owner on the accounts of projects 1 and 2): pending ones waiting on qcl (an exclusion from
 * KPI, reminded once), on pm (a profile validation raised by the QC lead, overdue) and, on projects
 * 1 and 2, on account_owner (an agreement sign-off); a scope change approved by qcl, a budget change
 * rejected by admin, a target change withdrawn by pm.
 */
export function buildApprovals(projects: readonly ProjectListItem[]): ApprovalsState {
  const approvalRequests: StoredApprovalRequest[] = [];
  const add = (
    request: Omit<StoredApprovalRequest, 'id' | 'decision_comment' | 'decided_at'> &
      Partial<Pick<StoredApprovalRequest, 'decision_comment' | 'decided_at'>>,
  ) =>
    approvalRequests.push({
      decision_comment: '',
      decided_at: null,
      ...request,
      id: approvalRequests.length + 1,
    });

  for (const project of projects) {
    if (project.id > CANONICAL) continue;
    const code = String(project.id).padStart(3, '0');
    const base = { project_id: project.id, due_by: inDays(7) };
    const kpiComment =
      'The client froze releases from 11/16 to 12/04: the misses of those weeks are not ours.';
    add({
      ...base,
      kind: 'kpi_exclusion',
      subject: 'Exclude November 2026 from the on-time delivery KPI',
      origin: 'project',
      requester_id: USER.pm,
      approver_id: USER.qcl,
      state: 'pending',
      raised_at: at(11, 10),
      comment: kpiComment,
      history: [
        event('raised', at(11, 10), USER.pm, kpiComment),
        event('reminded', at(11, 20), USER.pm),
      ],
    });
    if (project.id <= 2)
      add({
        ...base,
        kind: 'agreement_sign_off',
        subject: `Sign off change agreement CA-2026-${code}-03`,
        origin: 'project',
        requester_id: USER.pm,
        approver_id: USER.accountOwner,
        state: 'pending',
        raised_at: at(11, 16),
        due_by: inDays(14),
        comment: 'Adds two testers from January; the client signed on 11/13.',
        history: [
          event(
            'raised',
            at(11, 16),
            USER.pm,
            'Adds two testers from January; the client signed on 11/13.',
          ),
        ],
      });
    add({
      ...base,
      kind: 'profile_validation',
      subject: 'Validate the project profile for the Q4 2026 review',
      origin: 'external',
      requester_id: USER.qcl,
      approver_id: USER.pm,
      state: 'pending',
      raised_at: at(11, 18),
      due_by: inDays(-2),
      comment: '',
      history: [event('raised', at(11, 18), USER.qcl)],
    });
    add({
      ...base,
      kind: 'scope_change',
      subject: 'Add the reporting module to phase 2',
      origin: 'project',
      requester_id: USER.pm,
      approver_id: USER.qcl,
      state: 'approved',
      raised_at: at(9, 2),
      due_by: '2026-09-12',
      comment: 'The client asked for it in the steering committee of 09/01.',
      decision_comment: 'Plan the extra checks in the phase 2 planner.',
      decided_at: at(9, 5, 14),
      history: [
        event(
          'raised',
          at(9, 2),
          USER.pm,
          'The client asked for it in the steering committee of 09/01.',
        ),
        event('decided', at(9, 5, 14), USER.qcl, 'Plan the extra checks in the phase 2 planner.'),
      ],
    });
    add({
      ...base,
      kind: 'budget_change',
      subject: 'Raise the travel budget by 15%',
      origin: 'project',
      requester_id: USER.pm,
      approver_id: USER.admin,
      state: 'rejected',
      raised_at: at(10, 1),
      due_by: '2026-10-10',
      comment: '',
      decision_comment: 'Not this quarter: hold the workshops remotely.',
      decided_at: at(10, 6, 11),
      history: [
        event('raised', at(10, 1), USER.pm),
        event('reminded', at(10, 5), USER.pm),
        event(
          'decided',
          at(10, 6, 11),
          USER.admin,
          'Not this quarter: hold the workshops remotely.',
        ),
      ],
    });
    add({
      ...base,
      kind: 'target_change',
      subject: 'Lower the code coverage target to 70% for the legacy module',
      origin: 'project',
      requester_id: USER.pm,
      approver_id: USER.qcl,
      state: 'withdrawn',
      raised_at: at(10, 20),
      due_by: '2026-10-31',
      comment: '',
      history: [
        event('raised', at(10, 20), USER.pm),
        event('withdrawn', at(10, 22), USER.pm, 'The module is retired in December.'),
      ],
    });
  }
  return { approvalRequests };
}

export const approvalsSeed: SeedPart = {
  name: 'approvals',
  after: ['directory'],
  build: (_context, built) => buildApprovals(seeded(built, 'projects').projects),
};
