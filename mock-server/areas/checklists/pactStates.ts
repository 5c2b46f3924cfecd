import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import type { StoredChecklist } from './state';
import { mutate } from '../../store/db';
import type { ChecklistState } from '../../../src/api/contract/checklists';
import { CHECKLIST_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The checklist states of the mock backend, on the fixtures (mock-server/seed/checklists.ts). */
export function checklistStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const userOf = (personaId: string) => findPersona(personaId)!.userId;

  /** The persona's first checklist in `state` (that passes `where`). */
  const find = (
    personaId: string,
    state: ChecklistState,
    where: (checklist: StoredChecklist) => boolean = () => true,
  ) => {
    const userId = userOf(personaId);
    const found = db
      .getState()
      .checklists.find(
        (checklist) =>
          checklist.assignee_id === userId && checklist.state === state && where(checklist),
      );
    if (!found) throw new Error(`The fixtures hold no ${state} checklist of ${personaId}`);
    return found;
  };
  /** The persona's checklist in `state` and its first item. */
  const withItem = (personaId: string, state: ChecklistState) => {
    const checklist = find(personaId, state);
    return { checklistId: checklist.id, itemId: checklist.items[0]!.id };
  };

  return handlersFor(CHECKLIST_STATES, signIn, {
    pm: () => {
      const withFile = find('pm', 'in_progress', (checklist) =>
        checklist.items.some((item) => item.attachments.length > 0),
      );
      const item = withFile.items.find((candidate) => candidate.attachments.length > 0)!;
      const other = db
        .getState()
        .checklists.find((checklist) => checklist.assignee_id !== userOf('pm'))!;
      return {
        ...withItem('pm', 'available'),
        otherChecklistId: other.id,
        fileChecklistId: withFile.id,
        fileItemId: item.id,
        fileId: item.attachments[0]!.id,
        // A word of its template's name.
        checklistSearch: withFile.template_name.split(' ')[0]!.toLowerCase(),
      };
    },
    pmSingleItem: () => {
      const { checklistId, itemId } = withItem('pm', 'available');
      mutate(db, (state) => {
        const checklist = state.checklists.find((candidate) => candidate.id === checklistId)!;
        checklist.items = checklist.items.filter((item) => item.id === itemId);
      });
      return { checklistId, itemId };
    },
    pmComplete: () => {
      const { id } = find('pm', 'in_progress');
      mutate(db, (state) => {
        for (const item of state.checklists.find((candidate) => candidate.id === id)!.items) {
          item.answer = 'yes';
          item.comment = '';
        }
      });
      return { checklistId: id };
    },
    admin: () => ({
      checklistId: find('admin', 'available').id,
      finalChecklistId: find('admin', 'submitted').id,
    }),
    qclReadOnly: () => withItem('qcl', 'available'),
    expertWithout: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = checklistStateHandlers;
