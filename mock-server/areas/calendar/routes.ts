import { addDays, differenceInCalendarDays, format, parseISO, startOfISOWeek } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import {
  CALENDAR_KINDS,
  CALENDAR_MAX_DAYS,
  CALENDAR_QUERY_ERRORS,
  type CalendarEvent,
  type CalendarKind,
} from '../../../src/api/contract/calendar';
import { NAV_PERMISSIONS } from '../../../src/api/contract/permissions';
import { PLANNER_FLAGS } from '../../../src/api/contract/planner';
import { PLANNER_PERIOD_FLAGS } from '../../../src/api/contract/plannerPeriods';
import { POLL_STATUS_LABELS, POLL_TYPE_LABELS } from '../../../src/api/contract/pollLabels';
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import { toICalendar } from './ics';
import { FieldErrors, INVALID_CHOICE, queryInteger, rejected } from '../../drf';
import { checkName, seesFindingAction, seesOutcomes } from '../../polls/findings';
import { canSee as canSeePoll, participantOf } from '../../polls/view';
import { canSee as canSeeRisk } from '../risks/access';
import type { MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { lacksFlag } from '../../routes/projects';
import { personOf } from '../../lib/people';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** A type's label inside a sentence: 'Health check' → 'health check', 'QMO self check' kept. */
const typeInText = (label: string) =>
  label.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());

interface Stretch {
  start: string;
  end: string;
  kinds: ReadonlySet<CalendarKind>;
  account?: number;
  project?: number;
  mine: boolean;
}

/**
 * The calendar: `GET /api/calendar/events/` (CAN_VIEW_SCHEDULER), the dated records of a stretch
 * of days as events (src/api/contract/calendar.ts), and `GET /api/calendar/events/ics/`, the
 * user's own ones as an iCalendar file.
 */
export function calendarRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/calendar/events/', (req, res) => {
    const asked = stretchOf(req, res);
    if (asked) res.json(calendarEvents(db.getState(), asked.persona, asked.stretch));
  });

  router.get('/calendar/events/ics/', (req, res) => {
    const asked = stretchOf(req, res);
    if (!asked) return;
    const events = calendarEvents(db.getState(), asked.persona, { ...asked.stretch, mine: true });
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    res
      .type('text/calendar; charset=utf-8')
      .attachment('project-excellence-my-items.ics')
      .send(toICalendar(events, origin));
  });

  return router;
}

/** The persona and the stretch the query asks for, or a 403 / 400 already sent. */
function stretchOf(
  req: Request,
  res: Response,
): { persona: Persona; stretch: Stretch } | undefined {
  const { persona } = authOf(res.locals);
  if (lacksFlag(res, persona, NAV_PERMISSIONS.scheduler)) return undefined;
  const query = req.query as Record<string, unknown>;
  const errors = new FieldErrors();
  const day = (field: 'start' | 'end') => {
    const value = query[field];
    if (value === undefined || value === '') errors.add(field, 'This field is required.');
    else if (typeof value !== 'string' || !DAY.test(value) || isNaN(parseISO(value).getTime()))
      errors.add(field, 'Enter a valid date.');
    else return value;
    return undefined;
  };
  const start = day('start');
  const end = day('end');
  if (start && end) {
    const days = differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
    if (days < 1) errors.add('end', CALENDAR_QUERY_ERRORS.endBeforeStart);
    else if (days > CALENDAR_MAX_DAYS) errors.add('end', CALENDAR_QUERY_ERRORS.tooWide);
  }
  const given = query.kind === undefined ? [] : [query.kind].flat();
  const kinds = new Set<CalendarKind>();
  for (const kind of given) {
    if ((CALENDAR_KINDS as readonly unknown[]).includes(kind)) kinds.add(kind as CalendarKind);
    else errors.add('kind', INVALID_CHOICE(kind));
  }
  const account = queryInteger(errors, query, 'account');
  const project = queryInteger(errors, query, 'project');
  const mine = query.mine === 'true' || query.mine === '1';
  if (rejected(res, errors) || !start || !end) return undefined;
  return {
    persona,
    stretch: {
      start,
      end,
      kinds: kinds.size > 0 ? kinds : new Set(CALENDAR_KINDS),
      ...(account !== undefined ? { account } : {}),
      ...(project !== undefined ? { project } : {}),
      mine,
    },
  };
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
