import { differenceInCalendarDays, parseISO } from 'date-fns';
import {
  CALENDAR_KINDS,
  CALENDAR_MAX_DAYS,
  CALENDAR_QUERY_ERRORS,
  type CalendarKind,
} from '../../../src/api/contract/calendar';
import { NAV_PERMISSIONS } from '../../../src/api/contract/permissions';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { FieldErrors, INVALID_CHOICE, queryInteger, REQUIRED } from '../../lib/drf';
import { json, type MockRequest } from '../../lib/http';
import { route } from '../../lib/routes';
import { toICalendar } from './ics';
import { calendarEvents, type Stretch } from './model';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar: `GET /api/calendar/events/` (CAN_VIEW_SCHEDULER), the dated records of a stretch
 * of days as events (src/api/contract/calendar.ts), and `GET /api/calendar/events/ics/`, the
 * user's own ones as an iCalendar file.
 */
export const calendar: Area = {
  feature: 'calendar',
  routes: ({ db }) => [
    route.get('/calendar/events/', (req) =>
      json(calendarEvents(db.getState(), req.auth.persona, stretchOf(req))),
    ),

    route.get('/calendar/events/ics/', (req) => {
      const events = calendarEvents(db.getState(), req.auth.persona, {
        ...stretchOf(req),
        mine: true,
      });
      return {
        status: 200,
        headers: {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'attachment; filename="project-excellence-my-items.ics"',
        },
        bytes: new TextEncoder().encode(toICalendar(events, new URL(req.url).origin)),
      };
    }),
  ],
};

/** The stretch the query asks for, after the scheduler flag (403); 400 by field for a bad query. */
function stretchOf({ auth, query }: MockRequest): Stretch {
  requireFlags(auth.persona, NAV_PERMISSIONS.scheduler);
  const errors = new FieldErrors();
  const day = (field: 'start' | 'end') => {
    const value = query[field];
    if (value === undefined || value === '') errors.add(field, REQUIRED);
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
  errors.refuseIfAny();
  return {
    start: start!,
    end: end!,
    kinds: kinds.size > 0 ? kinds : new Set(CALENDAR_KINDS),
    ...(account !== undefined ? { account } : {}),
    ...(project !== undefined ? { project } : {}),
    mine,
  };
}
