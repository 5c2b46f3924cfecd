import type { PersonRef } from '../../src/api/contract/actionRequests';
import type { ProjectFile, StoredFileRef } from '../../src/api/contract/projects';
import type { DownloadSigner } from '../risks/downloads';
import { contentTypeOf, type AttachmentStore } from '../risks/files';

/**
 * A stored file as the caller gets it: with a same-origin download address under `base` (e.g.
 * `/api/project-files`) signed for them (`{base}/{id}/?user=&expires=&signature=`), so a plain link
 * downloads it.
 */
export function signedFileBody(
  signer: DownloadSigner,
  file: StoredFileRef,
  userId: number,
  base: string,
): ProjectFile {
  const signed = signer.sign(
    {
      id: file.id,
      name: file.file_name,
      size: file.size,
      content_type: contentTypeOf(file.file_name),
      url: '',
    },
    userId,
  );
  const query = signed.url.slice(signed.url.indexOf('?'));
  return { ...file, url: `${base}/${file.id}/${query}` };
}

/** The next id for an uploaded file: above every id in use and never below the uploads' base. */
export const nextFileId = (uploadBase: number, ids: readonly number[]): number =>
  Math.max(uploadBase, ...ids.map((id) => id + 1));

/** A stored file of the card with its download address signed for the caller. */
export const projectFileBody = (signer: DownloadSigner, file: StoredFileRef, userId: number) =>
  signedFileBody(signer, file, userId, '/api/project-files');

/**
 * Puts each upload's bytes in the attachment store, under ids from `firstId` on, and returns the
 * files as the store keeps them, uploaded by `by` at `at`.
 */
export function storeUploads(
  attachments: AttachmentStore,
  files: readonly Express.Multer.File[],
  firstId: number,
  by: PersonRef,
  at = new Date().toISOString(),
): StoredFileRef[] {
  return files.map((file, index) => {
    const id = firstId + index;
    attachments.put(id, file.buffer);
    return { id, file_name: file.originalname, size: file.size, uploaded_at: at, uploaded_by: by };
  });
}
