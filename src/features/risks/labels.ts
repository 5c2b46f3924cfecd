import type { ResolutionAction, RiskAction, TransferSide } from '../../api/contract/risks';

export {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESOLUTION_LABELS,
  RESPONSE_DECISION_LABELS,
  RESPONSE_STRATEGY_LABELS,
  RISK_CATEGORY_LABELS,
  RISK_KIND_LABELS,
  RISK_STATUS_LABELS,
  VISIBILITY_TAG_LABELS,
} from '../../api/contract/risks';
export { LEVEL_LABELS, entityLabel } from '../../api/contract/display';

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

export const SIDE_LABELS: Record<TransferSide, string> = {
  company: 'Company side',
  client: 'Client side',
  third_party: 'Third party',
};
