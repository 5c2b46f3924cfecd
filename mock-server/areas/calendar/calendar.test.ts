import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CALENDAR_QUERY_ERRORS, type CalendarEvent } from '../../../src/api/contract/calendar';
import type { Poll } from '../../../src/api/contract/polls';
import type { Risk } from '../../../src/api/contract/risks';
import { toICalendar } from './ics';
import { NEW_RISK } from '../risks/testing';
import { binary } from '../../testing/binary';
import { signIn, type SignedIn } from '../../testing/signIn';

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

describe('the calendar file keeps what users typed as text', () => {
  /** A statement that would end its event and start another if a bare CR reached the file. */
  const INJECTION = 'Risk\rEND:VEVENT\rBEGIN:VEVENT\rUID:x\rSUMMARY:evil';
  const EMOJIS = '😀👩‍👩‍👧🇩🇪é€😀';
  const ITEM_TITLES = [
    'Line\nfeed',
    'Carriage\rreturn',
    'Both\r\nat once',
    'Mixed\r\r\n\n\rbreaks',
    'Null\u0000bell\u0007tab\u000Bfeed\u000Cescape\u001Bdelete\u007Fnext line\u0085end',
    'Back\\slash; semicolon, comma: colon "quoted" <b>bold</b>',
    'Keeps\ta tab',
    'A broken \uD83D pair',
    // "SUMMARY:Action item due: " is 25 octets: the first line has 50 for the title, so these
    // put an emoji across the fold at every offset.
    ...[46, 47, 48, 49, 50].map((count) => `${'a'.repeat(count)}${EMOJIS}`),
    '😀'.repeat(45),
    `${'é'.repeat(30)}${'€'.repeat(30)}${'𝄞'.repeat(20)}`,
  ];

  it('escapes every line break, drops control characters and folds between characters', async () => {
    const pm = await signIn('pm');
    const created = await request(pm.app)
      .post('/api/risks/')
      .set(pm.headers)
      .send({ ...NEW_RISK, statement: INJECTION, due_date: '2026-11-03' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const risk = created.body as Risk;
    const items: { id: number; title: string }[] = [];
    for (const title of ITEM_TITLES) {
      const item = await request(pm.app)
        .post(`/api/risks/${risk.id}/action-items/`)
        .set(pm.headers)
        .send({ title, owner_id: pm.user.id, due_date: '2026-11-04' });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      items.push({ id: (item.body as { id: number }).id, title });
    }

    const res = await request(pm.app)
      .get('/api/calendar/events/ics/?start=2026-11-03&end=2026-11-04')
      .set(pm.auth)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const parsed = parseICalendar(res.body as Buffer);

    // One event per item, each reading back as typed: line breaks as newlines, controls gone.
    const summaries = new Map(parsed.map((event) => [event.UID, event.SUMMARY]));
    expect(summaries.get(`risk-${risk.id}@project-excellence`)).toBe(
      `Risk ${risk.id} due: ${asRead(INJECTION)}`,
    );
    for (const item of items)
      expect(summaries.get(`action-item-${item.id}@project-excellence`)).toBe(
        `Action item due: ${asRead(item.title)}`,
      );
    const mine = await events(pm, 'start=2026-11-03&end=2026-11-04&mine=true');
    expect(parsed.map((event) => event.UID).sort()).toEqual(
      mine.map((event) => `${event.id}@project-excellence`).sort(),
    );
    expect(parsed.filter((event) => event.UID === 'x')).toEqual([]);
    expect(parsed.find((event) => event.UID.startsWith('risk-'))).toMatchObject({
      LOCATION: 'Handmade Ball panel',
      'DTSTART;VALUE=DATE': '20261103',
      URL: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/risks/${risk.id}$`)),
    });
  });

  it('folds every line at 75 octets without cutting a character, whatever the offset', () => {
    const titles = Array.from(
      { length: 8 },
      (_, shift) => `${'x'.repeat(shift)}${'😀é€'.repeat(30)}`,
    );
    const file = toICalendar(
      titles.map((title, index) => ({
        id: `check-${index}`,
        kind: 'check',
        title,
        start: '2026-11-02',
        end: '2026-11-06',
        status: 'Started',
        project: { id: 1, name: `Project; with, specials\\ ${'👩‍👩‍👧'.repeat(10)}` },
        account: null,
        owner: null,
        mine: true,
        path: '/checks/1',
      })),
      'http://localhost:3000',
    );
    const parsed = parseICalendar(Buffer.from(file, 'utf8'));
    expect(parsed.map((event) => event.SUMMARY)).toEqual(titles);
    expect(parsed[0]?.LOCATION).toBe(`Project; with, specials\\ ${'👩‍👩‍👧'.repeat(10)}`);
    expect(parsed[0]?.URL).toBe('http://localhost:3000/checks/1');
  });
});

/** The text as a calendar reads it back: every line break a newline, control characters gone. */
const asRead = (text: string) =>
  text.replace(/\r\n|\r/g, '\n').replace(/(?![\t\n])\p{Cc}|\p{Cs}/gu, '');

type ParsedEvent = Record<string, string> & { UID: string };

/**
 * A strict reader of RFC 5545 as a calendar application reads the file: CRLF line endings only,
 * each physical line at most 75 octets of whole UTF-8 characters, unfolded, TEXT values unescaped
 * (an unescaped `;` or `,`, or an unknown escape, is an error), events between BEGIN and END.
 */
function parseICalendar(bytes: Buffer): ParsedEvent[] {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const text = utf8.decode(bytes);
  expect(text).not.toContain('\uFFFD');
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  const logical: string[] = [];
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    // Each line decodes on its own: a fold never falls inside a character.
    expect(utf8.decode(Buffer.from(line, 'utf8'))).toBe(line);
    expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(line, 'control character').not.toMatch(/(?!\t)\p{Cc}/u);
    if (line.startsWith(' ') || line.startsWith('\t'))
      logical.push(`${logical.pop()!}${line.slice(1)}`);
    else logical.push(line);
  }
  expect(logical[0]).toBe('BEGIN:VCALENDAR');
  expect(logical.at(-1)).toBe('END:VCALENDAR');
  const parsed: ParsedEvent[] = [];
  let current: Record<string, string> | undefined;
  for (const line of logical.slice(1, -1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (line === 'BEGIN:VEVENT') {
      expect(current, 'an event inside an event').toBeUndefined();
      current = {};
    } else if (line === 'END:VEVENT') {
      expect(current, 'an END without its BEGIN').toBeDefined();
      parsed.push(current as ParsedEvent);
      current = undefined;
    } else if (current) {
      expect(current[name], `${name} twice in one event`).toBeUndefined();
      current[name] = TEXT_PROPERTIES.has(name) ? unescapeText(value) : value;
    }
  }
  expect(current, 'an event left open').toBeUndefined();
  return parsed;
}

const TEXT_PROPERTIES = new Set(['UID', 'SUMMARY', 'LOCATION', 'DESCRIPTION']);

function unescapeText(value: string): string {
  expect(value, 'an unescaped ; or ,').not.toMatch(/(^|[^\\])(\\\\)*[;,]/);
  return value.replace(/\\(.)/g, (_, escaped: string) => {
    const unescaped = { n: '\n', N: '\n', '\\': '\\', ';': ';', ',': ',' }[escaped];
    if (unescaped === undefined) throw new Error(`unknown escape \\${escaped} in ${value}`);
    return unescaped;
  });
}
