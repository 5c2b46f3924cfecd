import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { FILE_ERROR, TEXT_MAX } from '../src/api/contract/risks';
import { MAX_UPLOAD_REQUEST_BYTES } from './lib/routes';
import { drf, TOO_LONG } from './drf';

/** 415 unless the body is multipart, in DRF's words; false once answered. */
export function isMultipart(req: Request, res: Response): boolean {
  if (req.is('multipart/form-data')) return true;
  res.status(415).json({
    detail: `Unsupported media type "${req.get('content-type') ?? ''}" in request.`,
  });
  return false;
}

export { MAX_UPLOAD_REQUEST_BYTES };

/** Refused on the declared size alone, before a byte of the body is read. */
export const refuseOversize: RequestHandler = (req, res, next) => {
  if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
    closeAfter(res)
      .status(413)
      .json({ files: [FILE_ERROR] });
    return;
  }
  next();
};

/** An answer before the body is read: the connection closes rather than read the rest. */
export function closeAfter(res: Response): Response {
  return res.set('Connection', 'close');
}

/** Too many files, one too large (multer cut its stream), a type not listed, or a broken body. */
export function refuseUpload(res: Response, error: unknown): void {
  closeAfter(res);
  const code = error instanceof multer.MulterError ? error.code : undefined;
  if (
    code === 'LIMIT_FILE_SIZE' ||
    code === 'LIMIT_FILE_COUNT' ||
    code === 'LIMIT_UNEXPECTED_FILE' ||
    code === 'LIMIT_PART_COUNT'
  ) {
    drf.badRequest(res, { files: [FILE_ERROR] });
    return;
  }
  if (code === 'LIMIT_FIELD_VALUE') {
    drf.badRequest(res, { text: [TOO_LONG(TEXT_MAX)] });
    return;
  }
  const message = error instanceof Error ? error.message : 'invalid body';
  res.status(400).json({ detail: `Multipart form parse error - ${message}` });
}
