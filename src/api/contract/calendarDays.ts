/**
 * Arithmetic on calendar dates (`YYYY-MM-DD`), done on UTC midnights so that no time zone or
 * daylight-saving change shifts a day. Never "today": the SPA takes today from
 * src/shared/lib/today.ts (the user's local calendar date), the mock from its own clock; lint
 * refuses `toISOString().slice(…)` anywhere else in src/ (eslint.config.js).
 */
export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day an instant (ms since the epoch) falls in. */
export const utcIsoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The UTC midnight of a calendar date, in ms (NaN when it is not one). */
export const utcMidnight = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

/** The calendar date `days` days after (negative: before) `isoDate`. */
export const addCalendarDays = (isoDate: string, days: number): string =>
  utcIsoDay(utcMidnight(isoDate) + days * DAY_MS);

/** True when the text is a real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export const isCalendarDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(utcMidnight(value)) &&
  utcIsoDay(utcMidnight(value)) === value;
