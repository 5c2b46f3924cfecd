import type { ProjectFile, StoredFileRef } from '../../src/api/contract/projects';
import type { DownloadSigner } from '../risks/downloads';
import { contentTypeOf } from '../risks/files';

/**
 * A stored file of the card as the caller gets it: with a same-origin download address signed for
 * them (`GET /api/project-files/{id}/?user=&expires=&signature=`), so a plain link downloads it.
 */
export function projectFileBody(
  signer: DownloadSigner,
  file: StoredFileRef,
  userId: number,
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
  return { ...file, url: `/api/project-files/${file.id}/${query}` };
}
