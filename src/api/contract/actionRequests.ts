/**
 * Risk action requests (spec §3, §4): a propagation, delegation or escalation of a risk or issue
 * awaiting the recipient's decision. The header's 'Actions' count is the user's pending ones.
 */
export const ACTION_REQUEST_KINDS = ['propagation', 'delegation', 'escalation'] as const;
export type ActionRequestKind = (typeof ACTION_REQUEST_KINDS)[number];

export const ACTION_REQUEST_DECISIONS = ['accepted', 'rejected'] as const;
export type ActionRequestDecision = (typeof ACTION_REQUEST_DECISIONS)[number];

export type ActionRequestStatus = 'pending' | ActionRequestDecision;

export const RISK_LEVELS = ['project', 'business_line', 'business_segment', 'account'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface PersonRef {
  id: number;
  name: string;
  /** Empty for people without a corporate login (client side, third party). */
  login: string;
}

export interface ActionRequestSubject {
  id: number;
  type: 'risk' | 'issue';
  title: string;
  level: RiskLevel;
  /** The project, account, business line or segment the risk or issue belongs to. */
  scope_name: string;
}

export interface ActionRequest {
  id: number;
  kind: ActionRequestKind;
  status: ActionRequestStatus;
  subject: ActionRequestSubject;
  /** The level the request moves the risk to (propagation, escalation) or keeps (delegation). */
  target_level: RiskLevel;
  requested_by: PersonRef;
  recipient: PersonRef;
  comment: string;
  created_at: string;
  decided_at: string | null;
}

/** `GET /api/risk-action-requests/?status=pending`: the current user's requests, newest first. */
export interface ActionRequestListParams {
  status?: ActionRequestStatus;
  page?: number;
  page_size?: number;
}

/** `POST /api/risk-action-requests/{id}/decision/`. */
export interface ActionRequestDecisionRequest {
  decision: ActionRequestDecision;
  comment?: string;
}

/**
 * `GET /api/users/?can_receive_risk={riskId}`: only the people who may act on that risk wherever
 * the request takes it (company staff who may view risks and issues; never a client-side person,
 * never the caller). A propagation, delegation or escalation to anyone else is a 400 on
 * `recipient_id` with this text.
 */
export const RECIPIENT_NOT_ELIGIBLE = (kind: 'risk' | 'issue') =>
  `This person may not act on this ${kind}: choose someone on the company side who may view risks and issues.`;
