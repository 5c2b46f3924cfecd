import type { Resolution, RiskStatus } from '../../api/contract/risks';
import { RESOLUTION_LABELS, RISK_STATUS_LABELS } from '../../api/contract/risks';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';

const RISK_STATUS_TONES: Record<RiskStatus, BadgeTone> = { open: 'info', closed: 'neutral' };

/**
 * A risk's or issue's status, the same pill on every screen that shows it (the register, the
 * risk's header, the duplicates view, an escalation's preview): with a resolution, the pill names
 * how it was closed.
 */
export function RiskStatusPill({
  status,
  resolution,
}: {
  status: RiskStatus;
  resolution?: Resolution | null;
}) {
  return (
    <Badge tone={RISK_STATUS_TONES[status]} data-status={status}>
      {resolution ? RESOLUTION_LABELS[resolution] : RISK_STATUS_LABELS[status]}
    </Badge>
  );
}
