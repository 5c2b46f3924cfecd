import { TARGET_STATUS_LABELS, type TargetStatus } from '../../../api/contract/targets';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';

const STATUS_TONES: Record<TargetStatus, BadgeTone> = {
  on_track: 'success',
  at_risk: 'warning',
  off_track: 'danger',
  no_actual: 'neutral',
};

/** A target's status on a pill: 'On track', 'At risk', 'Off track', 'No actual yet'. */
export function TargetStatusBadge({ status }: { status: TargetStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{TARGET_STATUS_LABELS[status]}</Badge>;
}
