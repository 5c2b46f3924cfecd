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
import { DataTable } from '../../../shared/ui/DataTable';
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
  return (
    <DataTable caption={caption} compact>
      <thead>
        <tr>
          <th scope="col" className={styles.activityHead}>
            Activity
          </th>
          {roles.map((role) => (
            <th scope="col" key={role.id} className={styles.roleHead}>
              {role.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {activities.map((activity) => {
          const messages = problems?.get(activity.code) ?? [];
          const cells = rows?.[activity.code] ?? activity.cells;
          const describedBy = messages.length > 0 ? problemId(fn, activity.code) : undefined;
          return (
            <tr key={activity.code} className={messages.length > 0 ? styles.broken : undefined}>
              <th scope="row" className={styles.activity}>
                {activity.name}
                {messages.length > 0 && (
                  <span className={styles.problem} id={describedBy}>
                    <CircleAlert size={14} aria-hidden="true" className={styles.problemIcon} />
                    {messages.join(' ')}
                  </span>
                )}
              </th>
              {roles.map((role) => {
                const cell = cells[role.id] ?? '';
                return (
                  <td key={role.id} className={styles.cell}>
                    {onChange ? (
                      <select
                        id={cellId(fn, activity.code, role.id)}
                        className={
                          cell === 'A'
                            ? `${styles.select} ${styles.selectAccountable}`
                            : styles.select
                        }
                        aria-label={`${role.name} for “${activity.name}”`}
                        aria-invalid={messages.length > 0 || undefined}
                        aria-describedby={describedBy}
                        value={cell}
                        onChange={(event) =>
                          onChange(activity.code, role.id, event.target.value as RaciCell)
                        }
                      >
                        <option value="">—</option>
                        {RACI_LETTERS.map((letter) => (
                          <option key={letter} value={letter}>
                            {letter}
                          </option>
                        ))}
                      </select>
                    ) : cell ? (
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
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </DataTable>
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
