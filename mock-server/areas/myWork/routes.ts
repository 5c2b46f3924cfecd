import { CHECKLIST_FLAGS, CHECKLIST_STATE_LABELS } from '../../../src/api/contract/checklists';
import { LEVEL_LABELS, entityLabel, formatDate } from '../../../src/api/contract/display';
import {
  MY_WORK_CHECK_WAITING,
  MY_WORK_DUE_DAYS,
  MY_WORK_GROUP_LIMIT,
  type MyWork,
  type MyWorkGroup,
  type MyWorkItem,
  type MyWorkKind,
} from '../../../src/api/contract/myWork';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../../src/api/contract/pollLabels';
import { canListChecks } from '../../../src/api/contract/pollRules';
import { RISK_LEVELS } from '../../../src/api/contract/risks';
import {
  APPROVAL_KIND_LABELS,
  APPROVALS_PATH,
  waitingApprovalPath,
} from '../../../src/api/contract/approvals';
import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { today as todayIso } from '../../lib/clock';
import { json } from '../../lib/http';
import { route } from '../../lib/routes';
import type { MockState } from '../../store/state';
import { canSee as canSeeCheck, waitingFor } from '../checks/model';
import { seesChecklist } from '../checklists/model';
import { seesAllRisks, isReceiver, canSee as canSeeRisk } from '../risks/access';
import { openActionItemsOf } from '../risks/actionItems';
import type { StoredActionItem } from '../risks/model';
import { approvalsWaitingOn } from '../approvals/model';

/**
 * `GET /api/my-work/`: what waits for the signed-in person, each group built with the rule of the
 * list its `path` opens (the checks list's `waiting`, the risk register's owner, status and due
 * filters of one level, the checklists' state, the pending action requests), so the counts agree.
 */
export const myWork: Area = {
  feature: 'welcome',
  routes: ({ db }) => [
    route.get('/my-work/', ({ auth: { persona } }) => {
      const state = db.getState();
      const today = todayIso();
      const groups = [
        ...checkGroups(state, persona, today),
        ...riskGroups(state, persona, today),
        ...actionItemGroups(state, persona, today),
        ...checklistGroups(state, persona, today),
        ...approvalGroups(state, persona, today),
        ...actionRequestGroups(state, persona),
      ];
      const body: MyWork = { today, groups };
      return json(body);
    }),
  ],
};

/** A group of the records that wait, the first MY_WORK_GROUP_LIMIT by due date; none when empty. */
function groupOf(
  kind: MyWorkKind,
  label: string,
  path: string,
  items: MyWorkItem[],
): MyWorkGroup[] {
  if (items.length === 0) return [];
  const sorted = [...items].sort(
    (a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.id - b.id,
  );
  return [{ kind, label, path, count: items.length, items: sorted.slice(0, MY_WORK_GROUP_LIMIT) }];
}

const isOverdue = (due: string | null, today: string) => due !== null && due < today;

function checkGroups(state: MockState, persona: Persona, today: string): MyWorkGroup[] {
  if (!canListChecks(persona.permissions)) return [];
  const projectName = new Map(state.projects.map((project) => [project.id, project.name]));
  return (['checks_to_answer', 'checks_to_review'] as const).flatMap((kind) => {
    const waiting = MY_WORK_CHECK_WAITING[kind];
    const items = state.polls
      .filter((poll) => canSeeCheck(persona, poll) && waitingFor(persona, poll) === waiting)
      .map((poll): MyWorkItem => ({
        id: poll.id,
        title: `${projectName.get(poll.project_id) ?? `Project ${poll.project_id}`} · ${
          POLL_TYPE_LABELS[poll.type]
        } ${poll.index}`,
        detail: POLL_STATUS_LABELS[poll.status],
        due_date: poll.due_date,
        overdue: isOverdue(poll.due_date, today),
        path: `/checks/${poll.id}`,
      }));
    const label = kind === 'checks_to_answer' ? 'Checks to answer' : 'Checks to review';
    return groupOf(kind, label, `/checks?waiting=${waiting}`, items);
  });
}

/** The day MY_WORK_DUE_DAYS after today, YYYY-MM-DD. */
function dueLimit(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + MY_WORK_DUE_DAYS);
  return day.toISOString().slice(0, 10);
}

/** Per level, as the register lists one level at a time: open ones the person owns, due soon. */
function riskGroups(state: MockState, persona: Persona, today: string): MyWorkGroup[] {
  const limit = dueLimit(today);
  const seesAll = seesAllRisks(persona);
  return RISK_LEVELS.flatMap((level) => {
    const items = state.risks
      .filter(
        (risk) =>
          risk.level === level &&
          (seesAll || isReceiver(persona, risk)) &&
          risk.owner.id === persona.userId &&
          risk.status === 'open' &&
          risk.due_date !== null &&
          risk.due_date <= limit,
      )
      .map((risk): MyWorkItem => ({
        id: risk.id,
        title: risk.statement,
        detail: `${entityLabel(level, risk.kind)} ${risk.id} · ${risk.scope.name}`,
        due_date: risk.due_date,
        overdue: isOverdue(risk.due_date, today),
        path: `/risks/${risk.id}`,
      }));
    const label = `${LEVEL_LABELS[level].replace(/ level$/, '')} risks and issues you own, due by ${formatDate(limit)}`;
    const path = `/risks?level=${level}&owner=${persona.userId}&status=open&due_before=${limit}`;
    return groupOf('risks_due', label, path, items);
  });
}

/**
 * Per level, as the register lists one level at a time: the risks and issues the person may see
 * with an action item of theirs not done and due soon (or past), as the register's
 * `action_owner` and `action_due_before` filters keep them (the same `openActionItemsOf`).
 */
function actionItemGroups(state: MockState, persona: Persona, today: string): MyWorkGroup[] {
  const limit = dueLimit(today);
  const waiting = new Map<number, StoredActionItem[]>();
  for (const item of openActionItemsOf(state, persona.userId, limit))
    waiting.set(item.risk_id, [...(waiting.get(item.risk_id) ?? []), item]);
  return RISK_LEVELS.flatMap((level) => {
    const items = state.risks
      .filter((risk) => risk.level === level && waiting.has(risk.id) && canSeeRisk(persona, risk))
      .map((risk): MyWorkItem => {
        const actions = waiting
          .get(risk.id)!
          .sort((a, b) => a.due_date!.localeCompare(b.due_date!));
        const first = actions[0]!;
        return {
          id: risk.id,
          title:
            actions.length > 1 ? `${first.title} (and ${actions.length - 1} more)` : first.title,
          detail: `${entityLabel(level, risk.kind)} ${risk.id} · ${risk.scope.name}`,
          due_date: first.due_date,
          overdue: isOverdue(first.due_date, today),
          path: `/risks/${risk.id}?tab=action-items`,
        };
      });
    const label = `${LEVEL_LABELS[level].replace(/ level$/, '')} risks and issues with your action items due by ${formatDate(limit)}`;
    const path = `/risks?level=${level}&action_owner=${persona.userId}&action_due_before=${limit}`;
    return groupOf('action_items', label, path, items);
  });
}

/**
 * One group across projects: the requests waiting on the person's decision, as `/approvals` lists
 * them (the same `approvalsWaitingOn`, so the counts agree); each item opens the request on its
 * project's Approvals tab.
 */
function approvalGroups(state: MockState, persona: Persona, today: string): MyWorkGroup[] {
  const items = approvalsWaitingOn(state, persona).map((request): MyWorkItem => ({
    id: request.id,
    title: request.subject,
    detail: `${request.project.name} · ${APPROVAL_KIND_LABELS[request.kind]} from ${request.requester.name}`,
    due_date: request.due_by,
    overdue: isOverdue(request.due_by, today),
    path: waitingApprovalPath(request.project.id, request.id),
  }));
  return groupOf('approvals', 'Approvals waiting on you', APPROVALS_PATH, items);
}

function checklistGroups(state: MockState, persona: Persona, today: string): MyWorkGroup[] {
  if (!persona.permissions.includes(CHECKLIST_FLAGS.view)) return [];
  const projectName = new Map(state.projects.map((project) => [project.id, project.name]));
  return (['available', 'in_progress'] as const).flatMap((checklistState) => {
    const items = state.checklists
      .filter(
        (checklist) => seesChecklist(persona, checklist) && checklist.state === checklistState,
      )
      .map((checklist): MyWorkItem => ({
        id: checklist.id,
        title: checklist.template_name,
        detail: projectName.get(checklist.project_id) ?? `Project ${checklist.project_id}`,
        due_date: checklist.due_date,
        overdue: isOverdue(checklist.due_date, today),
        path: `/project-checklists/${checklist.id}`,
      }));
    // Both groups are checklists to fill, as the sidebar's counter counts them: the two add up
    // to it. The state names the list's filter and the rows' State column.
    const label = `Checklists to fill · ${CHECKLIST_STATE_LABELS[checklistState]}`;
    return groupOf('checklists', label, `/project-checklists?state=${checklistState}`, items);
  });
}

function actionRequestGroups(state: MockState, persona: Persona): MyWorkGroup[] {
  const items = state.actionRequests
    .filter((request) => request.recipient.id === persona.userId && request.status === 'pending')
    .map((request): MyWorkItem => ({
      id: request.id,
      title: request.subject.title,
      detail: `${request.kind[0]!.toUpperCase()}${request.kind.slice(1)} from ${
        request.requested_by.name
      } · ${entityLabel(request.subject.level, request.subject.type)} ${request.subject.id}`,
      due_date: null,
      overdue: false,
      path: `/risks/${request.subject.id}`,
    }));
  return groupOf(
    'action_requests',
    'Action requests awaiting your decision',
    '/notifications',
    items,
  );
}
