import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CALENDAR_QUERY_ERRORS, type CalendarEvent } from '../src/api/contract/calendar';
import type { Poll } from '../src/api/contract/polls';
import { signIn, type SignedIn } from './testing/signIn';

const Q4 = 'start=2026-10-01&end=2026-12-31';
const events = async (user: SignedIn, query: string) => {
  const res = await request(user.app).get(`/api/calendar/events/?${query}`).set(user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CalendarEvent[];
};

describe('the calendar: GET /api/calendar/events/', () => {
  it('gives every kind of dated record of the stretch, by start date, each touching it', async () => {
    const admin = await signIn('admin');
    const all = await events(admin, Q4);
    expect(new Set(all.map((event) => event.kind))).toEqual(
      new Set(['check', 'period', 'risk', 'issue', 'action_item']),
    );
    for (const event of all) {
      expect(event.start <= '2026-12-31' && event.end >= '2026-10-01', event.id).toBe(true);
      expect(event.start <= event.end, event.id).toBe(true);
    }
    const starts = all.map((event) => event.start);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
    expect(all.filter((event) => event.kind === 'period').map((event) => event.title)).toEqual([
      '2026 Q4 starts',
      '2026 Q4 ends',
    ]);
    // Risk 1's first item, and the overdue corrective action of the approved audit 10.
    expect(all.find((event) => event.id === 'action-item-1')).toMatchObject({
      start: '2026-12-01',
      owner: { login: 'lromero' },
      path: '/risks/1',
      mine: false,
    });
    expect(all.find((event) => event.id === 'finding-31')).toMatchObject({
      kind: 'action_item',
      start: '2026-10-28',
      project: { id: 10, name: 'Elegant Chips card' },
      path: '/audit-survey/10/outcomes',
    });
  });

  it('spans a check over Monday to Friday of the week of its due date, with its status', async () => {
    const admin = await signIn('admin');
    const poll = (await request(admin.app).get('/api/polls/2/').set(admin.auth)).body as Poll;
    const monday = startOfISOWeek(parseISO(poll.due_date.slice(0, 10)));
    const start = format(monday, 'yyyy-MM-dd');
    const found = (await events(admin, `start=${start}&end=${start}&kind=check`)).find(
      (event) => event.id === 'check-2',
    );
    expect(found).toMatchObject({
      start,
      end: format(addDays(monday, 4), 'yyyy-MM-dd'),
      status: 'Expert review',
      path: '/checks/2',
    });
  });

  it('filters by kind, project, account and mine; a person sees only what they may', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const periods = await events(admin, `${Q4}&kind=period`);
    expect(periods.every((event) => event.kind === 'period')).toBe(true);
    const both = await events(admin, `${Q4}&kind=risk&kind=issue`);
    expect(new Set(both.map((event) => event.kind))).toEqual(new Set(['risk', 'issue']));
    const project10 = await events(admin, `${Q4}&project=10`);
    expect(project10.length).toBeGreaterThan(0);
    expect(project10.every((event) => event.project?.id === 10)).toBe(true);
    const account = project10[0]!.account!.id;
    expect((await events(admin, `${Q4}&account=${account}`)).map((e) => e.id)).toEqual(
      expect.arrayContaining(project10.map((e) => e.id)),
    );

    const mine = await events(pm, `${Q4}&mine=true`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((event) => event.mine)).toBe(true);
    // pm owns the corrective action but may not open audit 10: it leads to the project's items.
    expect(mine.find((event) => event.id === 'finding-31')?.path).toBe('/projects/10/action-items');
    // pm has no planner-period flag: no period.
    expect((await events(pm, Q4)).some((event) => event.kind === 'period')).toBe(false);
  });

  it('follows the store: an item marked done leaves the calendar', async () => {
    const admin = await signIn('admin');
    const before = await events(admin, `${Q4}&project=10`);
    expect(before.map((event) => event.id)).toContain('finding-31');
    await request(admin.app)
      .post('/api/projects/10/action-items/outcomes/31/resolve/')
      .set(admin.headers)
      .send({});
    expect((await events(admin, `${Q4}&project=10`)).map((event) => event.id)).not.toContain(
      'finding-31',
    );
  });

  it('refuses a bad query by field, a person without CAN_VIEW_SCHEDULER, an anonymous call', async () => {
    const admin = await signIn('admin');
    const ask = (query: string) =>
      request(admin.app).get(`/api/calendar/events/?${query}`).set(admin.auth);
    expect((await ask('end=2026-10-01')).body).toEqual({ start: ['This field is required.'] });
    expect((await ask('start=2026-02-30&end=2026-03-01')).body).toEqual({
      start: ['Enter a valid date.'],
    });
    expect((await ask('start=2026-10-02&end=2026-10-01')).body).toEqual({
      end: [CALENDAR_QUERY_ERRORS.endBeforeStart],
    });
    expect((await ask('start=2026-01-01&end=2026-12-31')).body).toEqual({
      end: [CALENDAR_QUERY_ERRORS.tooWide],
    });
    const bad = await ask(`${Q4}&kind=meeting&project=x`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['kind', 'project']);
    const owner = await signIn('risk_owner', { app: admin.app });
    const refused = await request(admin.app).get(`/api/calendar/events/?${Q4}`).set(owner.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_SCHEDULER');
    expect((await request(admin.app).get(`/api/calendar/events/?${Q4}`)).status).toBe(401);
  });
});

describe('the calendar file: GET /api/calendar/events/ics/', () => {
  it("holds the user's own items of the stretch as all-day iCalendar events", async () => {
    const pm = await signIn('pm');
    const mine = await events(pm, `${Q4}&mine=true`);
    const res = await request(pm.app).get(`/api/calendar/events/ics/?${Q4}`).set(pm.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('project-excellence-my-items.ics');
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(mine.length);
    // One day: the end is the next day, exclusive.
    expect(text).toContain('UID:finding-31@project-excellence\r\nDTSTAMP:');
    expect(text).toMatch(/DTSTART;VALUE=DATE:20261028\r\nDTEND;VALUE=DATE:20261029\r\n/);
    // No line is longer than 75 octets; commas are escaped.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/SUMMARY:[^\r]*[^\\],/);
  });
});
