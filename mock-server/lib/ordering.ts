/** What a list sorts on for one field of its ordering: a text or a number. */
export type SortKey<Row> = (row: Row) => string | number;

/**
 * DRF's OrderingFilter: `ordering` names fields, comma-separated, `-` before one for descending;
 * a field not among `keys` is ignored, and with none known the rows come back as given (the
 * view's default order). Rows equal on every field named are ordered by `tie`; by default they
 * keep their order (a stable sort).
 */
export function orderBy<Row>(
  rows: Row[],
  ordering: unknown,
  keys: Readonly<Record<string, SortKey<Row>>>,
  tie: (a: Row, b: Row) => number = () => 0,
): Row[] {
  const fields = (typeof ordering === 'string' ? ordering : '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => Object.hasOwn(keys, field.replace(/^-/, '')));
  if (fields.length === 0) return rows;
  const sorts = fields.map((field) => ({
    key: keys[field.replace(/^-/, '')]!,
    direction: field.startsWith('-') ? -1 : 1,
  }));
  return [...rows].sort((a, b) => {
    for (const { key, direction } of sorts) {
      const left = key(a);
      const right = key(b);
      if (left < right) return -direction;
      if (left > right) return direction;
    }
    return tie(a, b);
  });
}
