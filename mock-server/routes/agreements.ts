import { nextId } from '../lib/ids';
import { Router, type Request, type Response } from 'express';
import {
  AGREEMENT_CURRENCIES,
  AGREEMENT_EDIT_FLAG,
  AGREEMENT_LIMITS,
  AGREEMENT_MAX_VALUE,
  AGREEMENT_RULES,
  AGREEMENT_STATE_LABELS,
  AGREEMENT_STATES,
  AGREEMENT_TYPE_LABELS,
  AGREEMENT_TYPES,
  AGREEMENT_UPLOAD,
  type NewAgreement,
} from '../../src/api/contract/agreements';
import { formatDate } from '../../src/api/contract/display';
import { PROJECT_CARD_FLAG } from '../../src/api/contract/projects';
import {
  dateField,
  drf,
  FieldErrors,
  NOT_NULL,
  REQUIRED,
  rejected,
  requiredText,
  requireObjectBody,
  patchedFields,
  choiceField,
} from '../drf';
import {
  AGREEMENT_FILE_SEED_BASE,
  AGREEMENT_FILE_UPLOAD_BASE,
  nextAgreementFileId,
  projectAgreements,
  toAgreement,
  type StoredAgreement,
} from '../projects/agreements';
import { recordProjectChange } from '../areas/projects/model';
import { uploadHandler } from '../uploads';
import { mutate, type MockDb } from '../store/db';
import { listedFileDownload, type FileDownloadOptions } from './fileDownloads';
import { uploadedFiles } from '../lib/express';
import { storeUploads } from '../lib/files';
import { cardAccess, projectRecord } from './projects';
import { refuseOversize } from '../uploads';

const SECTION = 'Project agreements';

/** The documents upload path, for the multipart parsers of app.ts. */
export const AGREEMENT_UPLOAD_PATH = /^\/projects\/\d+\/agreements\/\d+\/documents\/$/;

type Editable = keyof NewAgreement;
const EDITABLE: readonly Editable[] = [
  'type',
  'reference',
  'parties',
  'start_date',
  'end_date',
  'value',
  'currency',
  'state',
];
const FIELD_LABELS: Record<Editable, string> = {
  type: 'type',
  reference: 'reference',
  parties: 'parties',
  start_date: 'start date',
  end_date: 'end date',
  value: 'value',
  currency: 'currency',
  state: 'state',
};

/** DRF's DecimalField(max_digits=12, decimal_places=2, min_value=0): a number or its string. */
function valueField(errors: FieldErrors, body: Record<string, unknown>): number {
  const raw = body.value;
  if (raw === undefined) errors.add('value', REQUIRED);
  else if (raw === null) errors.add('value', NOT_NULL);
  else {
    const number =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
    if (!Number.isFinite(number)) errors.add('value', 'A valid number is required.');
    else if (Math.round(number * 100) !== Number((number * 100).toFixed(6)))
      errors.add('value', 'Ensure that there are no more than 2 decimal places.');
    else if (number < 0 || number > AGREEMENT_MAX_VALUE)
      errors.add('value', AGREEMENT_RULES.valueRange);
    else return number;
  }
  return 0;
}

/** One line of History for an agreement: 'SOW SOW-2026-001-02 (Signed, 07/01/2026–12/15/2026)'. */
const summary = (agreement: StoredAgreement) =>
  `${AGREEMENT_TYPE_LABELS[agreement.type]} ${agreement.reference} (${
    AGREEMENT_STATE_LABELS[agreement.state]
  }, ${formatDate(agreement.start_date)}–${formatDate(agreement.end_date)})`;

const shown = (field: Editable, value: unknown): string =>
  field === 'type'
    ? AGREEMENT_TYPE_LABELS[value as StoredAgreement['type']]
    : field === 'state'
      ? AGREEMENT_STATE_LABELS[value as StoredAgreement['state']]
      : field === 'start_date' || field === 'end_date'
        ? formatDate(value as string)
        : field === 'value'
          ? (value as number).toLocaleString('en-US', { minimumFractionDigits: 2 })
          : String(value);

/** Reads the fields of `body` that `fields` names, as DRF's serializer would, into `errors`. */
function readFields(
  errors: FieldErrors,
  body: Record<string, unknown>,
  fields: readonly Editable[],
): Partial<NewAgreement> {
  const next: Partial<NewAgreement> = {};
  const has = (field: Editable) => fields.includes(field);
  if (has('type')) next.type = choiceField(errors, body, 'type', AGREEMENT_TYPES);
  if (has('reference'))
    next.reference = requiredText(errors, body, 'reference', AGREEMENT_LIMITS.reference);
  if (has('parties'))
    next.parties = requiredText(errors, body, 'parties', AGREEMENT_LIMITS.parties);
  if (has('start_date')) next.start_date = dateField(errors, body, 'start_date') || undefined;
  if (has('end_date')) next.end_date = dateField(errors, body, 'end_date') || undefined;
  if (has('value')) next.value = valueField(errors, body);
  if (has('currency')) next.currency = choiceField(errors, body, 'currency', AGREEMENT_CURRENCIES);
  if (has('state') && body.state !== undefined)
    next.state = choiceField(errors, body, 'state', AGREEMENT_STATES);
  return next;
}

/**
 * The Project agreements tab: `GET|POST /api/projects/{id}/agreements/`, `PATCH|DELETE …/{aid}/`,
 * `POST …/{aid}/documents/` (multipart) and `DELETE …/{aid}/documents/{fileId}/`. Reading needs
 * the card; every write CAN_EDIT_PROJECT_CARD (403 naming it). A refused call stores nothing;
 * every change goes to the card's History under 'Project agreements'.
 */
export function agreementRoutes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });
  const BASE = '/projects/:id/agreements/';
  const ONE = `${BASE}:aid/`;

  /** The card's project, the editor's flag checked when `write`; undefined once answered. */
  const access = (req: Request, res: Response, write: boolean) =>
    write ? cardAccess(db, req, res, AGREEMENT_EDIT_FLAG) : cardAccess(db, req, res);

  const agreementOf = (res: Response, projectId: number, rawId: unknown) =>
    projectRecord(res, db.getState().agreements, projectId, rawId);

  const answer = (res: Response, userId: number, id: number, status = 200) => {
    const saved = db.getState().agreements.find((candidate) => candidate.id === id)!;
    res.status(status).json(toAgreement(saved, signer, userId));
  };

  router.get(BASE, (req, res) => {
    const card = access(req, res, false);
    if (!card) return;
    res.json(projectAgreements(card.state, card.projectId, signer, card.persona.userId));
  });

  router.post(BASE, requireObjectBody, (req, res) => {
    const card = access(req, res, true);
    if (!card) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const fields = readFields(errors, body, EDITABLE);
    if (fields.start_date && fields.end_date && fields.end_date <= fields.start_date)
      errors.add('end_date', AGREEMENT_RULES.endAfterStart);
    if (rejected(res, errors)) return;
    let created: StoredAgreement | undefined;
    mutate(db, (draft) => {
      const now = new Date().toISOString();
      created = {
        id: nextId(draft.agreements),
        project_id: card.projectId,
        type: fields.type!,
        reference: fields.reference!,
        parties: fields.parties!,
        start_date: fields.start_date!,
        end_date: fields.end_date!,
        value: fields.value!,
        currency: fields.currency!,
        state: fields.state ?? 'draft',
        documents: [],
        created_at: now,
        updated_at: now,
      };
      draft.agreements.push(created);
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: 'Agreement',
        old_value: '',
        new_value: summary(created),
      });
    });
    answer(res, card.persona.userId, created!.id, 201);
  });

  router.patch(ONE, requireObjectBody, (req, res) => {
    const card = access(req, res, true);
    if (!card) return;
    const agreement = agreementOf(res, card.projectId, req.params.aid);
    if (!agreement) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const fields = patchedFields(errors, body, EDITABLE);
    const next = readFields(errors, body, fields);
    const start = next.start_date ?? agreement.start_date;
    const end = next.end_date ?? agreement.end_date;
    if (
      (next.start_date || next.end_date) &&
      !('start_date' in body && !next.start_date) &&
      !('end_date' in body && !next.end_date) &&
      end <= start
    )
      errors.add('end_date', AGREEMENT_RULES.endAfterStart);
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      const stored = draft.agreements.find((candidate) => candidate.id === agreement.id)!;
      const changed = fields.filter(
        (field) => next[field] !== undefined && next[field] !== stored[field],
      );
      if (changed.length === 0) return false;
      for (const field of changed)
        recordProjectChange(draft, card.projectId, card.by, {
          section: SECTION,
          field: `${stored.reference}: ${FIELD_LABELS[field]}`,
          old_value: shown(field, stored[field]),
          new_value: shown(field, next[field]),
        });
      Object.assign(stored, next, { updated_at: new Date().toISOString() });
      return true;
    });
    answer(res, card.persona.userId, agreement.id);
  });

  router.delete(ONE, (req, res) => {
    const card = access(req, res, true);
    if (!card) return;
    const agreement = agreementOf(res, card.projectId, req.params.aid);
    if (!agreement) return;
    mutate(db, (draft) => {
      draft.agreements = draft.agreements.filter((candidate) => candidate.id !== agreement.id);
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: 'Agreement',
        old_value: summary(agreement),
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.post(
    `${ONE}documents/`,
    refuseOversize,
    uploadHandler(AGREEMENT_UPLOAD, {
      target: (req, res) => {
        const card = access(req, res, true);
        const agreement = card && agreementOf(res, card.projectId, req.params.aid);
        return agreement && { card, agreement };
      },
      held: ({ agreement }) => agreement.documents.length,
      tooMany: AGREEMENT_RULES.tooManyFiles,
      store: (_req, res, { card, agreement }, files) => {
        mutate(db, (draft) => {
          const stored = draft.agreements.find((candidate) => candidate.id === agreement.id)!;
          const at = new Date().toISOString();
          for (const ref of storeUploads(
            attachments,
            uploadedFiles(files),
            nextAgreementFileId(draft),
            card.by,
            at,
          )) {
            stored.documents.push(ref);
            recordProjectChange(draft, card.projectId, card.by, {
              section: SECTION,
              field: `${stored.reference}: document`,
              old_value: '',
              new_value: ref.file_name,
            });
          }
          stored.updated_at = at;
        });
        answer(res, card.persona.userId, agreement.id, 201);
      },
    }),
  );

  router.delete(`${ONE}documents/:fileId/`, (req, res) => {
    const card = access(req, res, true);
    if (!card) return;
    const agreement = agreementOf(res, card.projectId, req.params.aid);
    if (!agreement) return;
    const fileId = Number(req.params.fileId);
    const file = agreement.documents.find((candidate) => candidate.id === fileId);
    if (!file) {
      drf.notFound(res);
      return;
    }
    mutate(db, (draft) => {
      const stored = draft.agreements.find((candidate) => candidate.id === agreement.id)!;
      stored.documents = stored.documents.filter((candidate) => candidate.id !== fileId);
      stored.updated_at = new Date().toISOString();
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: `${stored.reference}: document`,
        old_value: file.file_name,
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.use(agreementFileDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/agreement-files/{id}/?user=&expires=&signature=`: the plain link the SPA renders,
 * mounted before the JWT check; an address without a signature goes on to the JWT route.
 */
export function signedAgreementFileRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return agreementFileDownload(db, options).signed;
}

/** An agreement's document, for whoever may open project cards. */
function agreementFileDownload(db: MockDb, options: FileDownloadOptions) {
  return listedFileDownload('/agreement-files/:id/', options, {
    flag: PROJECT_CARD_FLAG,
    seeded: (id) => id > AGREEMENT_FILE_SEED_BASE && id < AGREEMENT_FILE_UPLOAD_BASE,
    filesOf: () => db.getState().agreements.flatMap((agreement) => agreement.documents),
  });
}
