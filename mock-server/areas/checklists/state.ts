import type { Checklist, ChecklistItem } from '../../../src/api/contract/checklists';
import type { Attachment } from '../../../src/api/contract/risks';

/** A file on a checklist item as stored: its bytes live in the attachment store by id. */
export type StoredChecklistFile = Pick<Attachment, 'id' | 'name' | 'size'>;

/** One item of a stored checklist: its files without their signed addresses. */
export type StoredChecklistItem = Omit<ChecklistItem, 'attachments'> & {
  attachments: StoredChecklistFile[];
};

/** A checklist as stored: the project, the assignee and the last writer by id, items inside. */
export type StoredChecklist = Omit<
  Checklist,
  'project' | 'account' | 'assignee' | 'items_count' | 'answered_count' | 'updated_by'
> & {
  project_id: number;
  assignee_id: number;
  updated_by_id: number;
  items: StoredChecklistItem[];
};

/** The project checklists (part of MockState). */
export interface ChecklistsState {
  checklists: StoredChecklist[];
}

declare module '../../store/state' {
  interface AreaStates {
    checklists: ChecklistsState;
  }
}
