import type { ReactNode } from 'react';
import { ScrollBox } from './ScrollBox';
import styles from './DataTable.module.css';

/**
 * A table of records on the tokens: a header row on a sunken band, rows that light up on hover,
 * and a frame that scrolls sideways on a phone instead of widening the page. `caption` names the
 * table for assistive technology (hidden unless `showCaption`); `busy` dims the rows while a
 * refetch runs. Children are the `thead` and `tbody`. The frame is a `ScrollBox`: a Tab stop and a
 * region only while it scrolls.
 */
export function DataTable({
  caption,
  showCaption = false,
  busy = false,
  compact = false,
  children,
}: {
  caption: ReactNode;
  showCaption?: boolean;
  busy?: boolean;
  /** Tighter cells, for a wide table (a matrix). */
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollBox className={styles.frame} label={typeof caption === 'string' ? caption : 'Table'}>
      <table
        className={compact ? `${styles.table} ${styles.compact}` : styles.table}
        aria-busy={busy || undefined}
      >
        <caption className={showCaption ? styles.caption : 'visually-hidden'}>{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

/** Cell helpers: a date or a number that keeps to one line; the actions of a row. */
export const cellClass = {
  nowrap: styles.nowrap,
  number: styles.number,
  actions: styles.actions,
  wrap: styles.wrap,
} as const;
