import type { GenAiConsent, GenAiDataClass } from '../../../src/api/contract/genAi';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/** A request as stored: 'approved' stays stored past its expiry; the views say 'expired'. */
export interface StoredGenAiApproval {
  id: number;
  project_id: number;
  tool: string;
  purpose: string;
  data_classification: GenAiDataClass;
  client_consent: GenAiConsent;
  consent_evidence: string;
  /** The email or signed form with the consent (bytes in the attachment store, or the seed's). */
  consent_files: StoredFileRef[];
  state: 'pending' | 'approved' | 'rejected';
  requested_by_id: number;
  requested_at: string;
  decided_by_id: number | null;
  decided_at: string | null;
  conditions: string;
  expires_on: string | null;
  rejection_reason: string;
}

/** A tool the project uses since a day. */
export interface StoredGenAiToolUse {
  id: number;
  project_id: number;
  tool: string;
  since: string;
  recorded_by_id: number;
}

/** The Gen AI approvals and tool usage of the projects (part of MockState). */
export interface GenAiState {
  genAiApprovals: StoredGenAiApproval[];
  genAiUsage: StoredGenAiToolUse[];
}

declare module '../../store/state' {
  interface AreaStates {
    genAi: GenAiState;
  }
}
