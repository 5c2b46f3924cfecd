import {
  PROFILE_VALIDATION_COMMENT_MAX,
  PROFILE_VALIDATION_FLAG,
  PROFILE_VALIDATION_STATUS_LABELS,
  PROFILE_VALIDATION_STATUSES,
  REJECTION_NEEDS_COMMENT,
  VALIDATION_STATUS_UPLOAD,
  type ProfileValidation,
  type ProfileValidationStatus,
} from '../../../src/api/contract/projectAttributes';
import type { AreaServices } from '../../lib/area';
import { cardAccess, requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  FieldErrors,
  INVALID_CHOICE,
  NOT_CHANGEABLE,
  NOT_NULL,
  NOTHING_TO_CHANGE,
  notText,
  textValue,
  TOO_LONG,
} from '../../lib/drf';
import { addCardFiles } from '../../lib/cardFiles';
import { projectFileBody } from '../../lib/files';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { route, type Route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { nextProjectFileId, validationOf, type StoredProfileValidation } from './model';

const PROFILE_VALIDATION = 'Profile validation';

/** The project's validation row, made when it has none yet. */
function validationRow(state: MockState, projectId: number): StoredProfileValidation {
  const found = validationOf(state, projectId);
  if (found) return found;
  const row: StoredProfileValidation = {
    project_id: projectId,
    status: 'not_started',
    comment: '',
    updated_by: null,
    updated_at: null,
    files: [],
  };
  state.profileValidations.push(row);
  return row;
}

/**
 * The profile validation status of the card: `GET|PATCH /api/projects/{id}/profile-validation/`,
 * `POST …/profile-validation/files/` (multipart) and `DELETE …/profile-validation/files/{fileId}/`.
 * Every write needs CAN_EDIT_PROFILE_VALIDATION_STATUS (403 naming it), stores nothing when
 * refused and enters the card's History under 'Profile validation'.
 */
export function profileValidationRoutes(
  { db, attachments }: AreaServices,
  signer: DownloadSigner,
): Route[] {
  const BASE = '/projects/:id/profile-validation/';

  /** The project's validation as the caller gets it. */
  const validationBody = (req: MockRequest, projectId: number): ProfileValidation => {
    const stored = validationOf(db.getState(), projectId);
    return {
      status: stored?.status ?? 'not_started',
      comment: stored?.comment ?? '',
      updated_by: stored?.updated_by ?? null,
      updated_at: stored?.updated_at ?? null,
      files: (stored?.files ?? []).map((file) =>
        projectFileBody(signer, file, req.auth.persona.userId),
      ),
    };
  };

  /** The card, with the flag of a write (checked after the project is known). */
  const writeAccess = (req: MockRequest) => {
    const card = cardAccess(db, req);
    requireFlags(card.persona, PROFILE_VALIDATION_FLAG);
    return card;
  };

  return [
    route.get(BASE, (req) => {
      const card = cardAccess(db, req);
      return json(validationBody(req, card.projectId));
    }),

    route.patch(BASE, (req) => {
      const card = writeAccess(req);
      const { projectId } = card;
      const { body } = req;
      const current = validationOf(card.state, projectId);
      const errors = new FieldErrors();
      for (const key of Object.keys(body))
        if (key !== 'status' && key !== 'comment') errors.add(key, NOT_CHANGEABLE);
      let status: ProfileValidationStatus = current?.status ?? 'not_started';
      if ('status' in body) {
        if (body.status === null) errors.add('status', NOT_NULL);
        else if (
          typeof body.status !== 'string' ||
          !(PROFILE_VALIDATION_STATUSES as readonly string[]).includes(body.status)
        )
          errors.add('status', INVALID_CHOICE(body.status));
        else status = body.status as ProfileValidationStatus;
      }
      let comment = current?.comment ?? '';
      if ('comment' in body) {
        const text = textValue(body.comment);
        if (text === undefined) errors.add('comment', notText(body.comment));
        else if (text.length > PROFILE_VALIDATION_COMMENT_MAX)
          errors.add('comment', TOO_LONG(PROFILE_VALIDATION_COMMENT_MAX));
        else comment = text.trim();
      }
      if (Object.keys(body).length === 0) errors.add('non_field_errors', NOTHING_TO_CHANGE);
      if (errors.isEmpty && status === 'rejected' && comment === '')
        errors.add('comment', REJECTION_NEEDS_COMMENT);
      errors.refuseIfAny();
      mutate(db, (state) => {
        const row = validationRow(state, projectId);
        const changes: [string, string, string][] = [];
        if (row.status !== status)
          changes.push([
            'Status',
            PROFILE_VALIDATION_STATUS_LABELS[row.status],
            PROFILE_VALIDATION_STATUS_LABELS[status],
          ]);
        if (row.comment !== comment) changes.push(['Comment', row.comment, comment]);
        if (changes.length === 0) return false;
        row.status = status;
        row.comment = comment;
        row.updated_by = card.by;
        row.updated_at = nowIso();
        for (const [field, old_value, new_value] of changes)
          recordProjectChange(state, projectId, card.by, {
            section: PROFILE_VALIDATION,
            field,
            old_value,
            new_value,
          });
      });
      return json(validationBody(req, projectId));
    }),

    route.upload('POST', `${BASE}files/`, {
      rule: VALIDATION_STATUS_UPLOAD,
      target: writeAccess,
      held: ({ projectId }) => validationOf(db.getState(), projectId)?.files.length ?? 0,
      store: (req, card) => {
        const { projectId } = card;
        mutate(db, (state) => {
          addCardFiles(state, attachments, req.files, {
            card,
            firstId: nextProjectFileId(state),
            to: validationRow(state, projectId).files,
            history: { section: PROFILE_VALIDATION, field: 'File' },
          });
        });
        return created(validationBody(req, projectId));
      },
    }),

    route.delete(`${BASE}files/:fileId/`, (req) => {
      const card = writeAccess(req);
      const { projectId } = card;
      const fileId = Number(req.params.fileId);
      const file =
        validationOf(card.state, projectId)?.files.find((candidate) => candidate.id === fileId) ??
        notFound();
      mutate(db, (state) => {
        const row = validationOf(state, projectId)!;
        row.files = row.files.filter((candidate) => candidate.id !== fileId);
        recordProjectChange(state, projectId, card.by, {
          section: PROFILE_VALIDATION,
          field: 'File',
          old_value: file.file_name,
          new_value: '',
        });
      });
      return noContent();
    }),
  ];
}
