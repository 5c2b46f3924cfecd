import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CALENDAR_QUERY_ERRORS, type CalendarQuery } from '../../api/contract/calendar';
import { drfDetail, fieldErrors } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher, personShape } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import { RISK_STATES, STATES } from '../../testing/pact/states';
import { calendarApi } from './api';

const { arrayContaining, boolean, integer, regex, string } = MatchersV3;

const EVENTS = '/api/calendar/events/';
const Q4: CalendarQuery = { start: '2026-10-01', end: '2026-12-31' };
const place = (id: number, name: string) => ({ id: integer(id), name: string(name) });

/** A check over its planned week, a period's start, and an action item on its due date. */
const checkEvent = {
  id: regex('^check-\\d+$', 'check-2'),
  kind: 'check',
  title: string('Health check HC_2 · Apollo Portal'),
  start: dateMatcher('2026-11-23'),
  end: dateMatcher('2026-11-27'),
  status: string('Expert review'),
  project: place(2, 'Apollo Portal'),
  account: place(3, 'Hauck, Schmidt and Kessler'),
  owner: null,
  mine: boolean(false),
  path: regex('^/checks/\\d+$', '/checks/2'),
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
  path: '/planning/periods',
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

  it('GET /api/calendar/events/?start&end gives the events of the stretch', () =>
    interaction(STATES.signedIn, 'a request for the calendar of 2026 Q4')
      .get(EVENTS, { start: '2026-10-01', end: '2026-12-31' })
      .willRespondWith(200, (b) => b.jsonBody(arrayContaining(checkEvent, periodEvent, itemEvent)))
      .executeTest(async (mock) => {
        const events = await dataFrom(mock, getCalendarEvents, Q4);
        expect(new Set(events.map((event) => event.kind))).toEqual(
          new Set(['check', 'period', 'action_item']),
        );
      }));

  it('GET /api/calendar/events/ sends each kind and the other filters as django-filter reads them', () =>
    interaction(STATES.signedIn, 'a request for the periods and checks of project 1 in 2026 Q4')
      .get(EVENTS, {
        start: '2026-10-01',
        end: '2026-12-31',
        kind: ['period', 'check'],
        project: '1',
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
    interaction(RISK_STATES.ownerOpenRisk, 'a request for the calendar by risk_owner')
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
    interaction(STATES.signedIn, 'a download of my calendar items of 2026 Q4')
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
