import { sameTool, type GenAiApproval, type GenAiUsage } from '../../../src/api/contract/genAi';
import type { ProjectFile, StoredFileRef } from '../../../src/api/contract/projects';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { nextFileId, signedFileBody } from '../../lib/files';
import type { MockState } from '../../store/state';
import type { StoredGenAiApproval } from './state';
import { personOf } from '../../lib/people';
import { today } from '../../lib/clock';

export type { GenAiState, StoredGenAiApproval, StoredGenAiToolUse } from './state';

/**
 * Ids of consent files: the seed's between the two bases (their bytes are generated from their
 * names), uploads above the second (their bytes in the attachment store).
 */
export const GEN_AI_FILE_SEED_BASE = 7_000_000;
export const GEN_AI_FILE_UPLOAD_BASE = 7_500_000;

/** The next id for an uploaded consent file. */
export function nextGenAiFileId(state: Pick<MockState, 'genAiApprovals'>): number {
  const ids = state.genAiApprovals.flatMap((row) => row.consent_files.map((file) => file.id));
  return nextFileId(GEN_AI_FILE_UPLOAD_BASE, ids);
}

/** Signs the consent files' download addresses for one caller. */
export interface GenAiFileSigner {
  signer: DownloadSigner;
  userId: number;
}

/** A consent file with its download address signed for the caller. */
export function genAiFileBody(
  { signer, userId }: GenAiFileSigner,
  file: StoredFileRef,
): ProjectFile {
  return signedFileBody(signer, file, userId, '/api/gen-ai-files');
}

/** Approved and not past its last day. */
export const isValid = (stored: StoredGenAiApproval, day = today()) =>
  stored.state === 'approved' && stored.expires_on !== null && stored.expires_on >= day;

export function toGenAiApproval(
  state: MockState,
  stored: StoredGenAiApproval,
  files: GenAiFileSigner,
): GenAiApproval {
  const expired = stored.state === 'approved' && !isValid(stored);
  return {
    id: stored.id,
    tool: stored.tool,
    purpose: stored.purpose,
    data_classification: stored.data_classification,
    client_consent: stored.client_consent,
    consent_evidence: stored.consent_evidence,
    consent_files: stored.consent_files.map((file) => genAiFileBody(files, file)),
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
export const projectGenAiApprovals = (
  state: MockState,
  projectId: number,
  files: GenAiFileSigner,
) =>
  state.genAiApprovals
    .filter((row) => row.project_id === projectId)
    .sort((a, b) => b.requested_at.localeCompare(a.requested_at) || b.id - a.id)
    .map((row) => toGenAiApproval(state, row, files));

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
