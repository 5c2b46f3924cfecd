import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  type Attachment,
  type RiskComment,
} from '../../src/api/contract/risks';
import { authOf } from '../auth/middleware';
import { FieldErrors, drf } from '../drf';
import { rejected } from '../polls/access';
import type { MockDb } from '../store/db';
import { mutate } from '../store/db';
import { canSee } from './risks';

/** The whole multipart allowance: five files at the limit plus room for the text. */
const MAX_REQUEST_BYTES = ATTACHMENT_MAX_FILES * ATTACHMENT_MAX_BYTES + 1_048_576;

/** Magic bytes by extension: a renamed file is refused as the real backend would. */
const SIGNATURES: Record<string, number[][]> = {
  pdf: [[0x25, 0x50, 0x44, 0x46]],
  png: [[0x89, 0x50, 0x4e, 0x47]],
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  bmp: [[0x42, 0x4d]],
};
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
for (const extension of ['doc', 'xls', 'ppt']) SIGNATURES[extension] = [OLE];
for (const extension of ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'])
  SIGNATURES[extension] = [ZIP];

export function contentMatches(name: string, bytes: Buffer): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return false;
  return (SIGNATURES[extension] ?? []).some((signature) =>
    signature.every((byte, index) => bytes[index] === byte),
  );
}

interface StoredFile {
  attachment: Attachment;
  bytes: Buffer;
}

/** Comments with attachments (multipart) and attachment downloads. File bytes stay in memory. */
export function riskCommentRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  const files = new Map<number, StoredFile>();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 5 },
  }).array('files');

  /** Refused before a byte of the body is read when the declared size is already too big. */
  const declaredSize: RequestHandler = (req, res, next) => {
    if (Number(req.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
      res.set('Connection', 'close');
      res.status(413).json({ files: [FILE_ERROR] });
      return;
    }
    next();
  };

  router.get('/risks/:id/comments/', (req, res) => {
    const { persona } = authOf(res.locals);
    const state = db.getState();
    const risk = state.risks.find((candidate) => candidate.id === Number(req.params.id));
    if (!risk || !canSee(persona, risk)) {
      drf.notFound(res);
      return;
    }
    res.json(
      state.riskComments
        .filter((comment) => comment.risk_id === risk.id)
        .map(({ risk_id: _risk, ...comment }) => comment),
    );
  });

  router.post('/risks/:id/comments/', declaredSize, (req, res) => {
    const { persona } = authOf(res.locals);
    const state = db.getState();
    const risk = state.risks.find((candidate) => candidate.id === Number(req.params.id));
    if (!risk || !canSee(persona, risk)) {
      drf.notFound(res);
      return;
    }
    if (!req.is('multipart/form-data')) {
      drf.badRequest(res, { non_field_errors: ['Send the comment as multipart/form-data.'] });
      return;
    }
    upload(req, res, (error: unknown) => {
      if (error) {
        // Too many files, a file over the limit (the stream is cut there), or a broken body.
        drf.badRequest(res, { files: [FILE_ERROR] });
        return;
      }
      const uploaded = (req.files as Express.Multer.File[] | undefined) ?? [];
      const text = typeof req.body?.text === 'string' ? (req.body.text as string).trim() : '';
      const errors = new FieldErrors();
      if (
        uploaded.some((file) => file.size === 0 || !contentMatches(file.originalname, file.buffer))
      )
        errors.add('files', FILE_ERROR);
      if (text === '' && uploaded.length === 0) errors.add('text', 'This field may not be blank.');
      if (text.length > TEXT_MAX)
        errors.add('text', `Ensure this field has no more than ${TEXT_MAX} characters.`);
      if (rejected(res, errors)) return;
      let created: RiskComment | undefined;
      mutate(db, (current) => {
        const attachments = uploaded.map((file, index) => {
          const id =
            Math.max(
              0,
              ...files.keys(),
              ...current.riskComments.flatMap((c) => c.attachments.map((a) => a.id)),
            ) +
            1 +
            index;
          const attachment: Attachment = {
            id,
            name: file.originalname,
            size: file.size,
            content_type: file.mimetype,
            url: `/api/attachments/${id}/`,
          };
          files.set(id, { attachment, bytes: file.buffer });
          return attachment;
        });
        const author = current.people.find((person) => person.id === persona.userId)!;
        created = {
          id: current.riskComments.reduce((max, c) => Math.max(max, c.id), 0) + 1,
          text,
          author,
          created_at: new Date().toISOString(),
          attachments,
        };
        current.riskComments.push({ ...created, risk_id: risk.id });
        const stored = current.risks.find((candidate) => candidate.id === risk.id)!;
        stored.comments_count += 1;
      });
      res.status(201).json(created);
    });
  });

  router.get('/attachments/:id/', (req, res) => {
    const { persona } = authOf(res.locals);
    const id = Number(req.params.id);
    const state = db.getState();
    const comment = state.riskComments.find((c) => c.attachments.some((a) => a.id === id));
    const risk = comment && state.risks.find((candidate) => candidate.id === comment.risk_id);
    const attachment = comment?.attachments.find((a) => a.id === id);
    // Fixture attachments have no upload behind them: a one-page PDF stands in.
    const file =
      files.get(id) ??
      (attachment && { attachment, bytes: Buffer.from(`%PDF-1.4\n% ${attachment.name}\n%%EOF\n`) });
    if (!risk || !canSee(persona, risk) || !file) {
      drf.notFound(res);
      return;
    }
    res.set('Content-Type', file.attachment.content_type || 'application/octet-stream');
    res.attachment(file.attachment.name);
    res.send(file.bytes);
  });

  return router;
}
