import type { StoredFileRef } from '../../../src/api/contract/projects';
import { GEN_AI_FILE_SEED_BASE, type GenAiState, type StoredGenAiApproval } from './model';
import type { SeedPart } from '../../lib/seed';

const at = (month: number, day: number) =>
  new Date(Date.UTC(2026, month - 1, day, 9)).toISOString();

/**
 * Gen AI requests and tools in use of the canonical projects 1 and 2. Project 1 uses GitHub Copilot
 * (approved until 06/30/2027) and ChatGPT Enterprise, which no request covers: its Overview flags
 * it. It also waits on a pending request (Microsoft 365 Copilot), had one rejected (Midjourney) and
 * one expired (Otter.ai). Project 2 uses only an approved tool. Each consent given ('yes') holds
 * its evidence as a file: the client's email or the signed minutes or SOW.
 */
export function buildGenAi(): GenAiState {
  let fileId = GEN_AI_FILE_SEED_BASE;
  const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
  const file = (file_name: string, size: number, uploaded_at: string): StoredFileRef => {
    fileId += 1;
    return { id: fileId, file_name, size, uploaded_at, uploaded_by: PRIYA };
  };
  const approvals: Omit<StoredGenAiApproval, 'id'>[] = [
    {
      project_id: 1,
      tool: 'GitHub Copilot',
      purpose: 'Code completion in the delivery team’s IDEs for the client’s web application.',
      data_classification: 'client_confidential',
      client_consent: 'yes',
      consent_evidence:
        'Email from the client’s CTO of 09/14/2026 agreeing to Copilot Business with code retention off.',
      consent_files: [file('CTO consent to Copilot Business 2026-09-14.pdf', 48_213, at(9, 15))],
      state: 'approved',
      requested_by_id: 2,
      requested_at: at(9, 15),
      decided_by_id: 1,
      decided_at: at(9, 18),
      conditions:
        'Copilot Business seats only; suggestions reviewed like any other code; no secrets in prompts.',
      expires_on: '2027-06-30',
      rejection_reason: '',
    },
    {
      project_id: 1,
      tool: 'Otter.ai',
      purpose: 'Transcribing the weekly status meetings with the client.',
      data_classification: 'confidential',
      client_consent: 'yes',
      consent_evidence: 'Agreed by the client’s PM in the kick-off minutes of 03/02/2026.',
      consent_files: [file('Kick-off minutes 2026-03-02 signed.pdf', 182_530, at(3, 3))],
      state: 'approved',
      requested_by_id: 2,
      requested_at: at(3, 3),
      decided_by_id: 1,
      decided_at: at(3, 5),
      conditions: 'Transcripts deleted after 30 days.',
      expires_on: '2026-09-30',
      rejection_reason: '',
    },
    {
      project_id: 1,
      tool: 'Midjourney',
      purpose: 'Illustrations for the client’s marketing pages.',
      data_classification: 'public',
      client_consent: 'no',
      consent_evidence: '',
      consent_files: [],
      state: 'rejected',
      requested_by_id: 2,
      requested_at: at(10, 6),
      decided_by_id: 1,
      decided_at: at(10, 8),
      conditions: '',
      expires_on: null,
      rejection_reason: 'The client refuses generated images in its brand material.',
    },
    {
      project_id: 1,
      tool: 'Microsoft 365 Copilot',
      purpose: 'Summarising the project’s mail threads and meeting notes.',
      data_classification: 'internal',
      client_consent: 'pending',
      consent_evidence: '',
      consent_files: [],
      state: 'pending',
      requested_by_id: 2,
      requested_at: at(11, 10),
      decided_by_id: null,
      decided_at: null,
      conditions: '',
      expires_on: null,
      rejection_reason: '',
    },
    {
      project_id: 2,
      tool: 'GitHub Copilot',
      purpose: 'Code completion for the integration services.',
      data_classification: 'confidential',
      client_consent: 'yes',
      consent_evidence: 'Clause 12.4 of the SOW signed on 01/20/2026.',
      consent_files: [file('SOW clause 12.4 signed 2026-01-20.pdf', 96_004, at(2, 2))],
      state: 'approved',
      requested_by_id: 2,
      requested_at: at(2, 2),
      decided_by_id: 1,
      decided_at: at(2, 4),
      conditions: 'Copilot Business seats only.',
      expires_on: '2027-01-31',
      rejection_reason: '',
    },
  ];
  return {
    genAiApprovals: approvals.map((row, index) => ({ id: index + 1, ...row })),
    genAiUsage: [
      { id: 1, project_id: 1, tool: 'GitHub Copilot', since: '2026-09-20', recorded_by_id: 2 },
      { id: 2, project_id: 1, tool: 'ChatGPT Enterprise', since: '2026-11-02', recorded_by_id: 2 },
      { id: 3, project_id: 2, tool: 'GitHub Copilot', since: '2026-02-10', recorded_by_id: 2 },
    ],
  };
}

export const genAiSeed: SeedPart = { name: 'genAi', build: () => buildGenAi() };
