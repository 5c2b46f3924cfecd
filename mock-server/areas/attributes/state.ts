import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type {
  ProfileValidation,
  ProjectAttribute,
} from '../../../src/api/contract/projectAttributes';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/**
 * One filled attribute of one project (an attribute never set has no row): its value and who set
 * it, its validation flat; the definition comes from the backend's list.
 */
export type StoredAttributeValue = Pick<
  ProjectAttribute,
  'key' | 'value' | 'updated_by' | 'updated_at'
> & {
  project_id: number;
  validated_by: PersonRef | null;
  validated_at: string | null;
};

/**
 * A project's profile validation (a project without a row is 'not started', with no files): its
 * files without their signed address.
 */
export type StoredProfileValidation = Omit<ProfileValidation, 'files'> & {
  project_id: number;
  files: StoredFileRef[];
};

/** What the Attributes tab keeps (part of MockState). */
export interface AttributesState {
  projectAttributes: StoredAttributeValue[];
  profileValidations: StoredProfileValidation[];
}

declare module '../../store/state' {
  interface AreaStates {
    attributes: AttributesState;
  }
}
