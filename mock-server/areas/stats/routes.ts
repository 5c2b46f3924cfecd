import {
  STATS_ACTIONS,
  type UsageStatsEvent,
  type UsageStatsResponse,
} from '../../../src/api/contract/stats';
import type { Area } from '../../lib/area';
import {
  FieldErrors,
  isPlainObject,
  NOT_A_STRING,
  NOT_AN_OBJECT,
  NOT_NULL,
  REQUIRED,
  textValue,
  TOO_LONG,
  typeName,
} from '../../lib/drf';
import { badRequest, created } from '../../lib/http';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import { nowIso } from '../../lib/clock';

const INTEGER_FIELDS = [
  'id',
  'project_id',
  'business_line_id',
  'business_segment_id',
  'account_id',
  'selected_object_id',
] as const;
const STRING_FIELDS = ['action_detail', 'tab'] as const;
const VALUE_FIELDS = ['current_value', 'previous_value'] as const;
const KNOWN_FIELDS = new Set<string>([
  'action',
  'newMetrics',
  ...INTEGER_FIELDS,
  ...STRING_FIELDS,
  ...VALUE_FIELDS,
]);
const MAX_TEXT = 200;

/** Usage statistics (spec §7): `POST /api/stats/` stores one event of the signed-in user. */
export const stats: Area = {
  feature: 'stats',
  seed: [{ name: 'stats', build: () => ({ stats: [] }) }],
  routes: ({ db }) => [
    route.post('/stats/', ({ body, auth }) => {
      const { data } = body;
      if (data === undefined) badRequest({ data: [REQUIRED] });
      if (!isPlainObject(data))
        badRequest({ data: [data === null ? NOT_NULL : NOT_AN_OBJECT(typeName(data))] });
      const errors = validateEvent(data);
      if (!errors.isEmpty) badRequest({ data: errors.toJSON() });
      let record: UsageStatsResponse | undefined;
      mutate(db, (state) => {
        const id = (state.stats.at(-1)?.id ?? 0) + 1;
        record = {
          id,
          user_id: auth.persona.userId,
          created_at: nowIso(),
          data: asText(data) as unknown as UsageStatsEvent,
        };
        state.stats.push(record);
      });
      return created(record);
    }),
  ],
};

/** The event as the serializer stores it: a number sent for a text field is its text. */
function asText(data: Record<string, unknown>): Record<string, unknown> {
  const event = { ...data };
  for (const field of STRING_FIELDS)
    if (typeof event[field] === 'number') event[field] = String(event[field]);
  return event;
}

function validateEvent(data: Record<string, unknown>): FieldErrors {
  const errors = new FieldErrors();
  const action = data.action;
  if (action === undefined || action === null || action === '') errors.add('action', REQUIRED);
  else if (typeof action !== 'string' || !(STATS_ACTIONS as readonly string[]).includes(action)) {
    errors.add('action', `"${String(action)}" is not a valid choice.`);
  }
  for (const field of INTEGER_FIELDS) {
    const value = data[field];
    if (value !== undefined && value !== null && !Number.isInteger(value)) {
      errors.add(field, 'A valid integer is required.');
    }
  }
  for (const field of STRING_FIELDS) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    const text = textValue(value);
    if (text === undefined) errors.add(field, NOT_A_STRING);
    else if (text.length > MAX_TEXT) {
      errors.add(field, TOO_LONG(MAX_TEXT));
    }
  }
  for (const field of VALUE_FIELDS) {
    const value = data[field];
    if (
      value !== undefined &&
      value !== null &&
      typeof value !== 'string' &&
      typeof value !== 'number'
    ) {
      errors.add(field, 'Not a valid string.');
    }
  }
  const newMetrics = data.newMetrics;
  if (newMetrics !== undefined && newMetrics !== null && typeof newMetrics !== 'boolean') {
    errors.add('newMetrics', 'Must be a valid boolean.');
  }
  for (const field of Object.keys(data)) {
    if (!KNOWN_FIELDS.has(field)) errors.add(field, 'Unknown field.');
  }
  return errors;
}

declare module '../../store/state' {
  interface AreaStates {
    stats: { stats: UsageStatsResponse[] };
  }
}
