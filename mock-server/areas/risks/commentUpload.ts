import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  type Attachment,
} from '../../../src/api/contract/risks';
import { BLANK, FieldErrors, notText, rejected, textValue, TOO_LONG } from '../../drf';
import { UPLOAD_ID_BASE, contentMatches, contentTypeOf, extensionOf } from '../../lib/attachments';
import { nowIso } from '../../lib/clock';
import { requestOf, send } from '../../lib/express';
import type { FileDownloadOptions } from '../../lib/files';
import { forbidden, Refusal } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { mutate, type MockDb } from '../../store/db';
import { closeAfter, isMultipart, refuseOversize, refuseUpload } from '../../uploads';
import { isReceiver, requireCapability, requireOpen, riskOf } from './access';
import { commentBody } from './comments';
import { commentSummary, logChange } from './history';
import { type StoredRiskComment } from './model';

const REFUSED_EXTENSION = 'REFUSED_EXTENSION';

/**
 * `POST /api/risks/{id}/comments/` as multipart (`text`, up to five `files` of 50 MB of the listed
 * types, each checked by extension and magic bytes; any refusal stores nothing). Still an Express
 * route: its 400 names the files' and the text's problems together, which the adapter's upload
 * spec does not (it answers the files' alone before the handler reads the text).
 */
export function riskCommentUploadRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: ATTACHMENT_MAX_FILES,
      fields: 2,
      fieldSize: TEXT_MAX * 4,
      parts: ATTACHMENT_MAX_FILES + 2,
    },
    // A type not listed is refused at its part header, before its bytes are read.
    fileFilter: (_req, file, accept) => {
      if ((ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.originalname)))
        accept(null, true);
      else accept(new multer.MulterError('LIMIT_UNEXPECTED_FILE', REFUSED_EXTENSION));
    },
  }).array('files', ATTACHMENT_MAX_FILES);

  router.post('/risks/:id/comments/', refuseOversize, (req, res) => {
    // Every refusal until multer reads the body leaves the body unread.
    closeAfter(res);
    if (!isMultipart(req, res)) return;
    const access = checked(req, res, () => {
      const risk = riskOf(db, requestOf(req, res));
      requireCapability(risk, 'comment');
      if (isReceiver(risk.persona, risk.risk))
        forbidden('A transferred risk is view-only for its receiver.');
      requireOpen(risk.risk, 'take new comments');
      return risk;
    });
    if (!access) return;
    res.removeHeader('Connection');
    upload(req, res, (error: unknown) => {
      if (error) {
        refuseUpload(res, error);
        return;
      }
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const rawText: unknown = (req.body as Record<string, unknown> | undefined)?.text;
      const text = textValue(rawText)?.trim() ?? '';
      const errors = new FieldErrors();
      if (files.some((file) => file.size === 0 || !contentMatches(file.originalname, file.buffer)))
        errors.add('files', FILE_ERROR);
      if (rawText !== undefined && textValue(rawText) === undefined)
        errors.add('text', notText(rawText));
      else if (text === '' && files.length === 0) errors.add('text', BLANK);
      else if (text.length > TEXT_MAX) errors.add('text', TOO_LONG(TEXT_MAX));
      if (rejected(res, errors)) return;

      const { risk, persona } = access;
      let created: StoredRiskComment | undefined;
      mutate(db, (state) => {
        const firstId = Math.max(
          UPLOAD_ID_BASE,
          ...state.riskComments.flatMap((comment) => comment.attachments.map((a) => a.id + 1)),
        );
        const stored = files.map((file, index): Attachment => {
          const id = firstId + index;
          attachments.put(id, file.buffer);
          return {
            id,
            name: file.originalname,
            size: file.size,
            content_type: contentTypeOf(file.originalname),
            url: `/api/attachments/${id}/`,
          };
        });
        created = {
          id: nextId(state.riskComments),
          risk_id: risk.id,
          text,
          author: personOf(state, persona.userId),
          created_at: nowIso(),
          attachments: stored,
        };
        state.riskComments.push(created);
        risk.comments_count += 1;
        const named = stored.length ? ` (${stored.map((a) => a.name).join(', ')})` : '';
        logChange(state, risk, persona.userId, 'comment', '', `${commentSummary(text)}${named}`);
      });
      res.status(201).json(commentBody(signer, created!, persona.userId));
    });
  });

  return router;
}

/** The checks before the body is read; a refusal they throw is written on `res` (undefined). */
function checked<T>(req: Request, res: Response, checks: () => T): T | undefined {
  try {
    return checks();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    send(req, res, error.answer);
    return undefined;
  }
}
