import type { Router } from 'express';
import { riskCommentUploadRoutes } from './areas/risks/commentUpload';
import type { AreaServices } from './lib/area';

/**
 * The one route still written for Express: a risk comment posted with its attachments, which names
 * the files' and the text's problems together (the adapter's upload step answers the files' 400
 * before a handler reads the text).
 */
export function legacyRoutes({ db, attachments, signer }: AreaServices) {
  const downloads = { attachments, signer: signer('attachments') };
  const signed: Router[] = [];
  const behindJwt: Router[] = [riskCommentUploadRoutes(db, downloads)];
  return { signed, behindJwt };
}

/** The multipart paths of the routes still written for Express. */
export const legacyUploads = (path: string) => /^\/risks\/\d+\/comments\/$/.test(path);
