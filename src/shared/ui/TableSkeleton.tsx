import type { CSSProperties } from 'react';
import styles from './TableSkeleton.module.css';

/**
 * Skeleton rows where a table's rows will be while it loads: the page keeps its shape and nothing
 * jumps when the data arrives. Screen readers hear `label` once, politely.
 */
export function TableSkeleton({
  label,
  rows = 8,
  columns = 6,
}: {
  label: string;
  rows?: number;
  columns?: number;
}) {
  const cells = Array.from({ length: columns }, (_, index) => index);
  return (
    <div
      className={styles.skeleton}
      role="status"
      aria-live="polite"
      style={{ '--columns': columns - 1 } as CSSProperties}
    >
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows + 1 }, (_, row) => (
        <div
          key={row}
          className={row === 0 ? `${styles.row} ${styles.head}` : styles.row}
          aria-hidden="true"
        >
          {cells.map((cell) => (
            <span key={cell} className={styles.bar} />
          ))}
        </div>
      ))}
    </div>
  );
}
