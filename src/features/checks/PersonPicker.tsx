import type { PersonRef } from '../../api/contract/actionRequests';
import {
  PersonPicker as SearchPersonPicker,
  type PersonPickerProps,
} from '../../shared/ui/PersonPicker';
import { useSearchUsersQuery } from './api';

/** Picks one person through `GET /api/users/?search=` (see the shared PersonPicker). */
export function PersonPicker(props: Omit<PersonPickerProps<PersonRef>, 'useSearch'>) {
  return <SearchPersonPicker {...props} useSearch={useSearchUsersQuery} />;
}
