import type { PersonRef } from '../../src/api/contract/actionRequests';
import type { ProjectHistoryEntry, StoredFileRef } from '../../src/api/contract/projects';
import { recordProjectChange } from '../areas/projects/model';
import type { AttachmentStore } from './attachments';
import type { MockState } from '../store/state';
import { nowIso } from './clock';
import { storeUploads } from './files';
import type { UploadedFile } from './http';

/** Where a card's uploaded files go, and the History line each enters under. */
export interface CardFilesTarget {
  /** The card's project and the caller as a person (cardAccess's answer). */
  card: { projectId: number; by: PersonRef };
  /** The id of the first file (the area's next file id). */
  firstId: number;
  /** The record's list of files the new ones join. */
  to: StoredFileRef[];
  /** The section and field of each file's History line (its name the new value). */
  history: Pick<ProjectHistoryEntry, 'section' | 'field'>;
  at?: string;
}

/**
 * Stores the uploaded `files` of a record of the card (their bytes in the attachment store), adds
 * them to its list and enters each in the card's History, in `draft` (inside `mutate`).
 */
export function addCardFiles(
  draft: MockState,
  attachments: AttachmentStore,
  files: readonly UploadedFile[],
  { card, firstId, to, history, at = nowIso() }: CardFilesTarget,
): void {
  for (const ref of storeUploads(attachments, files, firstId, card.by, at)) {
    to.push(ref);
    recordProjectChange(draft, card.projectId, card.by, {
      ...history,
      old_value: '',
      new_value: ref.file_name,
    });
  }
}
