import type { PollStatus } from '../../api/contract/polls';
import { POLL_STATUS_LABELS } from '../../api/contract/pollLabels';
import checkStyles from './checks.module.css';
import type { BadgeTone } from '../../shared/ui/Badge';
import { StatusPill } from '../../shared/ui/StatusPill';

/** Where a check stands: waiting to start, under way, with the experts or reviewers, done, stopped. */
const POLL_STATUS_TONES: Record<PollStatus, BadgeTone> = {
  new: 'neutral',
  pre_start: 'neutral',
  started: 'info',
  expert: 'warning',
  supervisor_review: 'warning',
  review_completed: 'success',
  finished: 'success',
  canceled: 'danger',
};

/** The status of a check as a coloured pill with its human label. */
export function StatusBadge({ status }: { status: PollStatus }) {
  return <StatusPill status={status} labels={POLL_STATUS_LABELS} tones={POLL_STATUS_TONES} />;
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
