import { useId, type ReactNode } from 'react';
import styles from './SegmentedControl.module.css';

export interface Segment<Value extends string> {
  value: Value;
  label: ReactNode;
}

/**
 * One choice among a few short options shown side by side ('Yes', 'No', 'N/A'): native radios in
 * a fieldset, so the arrows move and choose, Tab enters and leaves the group once, and a screen
 * reader names the group by its `legend` (hidden with `hideLegend` when the context says it).
 * `value` null is no choice yet; `disabled` shows the choice read-only.
 */
export function SegmentedControl<Value extends string>({
  legend,
  hideLegend = false,
  segments,
  value,
  onChange,
  disabled = false,
  describedBy,
  className,
}: {
  legend: ReactNode;
  hideLegend?: boolean;
  segments: readonly Segment<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className={className ? `${styles.group} ${className}` : styles.group}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      <div className={styles.segments}>
        {segments.map((segment) => (
          <label key={segment.value} className={styles.segment}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={segment.value}
              checked={value === segment.value}
              onChange={() => onChange(segment.value)}
            />
            <span className={styles.face}>{segment.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
