import { Router } from 'express';
import multer from 'multer';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  TEXT_MAX,
  type Attachment,
  type RiskComment,
} from '../../../src/api/contract/risks';
import { BLANK, drf, FieldErrors, notText, rejected, textValue, TOO_LONG } from '../../drf';
import { canSee, isOpen, isReceiver, mayDo, visibleRisk } from './access';
import { storedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { closeAfter, refuseOversize, refuseUpload } from '../../uploads';
import { UPLOAD_ID_BASE, contentMatches, contentTypeOf, extensionOf } from '../../lib/attachments';
import { logChange } from './history';
import { type StoredRiskComment } from './model';
import { commentSummary } from './history';
import { mutate, type MockDb } from '../../store/db';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';

const REFUSED_EXTENSION = 'REFUSED_EXTENSION';

/**
 * Comments with attachments: `GET /api/risks/{id}/comments/`, `POST` as multipart (`text`, up to
 * five `files` of 50 MB of the listed types, each checked by extension and magic bytes; any
 * refusal stores nothing) and `GET /api/attachments/{id}/` with the JWT header.
 */
export function riskCommentRoutes(db: MockDb, options: FileDownloadOptions): Router {
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

  const commentBody = ({ risk_id: _risk, ...comment }: StoredRiskComment, userId: number) => ({
    ...comment,
    attachments: comment.attachments.map((attachment) => signer.sign(attachment, userId)),
  });

  router.get('/risks/:id/comments/', (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    res.json(
      access.state.riskComments
        .filter((comment) => comment.risk_id === access.risk.id)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
        .map((comment) => commentBody(comment, access.persona.userId)),
    );
  });

  router.post('/risks/:id/comments/', refuseOversize, (req, res) => {
    // Every refusal until multer reads the body leaves the body unread.
    closeAfter(res);
    if (!req.is('multipart/form-data')) {
      res.status(415).json({
        detail: `Unsupported media type "${req.get('content-type') ?? ''}" in request.`,
      });
      return;
    }
    const access = visibleRisk(db, req, res);
    if (!access || !mayDo(res, access, 'comment')) return;
    if (isReceiver(access.persona, access.risk)) {
      drf.forbidden(res, 'A transferred risk is view-only for its receiver.');
      return;
    }
    if (!isOpen(res, access.risk, 'take new comments')) return;
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
          created_at: new Date().toISOString(),
          attachments: stored,
        };
        state.riskComments.push(created);
        risk.comments_count += 1;
        const named = stored.length ? ` (${stored.map((a) => a.name).join(', ')})` : '';
        logChange(state, risk, persona.userId, 'comment', '', `${commentSummary(text)}${named}`);
      });
      res.status(201).json(commentBody(created!, persona.userId) satisfies RiskComment);
    });
  });

  router.use(attachmentDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/attachments/{id}/?user=&expires=&signature=`: the plain link the SPA renders. Mounted
 * before the JWT check; an address without a signature goes on to the JWT-authenticated route.
 */
export function signedDownloadRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return attachmentDownload(db, options).signed;
}

/** A comment's attachment, for whoever may see its risk. */
function attachmentDownload(db: MockDb, options: FileDownloadOptions) {
  return storedFileDownload('/attachments/:id/', options, {
    seeded: (id) => id < UPLOAD_ID_BASE,
    nameOf(persona, id) {
      const state = db.getState();
      const comment = state.riskComments.find((candidate) =>
        candidate.attachments.some((attachment) => attachment.id === id),
      );
      const risk = comment && state.risks.find((candidate) => candidate.id === comment.risk_id);
      if (!risk || !canSee(persona, risk)) return undefined;
      return comment.attachments.find((candidate) => candidate.id === id)?.name;
    },
  });
}
