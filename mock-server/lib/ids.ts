/** The next key of a table: one above the highest, as a database sequence would give. */
export const nextId = (rows: readonly { id: number }[]) =>
  rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
