import { Router, type Request, type Response } from 'express';
import {
  attributeValueError,
  attributeValueText,
  EDIT_ATTRIBUTES_FLAG,
  FILL_ATTRIBUTES_FLAG,
  PROFILE_REVENUE_FLAG,
  PROFILE_VALIDATION_COMMENT_MAX,
  PROFILE_VALIDATION_FLAG,
  PROFILE_VALIDATION_STATUS_LABELS,
  PROFILE_VALIDATION_STATUSES,
  REJECTION_NEEDS_COMMENT,
  VALIDATE_ATTRIBUTES_FLAG,
  VALIDATION_STATUS_UPLOAD,
  type AttributeValue,
  type ProfileValidation,
  type ProfileValidationStatus,
  type ProjectFile,
} from '../../../src/api/contract/projectAttributes';
import {
  PROFILE_REVENUE_UPLOAD,
  PROJECT_CARD_FLAG,
  type StoredFileRef,
} from '../../../src/api/contract/projects';
import {
  drf,
  FieldErrors,
  INVALID_CHOICE,
  NOT_NULL,
  notText,
  rejected,
  requireObjectBody,
  textValue,
  TOO_LONG,
  NOT_CHANGEABLE,
  NOTHING_TO_CHANGE,
} from '../../drf';
import {
  attributeOf,
  attributesOf,
  definitionOf,
  nextProjectFileId,
  PROJECT_FILE_UPLOAD_BASE,
  validationOf,
  type StoredAttributeValue,
  type StoredProfileValidation,
} from './model';
import { uploadedFiles } from '../../lib/express';
import { projectFileBody, storeUploads } from '../../lib/files';
import { detailsOf, recordProjectChange } from '../projects/model';
import { storedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { refuseOversize, uploadHandler } from '../../uploads';
import { cardAccess, lacksFlag } from '../../routes/projects';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';

/** The card's multipart calls: app.ts lets these through as multipart. */
export const PROJECT_UPLOAD_PATHS =
  /^\/projects\/\d+\/(profile-validation\/files|profile-revenue)\/$/;

const ATTRIBUTES = 'Attributes';
const PROFILE_VALIDATION = 'Profile validation';
const PROFILE_REVENUE = 'Profile revenue';

const validatedText = (row: StoredAttributeValue) =>
  row.validated_by ? `Validated by ${row.validated_by.name}` : 'Not validated';

/**
 * The Attributes tab and the profile revenue sheet:
 * `GET|PATCH /api/projects/{id}/attributes/`, `POST|DELETE …/attributes/{key}/validation/`,
 * `GET|PATCH /api/projects/{id}/profile-validation/`, `POST …/profile-validation/files/`
 * (multipart), `DELETE …/profile-validation/files/{fileId}/`, `POST
 * /api/projects/{id}/profile-revenue/` (multipart) and `GET /api/project-files/{fileId}/`.
 * Every write checks its flag (403 naming it), stores nothing when refused and enters the History.
 */
export function projectAttributeRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });

  const fileBody = (file: StoredFileRef, userId: number): ProjectFile =>
    projectFileBody(signer, file, userId);
  const validationBody = (
    stored: StoredProfileValidation | undefined,
    userId: number,
  ): ProfileValidation => ({
    status: stored?.status ?? 'not_started',
    comment: stored?.comment ?? '',
    updated_by: stored?.updated_by ?? null,
    updated_at: stored?.updated_at ?? null,
    files: (stored?.files ?? []).map((file) => fileBody(file, userId)),
  });
  /** The project's validation row, made when it has none yet. */
  const validationRow = (state: MockState, projectId: number): StoredProfileValidation => {
    const found = validationOf(state, projectId);
    if (found) return found;
    const created: StoredProfileValidation = {
      project_id: projectId,
      status: 'not_started',
      comment: '',
      updated_by: null,
      updated_at: null,
      files: [],
    };
    state.profileValidations.push(created);
    return created;
  };

  // ── Attributes ──────────────────────────────────────────────────────────────────────────

  router.get('/projects/:id/attributes/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card) return;
    res.json(attributesOf(card.state, card.projectId));
  });

  router.patch('/projects/:id/attributes/', requireObjectBody, (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card) return;
    const { persona, projectId, state } = card;
    const mayEdit = persona.permissions.includes(EDIT_ATTRIBUTES_FLAG);
    if (!mayEdit && lacksFlag(res, persona, FILL_ATTRIBUTES_FLAG)) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const changes: { key: string; value: AttributeValue }[] = [];
    for (const [key, value] of Object.entries(body)) {
      const definition = definitionOf(key);
      if (!definition) {
        errors.add(key, 'There is no such attribute.');
        continue;
      }
      const problem = attributeValueError(definition, value);
      if (problem) {
        errors.add(key, problem);
        continue;
      }
      const clean = typeof value === 'string' && definition.type === 'text' ? value.trim() : value;
      changes.push({ key, value: clean as AttributeValue });
    }
    if (Object.keys(body).length === 0) errors.add('non_field_errors', NOTHING_TO_CHANGE);
    const rowOf = (key: string) =>
      state.projectAttributes.find((row) => row.project_id === projectId && row.key === key);
    // A validated value changes only with the edit flag: the validation is cleared then.
    const locked = changes.find(({ key, value }) => {
      const row = rowOf(key);
      return row?.validated_by && row.value !== value;
    });
    if (locked && !mayEdit) {
      drf.forbidden(
        res,
        `"${locked.key}" is validated: changing it needs ${EDIT_ATTRIBUTES_FLAG}.`,
      );
      return;
    }
    if (rejected(res, errors)) return;
    mutate(db, (current) => {
      const at = new Date().toISOString();
      let changed = false;
      for (const { key, value } of changes) {
        const definition = definitionOf(key)!;
        let row = current.projectAttributes.find(
          (candidate) => candidate.project_id === projectId && candidate.key === key,
        );
        const before = row?.value ?? null;
        if (before === value) continue;
        if (!row) {
          row = {
            project_id: projectId,
            key,
            value: null,
            updated_by: null,
            updated_at: null,
            validated_by: null,
            validated_at: null,
          };
          current.projectAttributes.push(row);
        }
        const wasValidated = validatedText(row);
        row.value = value;
        row.updated_by = card.by;
        row.updated_at = at;
        changed = true;
        recordProjectChange(current, projectId, card.by, {
          section: ATTRIBUTES,
          field: definition.label,
          old_value: attributeValueText(definition, before),
          new_value: attributeValueText(definition, value),
        });
        if (row.validated_by) {
          row.validated_by = null;
          row.validated_at = null;
          recordProjectChange(current, projectId, card.by, {
            section: ATTRIBUTES,
            field: `${definition.label} (validation)`,
            old_value: wasValidated,
            new_value: 'Not validated: the value changed',
          });
        }
      }
      return changed;
    });
    res.json(attributesOf(db.getState(), projectId));
  });

  /** The attribute of `:key`, or a 404. */
  const attributeOfRequest = (req: Request, res: Response) => {
    const definition = definitionOf(String(req.params.key));
    if (!definition) drf.notFound(res);
    return definition;
  };

  router.post('/projects/:id/attributes/:key/validation/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card || lacksFlag(res, card.persona, VALIDATE_ATTRIBUTES_FLAG)) return;
    const definition = attributeOfRequest(req, res);
    if (!definition) return;
    const { projectId } = card;
    const row = card.state.projectAttributes.find(
      (candidate) => candidate.project_id === projectId && candidate.key === definition.key,
    );
    if (!row || row.value === null) {
      drf.badRequest(res, { non_field_errors: ['Fill in a value before validating it.'] });
      return;
    }
    if (row.validated_by) {
      drf.badRequest(res, { non_field_errors: ['This attribute is validated already.'] });
      return;
    }
    mutate(db, (current) => {
      row.validated_by = card.by;
      row.validated_at = new Date().toISOString();
      recordProjectChange(current, projectId, card.by, {
        section: ATTRIBUTES,
        field: `${definition.label} (validation)`,
        old_value: 'Not validated',
        new_value: `Validated: ${attributeValueText(definition, row.value)}`,
      });
    });
    res.json(attributeOf(definition, row));
  });

  router.delete('/projects/:id/attributes/:key/validation/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card || lacksFlag(res, card.persona, EDIT_ATTRIBUTES_FLAG)) return;
    const definition = attributeOfRequest(req, res);
    if (!definition) return;
    const { projectId } = card;
    const row = card.state.projectAttributes.find(
      (candidate) => candidate.project_id === projectId && candidate.key === definition.key,
    );
    if (!row?.validated_by) {
      drf.badRequest(res, { non_field_errors: ['This attribute is not validated.'] });
      return;
    }
    mutate(db, (current) => {
      const before = validatedText(row);
      row.validated_by = null;
      row.validated_at = null;
      recordProjectChange(current, projectId, card.by, {
        section: ATTRIBUTES,
        field: `${definition.label} (validation)`,
        old_value: before,
        new_value: 'Not validated',
      });
    });
    res.json(attributeOf(definition, row));
  });

  // ── Profile validation status ──────────────────────────────────────────────────────────

  router.get('/projects/:id/profile-validation/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card) return;
    res.json(validationBody(validationOf(card.state, card.projectId), card.persona.userId));
  });

  router.patch('/projects/:id/profile-validation/', requireObjectBody, (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card || lacksFlag(res, card.persona, PROFILE_VALIDATION_FLAG)) return;
    const { projectId, persona } = card;
    const body = req.body as Record<string, unknown>;
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
    if (rejected(res, errors)) return;
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
      row.updated_at = new Date().toISOString();
      for (const [field, old_value, new_value] of changes)
        recordProjectChange(state, projectId, card.by, {
          section: PROFILE_VALIDATION,
          field,
          old_value,
          new_value,
        });
    });
    res.json(validationBody(validationOf(db.getState(), projectId), persona.userId));
  });

  router.post(
    '/projects/:id/profile-validation/files/',
    refuseOversize,
    uploadHandler(VALIDATION_STATUS_UPLOAD, {
      target: (req, res) => {
        const card = cardAccess(db, req, res);
        return card && !lacksFlag(res, card.persona, PROFILE_VALIDATION_FLAG) ? card : undefined;
      },
      held: ({ projectId }) => validationOf(db.getState(), projectId)?.files.length ?? 0,
      store: (_req, res, card, files) => {
        const { projectId, persona } = card;
        mutate(db, (state) => {
          const row = validationRow(state, projectId);
          const at = new Date().toISOString();
          for (const ref of storeUploads(
            attachments,
            uploadedFiles(files),
            nextProjectFileId(state),
            card.by,
            at,
          )) {
            row.files.push(ref);
            recordProjectChange(state, projectId, card.by, {
              section: PROFILE_VALIDATION,
              field: 'File',
              old_value: '',
              new_value: ref.file_name,
            });
          }
        });
        res
          .status(201)
          .json(validationBody(validationOf(db.getState(), projectId), persona.userId));
      },
    }),
  );

  router.delete('/projects/:id/profile-validation/files/:fileId/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card || lacksFlag(res, card.persona, PROFILE_VALIDATION_FLAG)) return;
    const { projectId } = card;
    const fileId = Number(req.params.fileId);
    const file = validationOf(card.state, projectId)?.files.find(
      (candidate) => candidate.id === fileId,
    );
    if (!file) {
      drf.notFound(res);
      return;
    }
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
    res.status(204).end();
  });

  // ── Profile revenue ─────────────────────────────────────────────────────────────────────

  router.post(
    '/projects/:id/profile-revenue/',
    refuseOversize,
    uploadHandler(PROFILE_REVENUE_UPLOAD, {
      target: (req, res) => {
        const card = cardAccess(db, req, res);
        return card && !lacksFlag(res, card.persona, PROFILE_REVENUE_FLAG) ? card : undefined;
      },
      // The sheet replaces the one held.
      held: () => 0,
      store: (_req, res, card, [file]) => {
        const { projectId } = card;
        let stored: StoredFileRef | undefined;
        mutate(db, (state) => {
          const details = detailsOf(state, projectId)!;
          stored = {
            id: nextProjectFileId(state),
            file_name: file!.originalname,
            size: file!.size,
            uploaded_at: new Date().toISOString(),
            uploaded_by: card.by,
          };
          attachments.put(stored.id, file!.buffer);
          recordProjectChange(state, projectId, card.by, {
            section: PROFILE_REVENUE,
            field: 'Profile revenue sheet',
            old_value: details.profile_revenue?.file_name ?? '',
            new_value: file!.originalname,
          });
          details.profile_revenue = stored;
        });
        res.status(201).json(fileBody(stored!, card.persona.userId));
      },
    }),
  );

  router.use(projectFileDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/project-files/{id}/?user=&expires=&signature=`: the plain link the SPA renders.
 * Mounted before the JWT check; an address without a signature goes on to the JWT route.
 */
export function signedProjectFileRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return projectFileDownload(db, options).signed;
}

/** A profile validation file or a profile revenue sheet, for whoever may open project cards. */
function projectFileDownload(db: MockDb, options: FileDownloadOptions) {
  return storedFileDownload('/project-files/:id/', options, {
    seeded: (id) => id < PROJECT_FILE_UPLOAD_BASE,
    nameOf(persona, id) {
      if (!persona.permissions.includes(PROJECT_CARD_FLAG)) return undefined;
      const state = db.getState();
      const file =
        state.profileValidations
          .flatMap((validation) => validation.files)
          .find((f) => f.id === id) ??
        state.projectDetails.map((details) => details.profile_revenue).find((f) => f?.id === id);
      return file?.file_name;
    },
  });
}
