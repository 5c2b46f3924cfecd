/**
 * What this user may do on this risk: the spec §6 flags the server narrowed into
 * `risk.user_permissions` (none but viewing for a transfer's receiver, only reopen when closed).
 */
import {
  CAPABILITY_PERMISSIONS,
  FIELD_PERMISSIONS,
  type Risk,
  type RiskEditableField,
} from '../../../api/contract/risks';
import { formatDate, personLabel } from '../../../api/contract/display';
import { RESOLUTION_LABELS } from '../labels';

export type Capability = keyof (typeof CAPABILITY_PERMISSIONS)['risk'];

/** Whether the field exists for this kind at all (a risk has no priority, an issue no impact). */
export const fieldApplies = (risk: Pick<Risk, 'kind'>, field: RiskEditableField) =>
  FIELD_PERMISSIONS[risk.kind][field] !== null;

export function canEdit(risk: Pick<Risk, 'kind' | 'user_permissions'>, field: RiskEditableField) {
  const flag = FIELD_PERMISSIONS[risk.kind][field];
  return flag !== null && risk.user_permissions.includes(flag);
}

export function can(risk: Pick<Risk, 'kind' | 'user_permissions'>, capability: Capability) {
  const flag = CAPABILITY_PERMISSIONS[risk.kind][capability];
  return flag !== null && risk.user_permissions.includes(flag);
}

export const isTransferReceiver = (risk: Risk, userId: number | undefined) =>
  userId !== undefined && risk.transfer?.to.id === userId;

/** Anything beyond viewing and commenting. */
function canChangeAnything(risk: Risk): boolean {
  const fields = Object.keys(FIELD_PERMISSIONS[risk.kind]) as RiskEditableField[];
  const capabilities = (Object.keys(CAPABILITY_PERMISSIONS[risk.kind]) as Capability[]).filter(
    (capability) => capability !== 'comment',
  );
  return fields.some((field) => canEdit(risk, field)) || capabilities.some((c) => can(risk, c));
}

/** May this user add comments? Not on a closed risk, and not its transfer's receiver. */
export const canComment = (risk: Risk, userId: number | undefined) =>
  can(risk, 'comment') && risk.status === 'open' && !isTransferReceiver(risk, userId);

/** Why everything shows read-only, or null when the user may change something. */
export function viewOnlyReason(risk: Risk, userId: number | undefined): string | null {
  if (isTransferReceiver(risk, userId) && risk.transfer) {
    const { by, at } = risk.transfer;
    return `This ${risk.kind} was transferred to you by ${personLabel(by)} on ${formatDate(at)}. You can view it; only its owner can change it.`;
  }
  if (risk.status === 'closed') {
    const how = risk.resolution ? ` (${RESOLUTION_LABELS[risk.resolution].toLowerCase()})` : '';
    return can(risk, 'reopen')
      ? `This ${risk.kind} is closed${how}, so it is read-only. Reopen it on the Resolution tab to change it.`
      : `This ${risk.kind} is closed${how}, so it is read-only.`;
  }
  if (!canChangeAnything(risk))
    return `Your role lets you view this ${risk.kind}, not change it. Ask its owner, ${personLabel(risk.owner)}, for a change.`;
  return null;
}
