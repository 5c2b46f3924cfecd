/**
 * The mock backend's one clock: every "now" and "today" of its rules comes from here (tests fake
 * it with Vitest's fake timers). Today is the server's date, in UTC, as Django's with USE_TZ.
 */
export const now = () => new Date();

/** Now as DRF renders a DateTimeField. */
export const nowIso = () => now().toISOString();

/** Today as DRF renders a DateField: `YYYY-MM-DD`. */
export const today = () => nowIso().slice(0, 10);
