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
  return (
    <button type="button" className={styles.sortButton} onClick={onClick}>
      {label}
      <span className={styles.sortArrow} aria-hidden="true">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  );
}
