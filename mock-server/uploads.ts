import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  type UploadRule,
} from '../src/api/contract/risks';
import { drf, FieldErrors, rejected, TOO_LONG } from './drf';
import { contentMatches, extensionOf } from './lib/attachments';

/** 415 unless the body is multipart, in DRF's words; false once answered. */
export function isMultipart(req: Request, res: Response): boolean {
  if (req.is('multipart/form-data')) return true;
  res.status(415).json({
    detail: `Unsupported media type "${req.get('content-type') ?? ''}" in request.`,
  });
  return false;
}

/**
 * A multer parser of up to `rule.maxFiles` parts named `files`, held in memory, no other field.
 * A type not listed is refused at its part header, before its bytes are read.
 */
export function filesParser(rule: UploadRule): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: rule.maxBytes, files: rule.maxFiles, fields: 0, parts: rule.maxFiles },
    fileFilter: (_req, file, accept) => {
      if (rule.extensions.includes(extensionOf(file.originalname))) accept(null, true);
      else accept(new multer.MulterError('LIMIT_UNEXPECTED_FILE', 'REFUSED_EXTENSION'));
    },
  }).array('files', rule.maxFiles);
}

export interface UploadSteps<Target> {
  /** The access checks and the record the files go to; undefined once answered (403, 404, …). */
  target: (req: Request, res: Response) => Target | undefined;
  /** How many files the record holds already: with the new ones, at most `rule.maxFiles`. */
  held: (target: Target) => number;
  /** The message when they would be too many; the spec's file message when not given. */
  tooMany?: string;
  /** Stores the files (checked: listed type, content that matches it, not empty) and answers. */
  store: (req: Request, res: Response, target: Target, files: Express.Multer.File[]) => void;
}

/**
 * The handler of a multipart upload under `rule` (put `refuseOversize` before it). Every refusal
 * before the body is read closes the connection rather than read it: not multipart (415), the
 * access checks of `target`. Then the parts: too many, too large or of a type not listed is the
 * spec's file message on `files`; so is an empty file or content that is not what its extension
 * says; none is 'No file was submitted.'. A refused upload stores nothing.
 */
export function uploadHandler<Target>(
  rule: UploadRule,
  steps: UploadSteps<Target>,
): RequestHandler {
  const parse = filesParser(rule);
  return (req, res) => {
    closeAfter(res);
    if (!isMultipart(req, res)) return;
    const target = steps.target(req, res);
    if (target === undefined) return;
    res.removeHeader('Connection');
    void parse(req, res, (error: unknown) => {
      if (error) {
        refuseUpload(res, error);
        return;
      }
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const errors = new FieldErrors();
      if (files.length === 0) errors.add('files', 'No file was submitted.');
      else if (
        files.some(
          (file) =>
            file.size === 0 || !contentMatches(file.originalname, file.buffer, rule.extensions),
        )
      )
        errors.add('files', FILE_ERROR);
      else if (steps.held(target) + files.length > rule.maxFiles)
        errors.add('files', steps.tooMany ?? FILE_ERROR);
      if (rejected(res, errors)) return;
      steps.store(req, res, target, files);
    });
  };
}

/** The whole multipart allowance: five files at the limit plus a megabyte for the text and framing. */
export const MAX_UPLOAD_REQUEST_BYTES = ATTACHMENT_MAX_FILES * ATTACHMENT_MAX_BYTES + 1_048_576;

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
