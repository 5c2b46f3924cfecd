import type { PollStatus } from '../../api/contract/polls';
import { POLL_STATUS_LABELS } from '../../api/contract/pollLabels';
import checkStyles from './checks.module.css';

/** The status of a check as a coloured pill with its human label. */
export function StatusBadge({ status }: { status: PollStatus }) {
  return (
    <span className={checkStyles.checkStatus} data-status={status}>
      {POLL_STATUS_LABELS[status]}
    </span>
  );
}

/** A check whose results do not count (marked invalid). */
export function InvalidFlag() {
  return <span className={checkStyles.checkInvalid}>Invalid</span>;
}

/** A bar with its percentage (or `text`) beside it; the text is what assistive technology reads. */
export function ProgressBar({ percent, text }: { percent: number; text?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className={checkStyles.progress}>
      <span className={checkStyles.progressTrack} aria-hidden="true">
        <span className={checkStyles.progressFill} style={{ width: `${value}%` }} />
      </span>
      <span className={checkStyles.progressText}>{text ?? `${value}%`}</span>
    </span>
  );
}
