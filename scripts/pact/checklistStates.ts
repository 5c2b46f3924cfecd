import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import type { StoredChecklist } from '../../mock-server/checklists/state';
import { findPersona } from '../../mock-server/auth/personas';
import { mutate } from '../../mock-server/store/db';
import type { MockState } from '../../mock-server/store/state';
import type { ChecklistState } from '../../src/api/contract/checklists';
import { CHECKLIST_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The checklist provider states on the seed (mock-server/seed/checklists.ts). */
export function checklistStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const find = (personaId: string, state: ChecklistState, where = (_: StoredChecklist) => true) => {
    const userId = findPersona(personaId)!.userId;
    const found = db
      .getState()
      .checklists.find(
        (checklist) =>
          checklist.assignee_id === userId && checklist.state === state && where(checklist),
      );
    if (!found) throw new Error(`The seed holds no ${state} checklist of ${personaId}`);
    return found;
  };
  const others = (personaId: string) => {
    const userId = findPersona(personaId)!.userId;
    return db.getState().checklists.find((checklist) => checklist.assignee_id !== userId)!.id;
  };
  const ids = (personaId: string, open: ChecklistState) => {
    const checklist = find(personaId, open);
    const withFile = db
      .getState()
      .checklists.find(
        (candidate) =>
          candidate.assignee_id === checklist.assignee_id &&
          candidate.items.some((item) => item.attachments.length > 0),
      );
    const file = withFile?.items.find((item) => item.attachments.length > 0);
    return {
      checklistId: checklist.id,
      itemId: checklist.items[0]!.id,
      otherChecklistId: others(personaId),
      finalChecklistId: find(personaId, 'submitted').id,
      ...(withFile && file
        ? { fileChecklistId: withFile.id, fileItemId: file.id, fileId: file.attachments[0]!.id }
        : {}),
    };
  };
  const signedIn =
    (personaId: string, open: ChecklistState, change?: (state: MockState) => void) => async () => {
      const { valid } = await signIn(personaId);
      if (change) mutate(db, change);
      return { accessToken: valid.access, ...ids(personaId, open) };
    };
  return {
    [CHECKLIST_STATES.pm]: signedIn('pm', 'available'),
    [CHECKLIST_STATES.pmComplete]: signedIn('pm', 'in_progress', (state) => {
      const userId = findPersona('pm')!.userId;
      const checklist = state.checklists.find(
        (candidate) => candidate.assignee_id === userId && candidate.state === 'in_progress',
      )!;
      for (const item of checklist.items) {
        item.answer = 'yes';
        item.comment = '';
      }
    }),
    [CHECKLIST_STATES.admin]: signedIn('admin', 'available'),
    [CHECKLIST_STATES.qclReadOnly]: signedIn('qcl', 'available'),
    [CHECKLIST_STATES.expertWithout]: async () => {
      const { valid } = await signIn('expert');
      return { accessToken: valid.access };
    },
  };
}
