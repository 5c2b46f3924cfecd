import { baseApi } from '../../api/baseApi';
import type { CalendarEvent, CalendarQuery } from '../../api/contract/calendar';
import { listTag } from '../../api/tags';

/** The query string of a calendar call: `kind` once per kind, as django-filter reads a list. */
export function calendarSearch({ start, end, kind, account, project, mine }: CalendarQuery) {
  const search = new URLSearchParams({ start, end });
  for (const one of kind ?? []) search.append('kind', one);
  if (account !== undefined) search.set('account', String(account));
  if (project !== undefined) search.set('project', String(project));
  if (mine) search.set('mine', 'true');
  return search.toString();
}

export const calendarApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/calendar/events/`: the dated records of a stretch of days. */
    getCalendarEvents: build.query<CalendarEvent[], CalendarQuery>({
      query: (query) => `/api/calendar/events/?${calendarSearch(query)}`,
      providesTags: [listTag('CalendarEvent')],
    }),
    /** `GET /api/calendar/events/ics/`: the user's own events as an iCalendar file's text. */
    getMyCalendarFile: build.query<string, CalendarQuery>({
      query: (query) => ({
        url: `/api/calendar/events/ics/?${calendarSearch(query)}`,
        responseHandler: 'text',
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCalendarEventsQuery, useLazyGetMyCalendarFileQuery } = calendarApi;
