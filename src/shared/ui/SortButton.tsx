import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import styles from './SortButton.module.css';

/**
 * A server-sorted column's header button: its label and an arrow for the order it is in (the
 * `th` around it carries `aria-sort`); a click asks for the next order.
 */
export function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'ascending' | 'descending' | null | undefined;
  onClick: () => void;
}) {
  const Arrow =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <button type="button" className={styles.sortButton} title={label} onClick={onClick}>
      <span className={styles.sortLabel}>{label}</span>
      <Arrow size={14} className={styles.sortArrow} aria-hidden="true" />
    </button>
  );
}
