import { vi } from 'vitest';

/**
 * Runs a test in another time zone: Node reads `process.env.TZ` again whenever it is set, so
 * `set('Etc/GMT+5')` (UTC-5: the sign is POSIX's) changes what every `Date` says locally. The unit
 * files share a worker, so `restore()` (in an afterEach) puts the zone and the clock back.
 * `at(instant)` fakes only `Date` (timers keep running, so RTK Query and user-event still work).
 */
export function useTimeZone() {
  const original = process.env.TZ;
  return {
    set(zone: string) {
      process.env.TZ = zone;
    },
    at(instant: string) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
    },
    restore() {
      vi.useRealTimers();
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    },
  };
}
