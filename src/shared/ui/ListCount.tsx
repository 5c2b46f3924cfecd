import type { ReactNode } from 'react';

/** '1 tool', '3 tools': a count and its noun. */
export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The line above a filtered list that says how many rows it shows, as a status (read out when a
 * filter changes it): '3 tools', or '2 of 3 tools' while filters hide some; `children` adds what
 * the list adds (' · read-only for you').
 */
export function ListCount({
  shown,
  total,
  one,
  many,
  children,
}: {
  shown: number;
  total: number;
  one: string;
  many: string;
  children?: ReactNode;
}) {
  return (
    <p className="muted" role="status">
      {shown === total ? plural(total, one, many) : `${shown} of ${plural(total, one, many)}`}
      {children}
    </p>
  );
}
