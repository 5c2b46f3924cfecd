import { personLabel } from '../../api/contract/display';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

/** What the picker needs of a person: the API's person references all have these. */
export interface PickablePerson {
  id: number;
  name: string;
  login?: string | null;
}

export interface PersonPickerProps<P extends PickablePerson> extends Omit<
  SearchPickerProps<P>,
  'value' | 'onChange' | 'optionLabel' | 'noun'
> {
  person: P | null;
  onChange: (person: P | null) => void;
}

const PEOPLE: [string, string] = ['person', 'people'];

/**
 * Picks one person through a user search (`useSearch`, e.g. `useSearchUsersQuery`). Typing again
 * drops the choice; with `clearOnPick` the box empties after each pick, for adding several people
 * one by one.
 */
export function PersonPicker<P extends PickablePerson>({ person, ...props }: PersonPickerProps<P>) {
  return <SearchPicker {...props} value={person} optionLabel={personLabel} noun={PEOPLE} />;
}
