import { MatchersV3 } from '@pact-foundation/pact';

/** Django REST framework's bodies as matchers: one page of a list, and the errors the SPA handles. */
const { eachLike, integer, regex, string } = MatchersV3;

/**
 * A date-time as a DRF backend renders it: ISO 8601 with any fraction of a second or none
 * (Python renders microseconds, and none when they are zero) and `Z` or an offset (a non-UTC
 * TIME_ZONE). The one matcher of every timestamp in the contract.
 */
export const DATE_TIME =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})$';
/** A date as DRF renders a DateField: `YYYY-MM-DD`. */
export const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
export const dateTime = (example: string) => regex(DATE_TIME, example);
export const date = (example: string) => regex(DATE, example);

/** One page holding the whole list: `count` rows like `row`, no next or previous page. */
export const pageLike = <Row>(row: Row, count = 1) => ({
  count: integer(count),
  next: null,
  previous: null,
  results: eachLike(row),
});

/** 403 and 404 bodies: `{detail}` with any message. */
export const drfDetail = (example: string) => ({ detail: string(example) });
export const permissionDenied = () =>
  drfDetail('You do not have permission to perform this action.');
export const notFound = () => drfDetail('Not found.');

/** A 400 body: each field named with at least one message like its example. */
export const fieldErrors = (examples: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(examples).map(([field, example]) => [field, eachLike(example)]),
  );

/** A 400 body for a rule across fields: `{non_field_errors: [message]}`. */
export const nonFieldErrors = (example: string) => fieldErrors({ non_field_errors: example });
