import type { PersonRef } from '../../src/api/contract/actionRequests';
import type { ProjectFile, StoredFileRef } from '../../src/api/contract/projects';
import { findPersonaByUserId, type Persona } from '../auth/personas';
import type { DownloadSigner } from './downloadSigner';
import { contentTypeOf, fixtureFile, type AttachmentStore } from './attachments';
import { nowIso } from './clock';
import { forbidden, notFound, type MockAnswer, type UploadedFile } from './http';
import { route, type Route } from './routes';

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
  files: readonly UploadedFile[],
  firstId: number,
  by: PersonRef,
  at = nowIso(),
): StoredFileRef[] {
  return files.map((file, index) => {
    const id = firstId + index;
    attachments.put(id, file.bytes);
    return { id, file_name: file.name, size: file.size, uploaded_at: at, uploaded_by: by };
  });
}

/** What an area's file routes are given: the store of uploaded bytes and the area's own signer. */
export interface FileDownloadOptions {
  /** Where uploaded bytes live (one store for every area, each in its own id range). */
  attachments: AttachmentStore;
  /** Signs download addresses (a signer of its own per area, with its own secret). */
  signer: DownloadSigner;
}

/** How an area finds one of its files in the store. */
export interface StoredFiles {
  /** Whether `id` is one of the seed's files, whose bytes are generated from their name. */
  seeded(id: number): boolean;
  /** The name of file `id` when `persona` may see it; undefined for an unknown or hidden file. */
  nameOf(persona: Persona, id: number): string | undefined;
}

/**
 * `GET {path}` (path with an `:id`) of a file of the attachment store, twice: behind a link signed
 * in its query (`?user=&expires=&signature=`, the plain link the SPA renders, answered before the
 * JWT check) and with the JWT. The bytes are typed from the file's checked extension, never sniffed
 * nor cached, as an attachment. A forged or expired link is a 403; an unknown file, one the user may
 * not see or whose bytes are gone is DRF's 404.
 */
export function fileDownloadRoutes(
  path: string,
  { attachments, signer }: FileDownloadOptions,
  files: StoredFiles,
): Route[] {
  const download = (persona: Persona, id: number): MockAnswer => {
    const name = files.nameOf(persona, id);
    const bytes =
      name === undefined
        ? undefined
        : (attachments.get(id) ?? (files.seeded(id) ? fixtureFile(name) : undefined));
    if (name === undefined || !bytes) notFound();
    return {
      status: 200,
      headers: {
        'Content-Type': contentTypeOf(name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': contentDisposition(name),
      },
      bytes,
    };
  };
  return [
    route.get(
      path,
      ({ params, query }) => {
        const id = Number(params.id);
        const userId = Number.isInteger(id) ? signer.verify(id, query) : null;
        const persona = userId === null ? undefined : findPersonaByUserId(userId);
        if (!persona) forbidden('This download link is invalid or has expired.');
        return download(persona, id);
      },
      { access: 'signed' },
    ),
    route.get(path, ({ params, auth }) => download(auth.persona, Number(params.id))),
  ];
}

/**
 * `fileDownloadRoutes` of an area whose files are listed by `filesOf`: a file is seen by whoever
 * holds `flag`, and is unknown (404) to anyone else.
 */
export function listedFileDownloadRoutes(
  path: string,
  options: FileDownloadOptions,
  {
    flag,
    seeded,
    filesOf,
  }: { flag: string; seeded: (id: number) => boolean; filesOf: () => readonly StoredFileRef[] },
): Route[] {
  return fileDownloadRoutes(path, options, {
    seeded,
    nameOf(persona, id) {
      if (!persona.permissions.includes(flag)) return undefined;
      return filesOf().find((file) => file.id === id)?.file_name;
    },
  });
}

/** As Django's FileResponse says it: a quoted ASCII name, and the UTF-8 name when it differs. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === name
    ? `attachment; filename="${name}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
