import { MatchersV3 } from '@pact-foundation/pact';

/** Django REST framework's bodies as matchers: one page of a list, and the errors the SPA handles. */
const { eachLike, integer, string } = MatchersV3;

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
