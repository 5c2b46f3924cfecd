import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CALENDAR_QUERY_ERRORS, type CalendarQuery } from '../../api/contract/calendar';
import { drfDetail, fieldErrors } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { stateText } from '../../testing/pact/inject';
import { dateMatcher, personShape } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import { CALENDAR_STATES, STATES } from '../../testing/pact/states';
import { calendarApi } from './api';

const { eachLike, boolean, integer, regex, string } = MatchersV3;

const EVENTS = '/api/calendar/events/';
const Q4: CalendarQuery = { start: '2026-10-01', end: '2026-12-31' };
/** The stretch of days the state's records fall in. */
const stretchOfState = { start: stateText('start', Q4.start), end: stateText('end', Q4.end) };
const place = (id: number, name: string) => ({ id: integer(id), name: string(name) });

/**
 * A check (or a check the planner planned) over its week, a period's start or end, and an action
 * item (or an audit finding's corrective action) on its due date.
 */
const checkEvent = {
  id: regex('^(planned-)?check-\\d+$', 'check-2'),
  kind: 'check',
  title: string('Health check HC_2 · Apollo Portal'),
  start: dateMatcher('2026-11-23'),
  end: dateMatcher('2026-11-27'),
  status: string('Expert review'),
  project: place(2, 'Apollo Portal'),
  account: place(3, 'Hauck, Schmidt and Kessler'),
  owner: null,
  mine: boolean(false),
  path: regex('^/(checks/\\d+|planning\\?check=\\d+)$', '/checks/2'),
};
const periodEvent = {
  id: regex('^period-\\d+-(start|end)$', 'period-2-start'),
  kind: 'period',
  title: string('2026 Q4 starts'),
  start: dateMatcher('2026-10-01'),
  end: dateMatcher('2026-10-01'),
  status: regex('^(start|end)$', 'start'),
  project: null,
  account: null,
  owner: null,
  mine: false,
  path: string('/planning/periods'),
};
const itemEvent = {
  id: regex('^(action-item|finding)-\\d+$', 'action-item-1'),
  kind: 'action_item',
  title: string('Action item due: Pair a second engineer on the payment integration'),
  start: dateMatcher('2026-12-01'),
  end: dateMatcher('2026-12-01'),
  status: 'open',
  project: place(1, 'Handmade Ball panel'),
  account: place(18, 'Goyette - Connelly'),
  owner: personShape(8, 'Lucia Romero', 'lromero'),
  mine: boolean(false),
  path: string('/risks/1'),
};

describe('calendar calls', () => {
  const interaction = interactionsOf(createPact());
  const { getCalendarEvents, getMyCalendarFile } = calendarApi.endpoints;

  /**
   * The events of one kind in the state's stretch, each like `event`; those of a project where the
   * kind has events without one (the action items of an account's or a line's risks).
   */
  const eventsOfKind = (
    kind: 'check' | 'period' | 'action_item',
    event: object,
    ofProject = false,
  ) =>
    it(`GET /api/calendar/events/?start&end&kind=${kind} gives the ${kind} events of the stretch`, () =>
      interaction(
        CALENDAR_STATES.adminEvents,
        `a request for the ${kind} events of ${ofProject ? 'a project in ' : ''}a stretch of days`,
      )
        .get(EVENTS, {
          ...stretchOfState,
          kind,
          ...(ofProject ? { project: stateText('projectId', 1) } : {}),
        })
        .willRespondWith(200, (b) => b.jsonBody(eachLike(event)))
        .executeTest(async (mock) => {
          const events = await dataFrom(mock, getCalendarEvents, {
            ...Q4,
            kind: [kind],
            ...(ofProject ? { project: 1 } : {}),
          });
          expect(events.map((one) => one.kind)).toEqual([kind]);
        }));
  eventsOfKind('check', checkEvent);
  eventsOfKind('period', periodEvent);
  eventsOfKind('action_item', itemEvent, true);

  it('GET /api/calendar/events/ sends each kind and the other filters as django-filter reads them', () =>
    interaction(
      CALENDAR_STATES.adminEvents,
      'a request for my periods and checks of a project in a stretch of days',
    )
      .get(EVENTS, {
        ...stretchOfState,
        kind: ['period', 'check'],
        project: stateText('projectId', 1),
        mine: 'true',
      })
      .willRespondWith(200, (b) => b.jsonBody([]))
      .executeTest(async (mock) => {
        const events = await dataFrom(mock, getCalendarEvents, {
          ...Q4,
          kind: ['period', 'check'],
          project: 1,
          mine: true,
        });
        expect(events).toEqual([]);
      }));

  it('GET /api/calendar/events/ with the end before the start answers 400 on end', () =>
    interaction(STATES.signedIn, 'a request for a calendar that ends before it starts')
      .get(EVENTS, { start: '2026-12-31', end: '2026-10-01' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ end: CALENDAR_QUERY_ERRORS.endBeforeStart })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getCalendarEvents, {
          start: '2026-12-31',
          end: '2026-10-01',
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/calendar/events/ without CAN_VIEW_SCHEDULER answers 403 naming it', () =>
    interaction(
      CALENDAR_STATES.riskOwnerWithoutScheduler,
      'a request for the calendar without the scheduler flag',
    )
      .get(EVENTS, { start: '2026-10-01', end: '2026-12-31' })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_VIEW_SCHEDULER).'),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getCalendarEvents, Q4))?.status).toBe(403);
      }));

  it("GET /api/calendar/events/ics/ gives the user's own items as an iCalendar file", () =>
    interaction(STATES.signedIn, 'a download of my calendar items of a quarter')
      .get(`${EVENTS}ics/`, { start: '2026-10-01', end: '2026-12-31', mine: 'true' })
      // The file's lines hold the time of the call and the server's address: the pact pins the
      // type; mock-server/calendar.test.ts pins the content.
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex(
            '^text/calendar(; ?charset=utf-8)?$',
            'text/calendar; charset=utf-8',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, getMyCalendarFile, { ...Q4, mine: true });
        expect(error).toBeUndefined();
      }));
});
