import { Columns3 } from 'lucide-react';
import { Button } from './Button';
import { Popover } from './Popover';
import styles from './ColumnPicker.module.css';

/** A column a user may show or hide. */
export interface PickableColumn {
  id: string;
  label: string;
}

/**
 * 'Columns': a popover with a checkbox per column the user may show or hide (the first column of
 * a table is never offered), and a way back to the defaults.
 */
export function ColumnPicker({
  columns,
  hidden,
  onChange,
  onReset,
}: {
  columns: readonly PickableColumn[];
  /** The ids of the columns hidden now. */
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
}) {
  const toggle = (id: string, show: boolean) =>
    onChange(show ? hidden.filter((other) => other !== id) : [...hidden, id]);
  return (
    <Popover
      label="Columns"
      align="end"
      trigger={
        <Button type="button" icon={Columns3}>
          Columns
        </Button>
      }
    >
      <fieldset className={styles.picker}>
        <legend>Show columns</legend>
        {columns.map((column) => (
          <label key={column.id} className={styles.option}>
            <input
              type="checkbox"
              checked={!hidden.includes(column.id)}
              onChange={(event) => toggle(column.id, event.target.checked)}
            />{' '}
            {column.label}
          </label>
        ))}
        <Button type="button" size="sm" variant="quiet-link" onClick={onReset}>
          Back to the default columns
        </Button>
      </fieldset>
    </Popover>
  );
}
