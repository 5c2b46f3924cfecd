import { CircleAlert } from 'lucide-react';
import {
  RACI_LETTER_LABELS,
  RACI_LETTERS,
  type RaciActivity,
  type RaciActivityCode,
  type RaciCell,
  type RaciFunction,
  type RaciRole,
} from '../../../api/contract/raci';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import type { RaciRows } from './matrix';
import styles from './Raci.module.css';

/** The id of a cell's select, so a refusal can take the focus to the first row at fault. */
export const cellId = (fn: RaciFunction, activity: string, roleId: string) =>
  `raci-${fn}-${activity}-${roleId}`;
const problemId = (fn: RaciFunction, activity: string) => `raci-${fn}-${activity}-problem`;

/**
 * One function's matrix: activities in rows (their names stay in view while the roles scroll
 * sideways), roles in columns. With `onChange` each cell is a select of R, A, C, I or none;
 * without, the letters read-only. The activities in `problems` show their messages on their row.
 */
export function MatrixTable({
  fn,
  caption,
  roles,
  activities,
  rows,
  problems,
  onChange,
}: {
  fn: RaciFunction;
  caption: string;
  roles: readonly RaciRole[];
  activities: readonly RaciActivity[];
  /** The cells to show; the activities' own cells when left out. */
  rows?: RaciRows;
  /** Messages by activity code, shown beside the activity. */
  problems?: ReadonlyMap<string, readonly string[]>;
  onChange?: (activity: RaciActivityCode, roleId: string, cell: RaciCell) => void;
}) {
  const messagesOf = (activity: RaciActivity) => problems?.get(activity.code) ?? [];
  const describedBy = (activity: RaciActivity) =>
    messagesOf(activity).length > 0 ? problemId(fn, activity.code) : undefined;
  const columns: Column<RaciActivity>[] = [
    {
      id: 'activity',
      header: 'Activity',
      rowHeader: true,
      className: `${styles.activityHead} ${styles.activity}`,
      cell: (activity) => {
        const messages = messagesOf(activity);
        return (
          <>
            {activity.name}
            {messages.length > 0 && (
              <span className={styles.problem} id={describedBy(activity)}>
                <CircleAlert size={14} aria-hidden="true" className={styles.problemIcon} />
                {messages.join(' ')}
              </span>
            )}
          </>
        );
      },
    },
    ...roles.map((role): Column<RaciActivity> => ({
      id: role.id,
      header: role.name,
      className: `${styles.roleHead} ${styles.cell}`,
      cell: (activity) => {
        const cell = (rows?.[activity.code] ?? activity.cells)[role.id] ?? '';
        if (onChange)
          return (
            <select
              id={cellId(fn, activity.code, role.id)}
              className={
                cell === 'A' ? `${styles.select} ${styles.selectAccountable}` : styles.select
              }
              aria-label={`${role.name} for “${activity.name}”`}
              aria-invalid={messagesOf(activity).length > 0 || undefined}
              aria-describedby={describedBy(activity)}
              value={cell}
              onChange={(event) => onChange(activity.code, role.id, event.target.value as RaciCell)}
            >
              <option value="">—</option>
              {RACI_LETTERS.map((letter) => (
                <option key={letter} value={letter}>
                  {letter}
                </option>
              ))}
            </select>
          );
        return cell ? (
          <abbr
            title={RACI_LETTER_LABELS[cell]}
            className={`${styles.letter} ${cell === 'A' ? styles.accountable : ''}`}
          >
            {cell}
          </abbr>
        ) : (
          <span className={styles.none}>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">none</span>
          </span>
        );
      },
    })),
  ];
  // A matrix stays a table on a phone: it scrolls sideways, the activities staying in view.
  return (
    <DataTable
      caption={caption}
      compact
      cards={false}
      columns={columns}
      rows={activities}
      rowKey={(activity) => activity.code}
      rowClassName={(activity) => (messagesOf(activity).length > 0 ? styles.broken : undefined)}
    />
  );
}

/** What the letters mean, once above the matrix. */
export function RaciLegend() {
  return (
    <ul className={styles.legend} aria-label="Letters of the matrix">
      {RACI_LETTERS.map((letter) => (
        <li key={letter}>
          <span className={`${styles.letter} ${letter === 'A' ? styles.accountable : ''}`}>
            {letter}
          </span>{' '}
          {RACI_LETTER_LABELS[letter]}
        </li>
      ))}
      <li>
        <span className={styles.none} aria-hidden="true">
          —
        </span>{' '}
        No part
      </li>
    </ul>
  );
}
