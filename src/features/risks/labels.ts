import type {
  Resolution,
  ResolutionAction,
  ResponseDecision,
  ResponseStrategy,
  RiskAction,
  RiskCategory,
  RiskStatus,
  TransferSide,
  VisibilityTag,
} from '../../api/contract/risks';

export { ISSUE_GRADE_LABELS, RATING_LABELS } from '../../api/contract/risks';
export { LEVEL_LABELS, entityLabel } from '../../shared/lib/format';

export const STATUS_LABELS: Record<RiskStatus, string> = { open: 'Open', closed: 'Closed' };

export const RESOLUTION_LABELS: Record<Resolution, string> = {
  resolved: 'Resolved',
  duplicate: 'Resolved as duplicate',
  invalid: 'Resolved as invalid',
  not_actual: 'Resolved as not actual',
  ignored: 'Ignored',
  converted_to_issue: 'Converted to issue',
};

export const RESOLUTION_ACTION_LABELS: Record<ResolutionAction, string> = {
  resolve: 'Resolve',
  resolve_as_duplicate: 'Resolve as duplicate',
  resolve_as_invalid: 'Resolve as invalid',
  resolve_as_not_actual: 'Resolve as not actual',
  resolve_as_ignore: 'Ignore',
  convert_to_issue: 'Convert to issue',
  reopen: 'Reopen',
};

export const RISK_ACTION_LABELS: Record<RiskAction, string> = {
  propagate: 'Propagate',
  delegate: 'Delegate',
  escalate: 'Escalate',
  raise_awareness: 'Raise awareness',
  lower_awareness: 'Lower awareness',
  share_with_account: 'Share with the account',
  share_with_project: 'Share with the project',
};

export const STRATEGY_LABELS: Record<ResponseStrategy, string> = {
  avoid: 'Avoid',
  mitigate: 'Mitigate',
  transfer: 'Transfer',
  accept: 'Accept',
  escalate: 'Escalate',
};

export const DECISION_LABELS: Record<ResponseDecision, string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const CATEGORY_LABELS: Record<RiskCategory, string> = {
  delivery: 'Delivery',
  scope: 'Scope',
  people: 'People',
  quality: 'Quality',
  technology: 'Technology',
  security: 'Security',
  commercial: 'Commercial',
  client: 'Client',
};

export const TAG_LABELS: Record<VisibilityTag, string> = {
  client: 'Client',
  steering: 'Steering committee',
  management: 'Management',
  internal: 'Internal',
  security: 'Security',
};

export const SIDE_LABELS: Record<TransferSide, string> = {
  company: 'Company side',
  client: 'Client side',
  third_party: 'Third party',
};
