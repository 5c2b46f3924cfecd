import type { PersonRef } from '../../src/api/contract/actionRequests';

/** A person as the API shows one: id, name and login (a stranger's id reads "User {id}"). */
export function personOf(state: { people: readonly PersonRef[] }, id: number): PersonRef {
  return state.people.find((person) => person.id === id) ?? { id, name: `User ${id}`, login: '' };
}
