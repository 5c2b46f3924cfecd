import { FieldErrors, REQUIRED } from '../lib/drf';

/**
 * A scenario makes matching calls answer as told: an error status, a slow answer or a dropped
 * connection. Demos and e2e tests switch them at run time through `/__mock/scenarios`.
 */
export interface Scenario {
  id: number;
  method: string;
  /** Exact path, or a pattern where `*` stands for one path segment and a trailing `**` for any rest. */
  path: string;
  status?: number;
  body?: unknown;
  delayMs?: number;
  /** How many calls it answers; unlimited until cleared when absent. */
  times?: number;
  /** Drop the connection without an answer (a network failure in the browser). */
  networkError?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'];
const MAX_DELAY_MS = 120_000;

export function createScenarioRegistry() {
  let scenarios: Scenario[] = [];
  let nextId = 1;

  const find = (method: string, path: string) =>
    scenarios.find(
      (scenario) =>
        (scenario.method === '*' || scenario.method === method) && pathMatches(scenario.path, path),
    );

  return {
    list: () => [...scenarios],
    add(scenario: Omit<Scenario, 'id'>): Scenario {
      const stored = { ...scenario, id: nextId++ };
      scenarios.push(stored);
      return stored;
    },
    clear() {
      scenarios = [];
    },
    /** Takes the scenario for a call, counting down its `times`. */
    take(method: string, path: string): Scenario | undefined {
      const scenario = find(method, path);
      if (scenario?.times !== undefined) {
        scenario.times -= 1;
        if (scenario.times <= 0) scenarios = scenarios.filter((other) => other !== scenario);
      }
      return scenario;
    },
  };
}

export type ScenarioRegistry = ReturnType<typeof createScenarioRegistry>;

function pathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  const escaped = pattern
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '.*'
        : segment === '*'
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}$`).test(path);
}

/** A scenario as `/__mock/scenarios` takes it, or the field errors of its body. */
export function parseScenario(input: Record<string, unknown>): Omit<Scenario, 'id'> | FieldErrors {
  const errors = new FieldErrors();
  const { method, path, status, body, delayMs, times, networkError } = input;
  if (typeof method !== 'string' || !METHODS.includes(method.toUpperCase())) {
    errors.add(
      'method',
      method === undefined ? REQUIRED : `Expected one of ${METHODS.join(', ')}.`,
    );
  }
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    errors.add('path', path === undefined ? REQUIRED : 'Expected a path starting with /api/.');
  }
  if (networkError !== undefined && typeof networkError !== 'boolean') {
    errors.add('networkError', 'Must be a valid boolean.');
  }
  if (status === undefined && networkError !== true && delayMs === undefined) {
    errors.add('status', 'Give a status, a delayMs or networkError: true.');
  }
  if (
    status !== undefined &&
    (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599)
  ) {
    errors.add('status', 'Expected an HTTP status from 200 to 599.');
  }
  if (
    delayMs !== undefined &&
    (!Number.isInteger(delayMs) || (delayMs as number) < 0 || (delayMs as number) > MAX_DELAY_MS)
  ) {
    errors.add('delayMs', `Expected an integer from 0 to ${MAX_DELAY_MS}.`);
  }
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 1)) {
    errors.add('times', 'Expected a positive integer.');
  }
  if (!errors.isEmpty) return errors;
  return {
    method: (method as string).toUpperCase(),
    path: path as string,
    ...(status !== undefined && { status: status as number }),
    ...(body !== undefined && { body }),
    ...(delayMs !== undefined && { delayMs: delayMs as number }),
    ...(times !== undefined && { times: times as number }),
    ...(networkError === true && { networkError: true }),
  };
}
