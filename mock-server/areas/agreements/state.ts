import type { Agreement } from '../../../src/api/contract/agreements';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/**
 * An agreement as the store keeps it: of its project, its documents without their signed address;
 * how soon it ends is worked out on the day of each call.
 */
export type StoredAgreement = Omit<Agreement, 'expiring_soon' | 'days_left' | 'documents'> & {
  project_id: number;
  documents: StoredFileRef[];
};

/** What the Project agreements tab keeps (part of MockState). */
export interface AgreementsState {
  agreements: StoredAgreement[];
}

declare module '../../store/state' {
  interface AreaStates {
    agreements: AgreementsState;
  }
}
