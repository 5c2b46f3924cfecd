import {
  OPEN_CHECKLIST_STATES,
  CHECKLIST_FLAGS,
  type Checklist,
  type ChecklistDetail,
  type ChecklistItem,
  type ChecklistState,
} from '../../../src/api/contract/checklists';
import type { Attachment } from '../../../src/api/contract/risks';
import type { Persona } from '../../auth/personas';
import { detailsOf } from '../projects/model';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { contentTypeOf } from '../../lib/attachments';
import type { MockState } from '../../store/state';
import type { StoredChecklist, StoredChecklistFile } from './state';
import { personOf } from '../../lib/people';

export type { ChecklistsState, StoredChecklist, StoredChecklistItem } from './state';

/** Seeded item files are numbered from here (generated from their names on download)… */
export const CHECKLIST_FILE_SEED_BASE = 1_900_000;
/** …and uploads from here, so neither meets a risk attachment's or a project file's id. */
export const CHECKLIST_FILE_UPLOAD_BASE = 2_000_000;

/** The download address of a checklist file: `/api/checklist-files/{id}/`, signed per user. */
export const checklistFilePath = (id: number) => `/api/checklist-files/${id}/`;

/** A person sees the checklists issued to them, and only with the viewing flag. */
export const seesChecklist = (persona: Persona, checklist: StoredChecklist) =>
  persona.permissions.includes(CHECKLIST_FLAGS.view) && checklist.assignee_id === persona.userId;

export const isOpenState = (state: ChecklistState) =>
  (OPEN_CHECKLIST_STATES as readonly ChecklistState[]).includes(state);

/** The sidebar counter: the person's checklists still available or in progress, stored now. */
export const availableChecklists = (state: MockState, persona: Persona) =>
  state.checklists.filter(
    (checklist) => seesChecklist(persona, checklist) && isOpenState(checklist.state),
  ).length;

export function toChecklist(state: MockState, stored: StoredChecklist): Checklist {
  const project = state.projects.find((candidate) => candidate.id === stored.project_id);
  const code = detailsOf(state, stored.project_id)?.code;
  return {
    id: stored.id,
    project: {
      id: stored.project_id,
      name: project?.name ?? `Project ${stored.project_id}`,
      ...(code ? { code } : {}),
    },
    ...(project ? { account: { id: project.account_id, name: project.account_name } } : {}),
    template_name: stored.template_name,
    due_date: stored.due_date,
    state: stored.state,
    assignee: personOf(state, stored.assignee_id),
    items_count: stored.items.length,
    answered_count: stored.items.filter((item) => item.answer !== null).length,
    decline_reason: stored.decline_reason,
    updated_at: stored.updated_at,
    updated_by: personOf(state, stored.updated_by_id),
  };
}

export function toChecklistDetail(
  state: MockState,
  stored: StoredChecklist,
  signer: DownloadSigner,
  userId: number,
): ChecklistDetail {
  return {
    ...toChecklist(state, stored),
    items: stored.items.map((item): ChecklistItem => ({
      id: item.id,
      text: item.text,
      ...(item.hint ? { hint: item.hint } : {}),
      answer: item.answer,
      comment: item.comment,
      attachments: item.attachments.map((file) => signedFile(signer, file, userId)),
    })),
  };
}

function signedFile(signer: DownloadSigner, file: StoredChecklistFile, userId: number): Attachment {
  const signed = signer.sign(
    {
      id: file.id,
      name: file.name,
      size: file.size,
      content_type: contentTypeOf(file.name),
      url: '',
    },
    userId,
  );
  return {
    ...signed,
    url: `${checklistFilePath(file.id)}${signed.url.slice(signed.url.indexOf('?'))}`,
  };
}
