import { Router, type Response } from 'express';
import type { StoredFileRef } from '../../src/api/contract/projects';
import { authOf } from '../auth/middleware';
import { findPersonaByUserId, type Persona } from '../auth/personas';
import { drf } from '../drf';
import type { DownloadSigner } from '../risks/downloads';
import { contentTypeOf, fixtureFile, type AttachmentStore } from '../risks/files';

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

export interface StoredFileDownload {
  /** `GET {path}?user=&expires=&signature=`, the plain link: mounted before the JWT check. */
  signed: Router;
  /** `GET {path}` with the JWT, for the area's router. */
  authenticated: Router;
}

/**
 * `GET {path}` (path with an `:id`) of a file of the attachment store, behind a signed link and
 * with the JWT: the bytes typed from the file's checked extension, never sniffed nor cached, as an
 * attachment. An unknown file, one the user may not see or whose bytes are gone is DRF's 404.
 */
export function storedFileDownload(
  path: string,
  { attachments, signer }: FileDownloadOptions,
  files: StoredFiles,
): StoredFileDownload {
  const send = (persona: Persona, id: number, res: Response) => {
    const name = files.nameOf(persona, id);
    const bytes =
      name === undefined
        ? undefined
        : (attachments.get(id) ?? (files.seeded(id) ? fixtureFile(name) : undefined));
    if (name === undefined || !bytes) {
      drf.notFound(res);
      return;
    }
    res.set({
      'Content-Type': contentTypeOf(name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': contentDisposition(name),
    });
    res.send(bytes);
  };
  const authenticated = Router({ strict: true });
  authenticated.get(path, (req, res) => {
    send(authOf(res.locals).persona, Number(req.params.id), res);
  });
  return { signed: signedDownloadRoute(path, signer, send), authenticated };
}

/**
 * `storedFileDownload` of an area whose files are listed by `filesOf`: a file is seen by whoever
 * holds `flag`, and is unknown (404) to anyone else.
 */
export function listedFileDownload(
  path: string,
  options: FileDownloadOptions,
  {
    flag,
    seeded,
    filesOf,
  }: { flag: string; seeded: (id: number) => boolean; filesOf: () => readonly StoredFileRef[] },
): StoredFileDownload {
  return storedFileDownload(path, options, {
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

/**
 * `GET {path}?user=&expires=&signature=` (path with an `:id`): the plain link the SPA renders.
 * Mounted before the JWT check; an address without a signature goes on to the JWT-authenticated
 * route of the same path. A forged or expired one is a 403; else `send` answers for the signed-for
 * user, who must still be allowed to see the file.
 */
function signedDownloadRoute(
  path: string,
  signer: DownloadSigner,
  send: (persona: Persona, id: number, res: Response) => void,
): Router {
  const router = Router({ strict: true });
  router.get(path, (req, res, next) => {
    const query = req.query as Record<string, unknown>;
    if (query.signature === undefined) {
      next();
      return;
    }
    const id = Number(req.params.id);
    const userId = Number.isInteger(id) ? signer.verify(id, query) : null;
    const persona = userId === null ? undefined : findPersonaByUserId(userId);
    if (!persona) {
      drf.forbidden(res, 'This download link is invalid or has expired.');
      return;
    }
    send(persona, id, res);
  });
  return router;
}
