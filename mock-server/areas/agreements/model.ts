import { EXPIRING_WITHIN_DAYS, type Agreement } from '../../../src/api/contract/agreements';
import type { ProjectFile, StoredFileRef } from '../../../src/api/contract/projects';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { today } from '../../lib/clock';
import { nextFileId, signedFileBody } from '../../lib/files';
import type { AgreementsState, StoredAgreement } from './state';

export type { AgreementsState, StoredAgreement } from './state';

/**
 * Ids of agreement documents: the seed's between the two bases (their bytes are generated from
 * their names), uploads above the second (their bytes in the attachment store).
 */
export const AGREEMENT_FILE_SEED_BASE = 3_000_000;
export const AGREEMENT_FILE_UPLOAD_BASE = 3_500_000;

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whole days from today to `date`. */
const daysUntil = (date: string) => Math.round(dayOf(date) - dayOf(today()));

/** The next id for an uploaded agreement document. */
export function nextAgreementFileId(state: AgreementsState): number {
  const ids = state.agreements.flatMap((agreement) => agreement.documents.map((file) => file.id));
  return nextFileId(AGREEMENT_FILE_UPLOAD_BASE, ids);
}

/** A document with its download address signed for the caller. */
export function agreementFileBody(
  signer: DownloadSigner,
  file: StoredFileRef,
  userId: number,
): ProjectFile {
  return signedFileBody(signer, file, userId, '/api/agreement-files');
}

export function toAgreement(
  stored: StoredAgreement,
  signer: DownloadSigner,
  userId: number,
): Agreement {
  const daysLeft = daysUntil(stored.end_date);
  return {
    id: stored.id,
    type: stored.type,
    reference: stored.reference,
    parties: stored.parties,
    start_date: stored.start_date,
    end_date: stored.end_date,
    value: stored.value,
    currency: stored.currency,
    state: stored.state,
    expiring_soon: stored.state !== 'expired' && daysLeft >= 0 && daysLeft <= EXPIRING_WITHIN_DAYS,
    days_left: daysLeft,
    documents: stored.documents.map((file) => agreementFileBody(signer, file, userId)),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** The project's agreements, by end date then id. */
export const projectAgreements = (
  state: AgreementsState,
  projectId: number,
  signer: DownloadSigner,
  userId: number,
): Agreement[] =>
  state.agreements
    .filter((agreement) => agreement.project_id === projectId)
    .sort((a, b) => a.end_date.localeCompare(b.end_date) || a.id - b.id)
    .map((agreement) => toAgreement(agreement, signer, userId));
