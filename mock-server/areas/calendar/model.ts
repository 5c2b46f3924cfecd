import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import type { CalendarEvent, CalendarKind } from '../../../src/api/contract/calendar';
import { PLANNER_FLAGS } from '../../../src/api/contract/planner';
import { PLANNER_PERIOD_FLAGS } from '../../../src/api/contract/plannerPeriods';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../../src/api/contract/pollLabels';
import type { Persona } from '../../auth/personas';
import { personOf } from '../../lib/people';
import { checkName, seesFindingAction, seesOutcomes } from '../survey/findings';
import { canSee as canSeePoll, participantOf } from '../checks/model';
import type { MockState } from '../../store/state';
import { canSee as canSeeRisk } from '../risks/access';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** A type's label inside a sentence: 'Health check' → 'health check', 'QMO self check' kept. */
const typeInText = (label: string) =>
  label.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());

/** What a calendar query asks for: a stretch of days, kinds, a place, the user's own items. */
export interface Stretch {
  start: string;
  end: string;
  kinds: ReadonlySet<CalendarKind>;
  account?: number;
  project?: number;
  mine: boolean;
}

/** Every event of the stretch this persona may see, by start date then title. */
export function calendarEvents(
  state: MockState,
  persona: Persona,
  stretch: Stretch,
): CalendarEvent[] {
  const projects = new Map(state.projects.map((project) => [project.id, project]));
  const placeOf = (projectId: number | null) => {
    const project = projectId === null ? undefined : projects.get(projectId);
    return project
      ? {
          project: { id: project.id, name: project.name },
          account: { id: project.account_id, name: project.account_name },
        }
      : { project: null, account: null };
  };
  const has = (flag: string) => persona.permissions.includes(flag);
  const events: CalendarEvent[] = [];
  const want = (kind: CalendarKind) => stretch.kinds.has(kind);

  if (want('check')) {
    // A check that came from the plan runs in its planned week, whatever its due date became.
    const plannedWeeks = new Map<number, string>();
    for (const check of state.plannedChecks)
      if (check.poll_id !== null) plannedWeeks.set(check.poll_id, check.planned_week);
    for (const poll of state.polls) {
      if (poll.status === 'canceled' || !canSeePoll(persona, poll)) continue;
      const planned = plannedWeeks.get(poll.id);
      const monday = planned
        ? parseISO(planned)
        : startOfISOWeek(parseISO(poll.due_date.slice(0, 10)));
      events.push({
        id: `check-${poll.id}`,
        kind: 'check',
        title: `${checkName(poll)} · ${projects.get(poll.project_id)?.name ?? `Project ${poll.project_id}`}`,
        start: iso(monday),
        end: iso(addDays(monday, 4)),
        status: POLL_STATUS_LABELS[poll.status],
        ...placeOf(poll.project_id),
        owner: null,
        mine: participantOf(poll, persona.userId) !== undefined,
        path: `/checks/${poll.id}`,
      });
    }
    // A planned check not started yet: to those who see the planner, and to its experts.
    for (const check of state.plannedChecks) {
      if (check.poll_id !== null) continue;
      const mine = check.experts.some((expert) => expert.user_id === persona.userId);
      if (!mine && !has(PLANNER_FLAGS.view)) continue;
      const monday = parseISO(check.planned_week);
      events.push({
        id: `planned-check-${check.id}`,
        kind: 'check',
        title: `Planned ${typeInText(POLL_TYPE_LABELS[check.type])}: ${projects.get(check.project_id)?.name ?? `Project ${check.project_id}`}`,
        start: iso(monday),
        end: iso(addDays(monday, 4)),
        status: 'planned',
        ...placeOf(check.project_id),
        owner: null,
        mine,
        path: has(PLANNER_FLAGS.view) ? `/planning?check=${check.id}` : null,
      });
    }
  }

  if (want('period') && has(PLANNER_PERIOD_FLAGS.view))
    for (const period of state.plannerPeriods)
      for (const edge of ['start', 'end'] as const) {
        const date = edge === 'start' ? period.start_date : period.end_date;
        events.push({
          id: `period-${period.id}-${edge}`,
          kind: 'period',
          title: `${period.name} ${edge === 'start' ? 'starts' : 'ends'}`,
          start: date,
          end: date,
          status: edge,
          project: null,
          account: null,
          owner: null,
          mine: false,
          path: '/planning/periods',
        });
      }

  const openRisks = state.risks.filter(
    (risk) => risk.status === 'open' && canSeeRisk(persona, risk),
  );
  for (const risk of openRisks) {
    if (!risk.due_date || !want(risk.kind)) continue;
    events.push({
      id: `${risk.kind}-${risk.id}`,
      kind: risk.kind,
      title: `${risk.kind === 'risk' ? 'Risk' : 'Issue'} ${risk.id} due: ${risk.statement}`,
      start: risk.due_date,
      end: risk.due_date,
      status: 'open',
      project: risk.project,
      account: risk.account,
      owner: risk.owner,
      mine: risk.owner.id === persona.userId,
      path: `/risks/${risk.id}`,
    });
  }

  if (want('action_item')) {
    const risks = new Map(openRisks.map((risk) => [risk.id, risk]));
    for (const item of state.riskActionItems) {
      const risk = risks.get(item.risk_id);
      if (item.done || !risk || !item.due_date) continue;
      events.push({
        id: `action-item-${item.id}`,
        kind: 'action_item',
        title: `Action item due: ${item.title}`,
        start: item.due_date,
        end: item.due_date,
        status: 'open',
        project: risk.project,
        account: risk.account,
        owner: item.owner,
        mine: item.owner.id === persona.userId,
        path: `/risks/${risk.id}`,
      });
    }
    const polls = new Map(state.polls.map((poll) => [poll.id, poll]));
    for (const outcome of state.outcomes) {
      const poll = polls.get(outcome.poll_id);
      if (outcome.done_at !== null || !outcome.due_date || !poll) continue;
      if (!seesFindingAction(persona, poll, outcome)) continue;
      events.push({
        id: `finding-${outcome.id}`,
        kind: 'action_item',
        title: `Corrective action due: ${outcome.title}`,
        start: outcome.due_date,
        end: outcome.due_date,
        status: 'open',
        ...placeOf(poll.project_id),
        owner: personOf(state, outcome.owner_id!),
        mine: outcome.owner_id === persona.userId,
        path: seesOutcomes(persona, poll)
          ? `/audit-survey/${poll.id}/outcomes`
          : has('CAN_VIEW_PROJECT_CARD')
            ? `/projects/${poll.project_id}/action-items`
            : null,
      });
    }
  }

  return events
    .filter(
      (event) =>
        event.start <= stretch.end &&
        event.end >= stretch.start &&
        (!stretch.mine || event.mine) &&
        (stretch.project === undefined || event.project?.id === stretch.project) &&
        (stretch.account === undefined || event.account?.id === stretch.account),
    )
    .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title, 'en'));
}
