import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  TEXT_MAX,
  type Attachment,
} from '../../../src/api/contract/risks';
import { UPLOAD_ID_BASE, contentTypeOf } from '../../lib/attachments';
import { nowIso } from '../../lib/clock';
import { BLANK, notText, textValue, TOO_LONG } from '../../lib/drf';
import type { AreaServices } from '../../lib/area';
import { created, forbidden } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import { isReceiver, requireCapability, requireOpen, riskOf } from './access';
import { ATTACHMENT_SIGNER, commentBody } from './comments';
import { commentSummary, logChange } from './history';
import type { StoredRiskComment } from './model';

/** The comment's text as the form sent it, trimmed ('' when absent or not text). */
const textOf = (fields: Record<string, unknown>) => textValue(fields.text)?.trim() ?? '';

/**
 * `POST /api/risks/{id}/comments/` as multipart (`text`, up to five `files` of 50 MB of the listed
 * types, each checked by extension and magic bytes; any refusal stores nothing). Its 400 names the
 * files' and the text's problems together.
 */
export function commentUploadRoute({ db, attachments, signer: signerOf }: AreaServices): Route {
  const signer = signerOf(ATTACHMENT_SIGNER);
  return route.upload('POST', '/risks/:id/comments/', {
    rule: {
      maxFiles: ATTACHMENT_MAX_FILES,
      maxBytes: ATTACHMENT_MAX_BYTES,
      extensions: ATTACHMENT_EXTENSIONS,
    },
    fields: { text: TEXT_MAX },
    filesOptional: true,
    target: (req) => {
      const risk = riskOf(db, req);
      requireCapability(risk, 'comment');
      if (isReceiver(risk.persona, risk.risk))
        forbidden('A transferred risk is view-only for its receiver.');
      requireOpen(risk.risk, 'take new comments');
      return risk;
    },
    checkFields: ({ fields, files }, errors) => {
      const text = textOf(fields);
      if (fields.text !== undefined && textValue(fields.text) === undefined)
        errors.add('text', notText(fields.text));
      else if (text === '' && files.length === 0) errors.add('text', BLANK);
      else if (text.length > TEXT_MAX) errors.add('text', TOO_LONG(TEXT_MAX));
    },
    store: ({ fields, files }, { risk, persona }) => {
      const text = textOf(fields);
      let comment: StoredRiskComment | undefined;
      mutate(db, (state) => {
        const firstId = Math.max(
          UPLOAD_ID_BASE,
          ...state.riskComments.flatMap((stored) => stored.attachments.map((a) => a.id + 1)),
        );
        const stored = files.map((file, index): Attachment => {
          const id = firstId + index;
          attachments.put(id, file.bytes);
          return {
            id,
            name: file.name,
            size: file.size,
            content_type: contentTypeOf(file.name),
            url: `/api/attachments/${id}/`,
          };
        });
        comment = {
          id: nextId(state.riskComments),
          risk_id: risk.id,
          text,
          author: personOf(state, persona.userId),
          created_at: nowIso(),
          attachments: stored,
        };
        state.riskComments.push(comment);
        risk.comments_count += 1;
        const named = stored.length ? ` (${stored.map((a) => a.name).join(', ')})` : '';
        logChange(state, risk, persona.userId, 'comment', '', `${commentSummary(text)}${named}`);
      });
      return created(commentBody(signer, comment!, persona.userId));
    },
  });
}
