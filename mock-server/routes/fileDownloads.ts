import type { Router } from 'express';
import type { StoredFileRef } from '../../src/api/contract/projects';
import { expressRouter } from '../lib/express';
import {
  fileDownloadRoutes,
  listedFileDownloadRoutes,
  type FileDownloadOptions,
  type StoredFiles,
} from '../lib/files';

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

/** lib/files.ts's listedFileDownloadRoutes as Express routers. */
export const listedFileDownload = (
  path: string,
  options: FileDownloadOptions,
  listing: {
    flag: string;
    seeded: (id: number) => boolean;
    filesOf: () => readonly StoredFileRef[];
  },
): StoredFileDownload => routersOf(listedFileDownloadRoutes(path, options, listing));
