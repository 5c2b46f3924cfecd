import { sameTool, type GenAiApproval, type GenAiUsage } from '../../src/api/contract/genAi';
import { personOf } from '../polls/view';
import type { MockState } from '../store/state';
import { today } from '../targets/model';
import type { StoredGenAiApproval } from './state';

export type { GenAiState, StoredGenAiApproval, StoredGenAiToolUse } from './state';

/** Approved and not past its last day. */
export const isValid = (stored: StoredGenAiApproval, day = today()) =>
  stored.state === 'approved' && stored.expires_on !== null && stored.expires_on >= day;

export function toGenAiApproval(state: MockState, stored: StoredGenAiApproval): GenAiApproval {
  const expired = stored.state === 'approved' && !isValid(stored);
  return {
    id: stored.id,
    tool: stored.tool,
    purpose: stored.purpose,
    data_classification: stored.data_classification,
    client_consent: stored.client_consent,
    consent_evidence: stored.consent_evidence,
    state: expired ? 'expired' : stored.state,
    requested_by: personOf(state, stored.requested_by_id),
    requested_at: stored.requested_at,
    decided_by: stored.decided_by_id === null ? null : personOf(state, stored.decided_by_id),
    decided_at: stored.decided_at,
    conditions: stored.conditions,
    expires_on: stored.expires_on,
    rejection_reason: stored.rejection_reason,
  };
}

/** A project's requests, newest first. */
export const projectGenAiApprovals = (state: MockState, projectId: number) =>
  state.genAiApprovals
    .filter((row) => row.project_id === projectId)
    .sort((a, b) => b.requested_at.localeCompare(a.requested_at) || b.id - a.id)
    .map((row) => toGenAiApproval(state, row));

/** The tools in use by name, each with the valid approval that lasts longest; the unapproved. */
export function projectGenAiUsage(state: MockState, projectId: number): GenAiUsage {
  const day = today();
  const valid = state.genAiApprovals
    .filter((row) => row.project_id === projectId && isValid(row, day))
    .sort((a, b) => b.expires_on!.localeCompare(a.expires_on!));
  const tools = state.genAiUsage
    .filter((use) => use.project_id === projectId)
    .sort((a, b) => a.tool.localeCompare(b.tool) || a.id - b.id)
    .map((use) => {
      const approval = valid.find((row) => sameTool(row.tool, use.tool));
      return {
        id: use.id,
        tool: use.tool,
        since: use.since,
        recorded_by: personOf(state, use.recorded_by_id),
        approval: approval ? { id: approval.id, expires_on: approval.expires_on! } : null,
      };
    });
  return {
    tools,
    unapproved_tools: tools.filter((use) => use.approval === null).map((use) => use.tool),
  };
}
