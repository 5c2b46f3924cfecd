import type { Paginated } from '../../api/contract/drf';

/** One DRF page holding `results`, as the list endpoints answer. */
export const page = <T>(results: T[], count = results.length): Paginated<T> => ({
  count,
  next: null,
  previous: null,
  results,
});
