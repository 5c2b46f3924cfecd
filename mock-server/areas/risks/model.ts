import type {
  ActionItem,
  HistoryEntry,
  NamedRef,
  Risk,
  RiskComment,
  RiskDraft,
  RiskScope,
} from '../../../src/api/contract/risks';
import type { SentEmail } from '../../lib/mail';

/** A risk as stored: everything but what depends on who asks. */
export type StoredRisk = Omit<Risk, 'user_permissions'>;

export interface StoredActionItem extends ActionItem {
  risk_id: number;
}

export interface DuplicatesGroupRecord {
  id: number;
  risk_ids: number[];
  /** Marked "not a duplicate": never shown in the group again. */
  excluded: number[];
}

export interface StoredHistoryEntry extends HistoryEntry {
  risk_id: number;
}

export interface StoredRiskComment extends RiskComment {
  risk_id: number;
}

export interface StoredDraft extends RiskDraft {
  user_id: number;
}

export interface BusinessLine extends NamedRef {
  segment_id: number;
  /** The accounts the line holds: an account-level risk escalates to its line. */
  account_ids: number[];
}

export interface RisksState {
  businessSegments: NamedRef[];
  businessLines: BusinessLine[];
  risks: StoredRisk[];
  riskActionItems: StoredActionItem[];
  duplicateGroups: DuplicatesGroupRecord[];
  riskHistory: StoredHistoryEntry[];
  riskDrafts: StoredDraft[];
  riskComments: StoredRiskComment[];
  sentEmails: SentEmail[];
}

/** The scope a risk lives at, with its project and account. */
export interface ScopeContext {
  scope: RiskScope;
  project: NamedRef | null;
  account: NamedRef | null;
}

/**
 * What a new risk holds until someone sets it: open, in delivery, with no plan, comments, sharing
 * or transfer. Fresh lists on each call, as routes change a risk's lists in place.
 */
export function newRiskDefaults() {
  return {
    category: 'delivery',
    status: 'open',
    resolution: null,
    response_strategy: null,
    due_date: null,
    labels: [],
    visibility_tags: [],
    duplicates_group: null,
    poll_id: null,
    description: '',
    response_decision: null,
    client_communication: '',
    resolution_comment: '',
    informed: [],
    awareness_raised: false,
    shared_with: [],
    transfer: null,
    action_items_count: 0,
    comments_count: 0,
  } satisfies Partial<StoredRisk>;
}

declare module '../../store/state' {
  interface AreaStates {
    risks: RisksState;
  }
}
