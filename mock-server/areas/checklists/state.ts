import type { ChecklistAnswer, ChecklistState } from '../../../src/api/contract/checklists';

/** A file on a checklist item as stored: its bytes live in the attachment store by id. */
export interface StoredChecklistFile {
  id: number;
  name: string;
  size: number;
}

/** One item of a stored checklist. */
export interface StoredChecklistItem {
  id: number;
  text: string;
  hint?: string;
  answer: ChecklistAnswer | null;
  comment: string;
  attachments: StoredChecklistFile[];
}

/** A checklist as stored: the project, the assignee and the last writer by id, items inside. */
export interface StoredChecklist {
  id: number;
  project_id: number;
  template_name: string;
  due_date: string;
  state: ChecklistState;
  assignee_id: number;
  decline_reason: string;
  updated_at: string;
  updated_by_id: number;
  items: StoredChecklistItem[];
}

/** The project checklists (part of MockState). */
export interface ChecklistsState {
  checklists: StoredChecklist[];
}
