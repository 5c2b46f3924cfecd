import type { Router } from 'express';
import { expressRouter } from '../lib/express';
import { fileDownloadRoutes, type FileDownloadOptions, type StoredFiles } from '../lib/files';

export type { FileDownloadOptions, StoredFiles };

export interface StoredFileDownload {
  /** `GET {path}?user=&expires=&signature=`, the plain link: mounted before the JWT check. */
  signed: Router;
  /** `GET {path}` with the JWT, for the area's router. */
  authenticated: Router;
}

const routersOf = (routes: ReturnType<typeof fileDownloadRoutes>): StoredFileDownload => ({
  signed: expressRouter(routes, 'signed'),
  authenticated: expressRouter(routes, 'other'),
});

/** lib/files.ts's fileDownloadRoutes as Express routers (for the routes not yet in an area). */
export const storedFileDownload = (
  path: string,
  options: FileDownloadOptions,
  files: StoredFiles,
): StoredFileDownload => routersOf(fileDownloadRoutes(path, options, files));
