/**
 * The clock of the checks' seed (and of their answers, reports and findings): every seeded moment
 * is counted from SEED_NOW, never from the real clock.
 */

export const DAY = 86_400_000;
export const iso = (time: number) => new Date(time).toISOString();
export const isoDate = (time: number) => iso(time).slice(0, 10);

/**
 * The day the checks' seed counts from: noon UTC, so the seeded dates fall on the same calendar
 * day from UTC-11 to UTC+11. Nothing seeded happens after it: a check started, finished or
 * answered, an action done.
 */
export const SEED_NOW = Date.UTC(2026, 10, 20, 12);
/** A moment of the seed, never later than the day before SEED_NOW. */
export const past = (time: number) => Math.min(time, SEED_NOW - DAY);
