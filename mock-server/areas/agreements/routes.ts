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
} from '../../../src/api/contract/agreements';
import { formatDate } from '../../../src/api/contract/display';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { decimalValue } from '../../lib/decimalField';
import { choiceField, dateField, FieldErrors, patchedFields, requiredText } from '../../lib/drf';
import { addCardFiles } from '../../lib/cardFiles';
import { listedFileDownloadRoutes } from '../../lib/files';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import {
  AGREEMENT_FILE_SEED_BASE,
  AGREEMENT_FILE_UPLOAD_BASE,
  nextAgreementFileId,
  projectAgreements,
  toAgreement,
  type StoredAgreement,
} from './model';
import { agreementsSeed } from './seed';

const SECTION = 'Project agreements';

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
  const number = decimalValue(errors, body, 'value');
  if (number === undefined) return 0;
  if (Math.round(number * 100) !== Number((number * 100).toFixed(6)))
    errors.add('value', 'Ensure that there are no more than 2 decimal places.');
  else if (number < 0 || number > AGREEMENT_MAX_VALUE)
    errors.add('value', AGREEMENT_RULES.valueRange);
  else return number;
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
 * `POST …/{aid}/documents/` (multipart) and `DELETE …/{aid}/documents/{fileId}/`, and a
 * document's download, `GET /api/agreement-files/{id}/` (signed link or JWT). Reading needs the
 * card; every write CAN_EDIT_PROJECT_CARD (403 naming it). A refused call stores nothing; every
 * change goes to the card's History under 'Project agreements'.
 */
export const agreements: Area = {
  feature: 'projects/agreements',
  seed: [agreementsSeed],
  routes: ({ db, attachments, signer: signerOf }) => {
    const BASE = '/projects/:id/agreements/';
    const ONE = `${BASE}:aid/`;
    const signer = signerOf('agreement-files');

    /** The card's project, with the editor's flag. */
    const editAccess = (req: MockRequest) => cardAccess(db, req, AGREEMENT_EDIT_FLAG);

    /** The agreement of `:aid` on the card's project, with the editor's flag. */
    const editedAgreement = (req: MockRequest) => {
      const card = editAccess(req);
      const agreement = projectRecord(card.state.agreements, card.projectId, req.params.aid);
      return { card, agreement };
    };

    /** The agreement `id` as the caller gets it. */
    const agreementBody = (req: MockRequest, id: number) => {
      const saved = db.getState().agreements.find((candidate) => candidate.id === id)!;
      return toAgreement(saved, signer, req.auth.persona.userId);
    };

    return [
      route.get(BASE, (req) => {
        const card = cardAccess(db, req);
        return json(projectAgreements(card.state, card.projectId, signer, card.persona.userId));
      }),

      route.post(BASE, (req) => {
        const card = editAccess(req);
        const errors = new FieldErrors();
        const fields = readFields(errors, req.body, EDITABLE);
        if (fields.start_date && fields.end_date && fields.end_date <= fields.start_date)
          errors.add('end_date', AGREEMENT_RULES.endAfterStart);
        errors.refuseIfAny();
        const now = nowIso();
        const agreement: StoredAgreement = {
          id: nextId(db.getState().agreements),
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
        mutate(db, (draft) => {
          draft.agreements.push(agreement);
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: 'Agreement',
            old_value: '',
            new_value: summary(agreement),
          });
        });
        return created(agreementBody(req, agreement.id));
      }),

      route.patch(ONE, (req) => {
        const { card, agreement } = editedAgreement(req);
        const { body } = req;
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
        errors.refuseIfAny();
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
          Object.assign(stored, next, { updated_at: nowIso() });
          return true;
        });
        return json(agreementBody(req, agreement.id));
      }),

      route.delete(ONE, (req) => {
        const { card, agreement } = editedAgreement(req);
        mutate(db, (draft) => {
          draft.agreements = draft.agreements.filter((candidate) => candidate.id !== agreement.id);
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: 'Agreement',
            old_value: summary(agreement),
            new_value: '',
          });
        });
        return noContent();
      }),

      route.upload('POST', `${ONE}documents/`, {
        rule: AGREEMENT_UPLOAD,
        target: editedAgreement,
        held: ({ agreement }) => agreement.documents.length,
        tooMany: AGREEMENT_RULES.tooManyFiles,
        store: (req, { card, agreement }) => {
          mutate(db, (draft) => {
            const stored = draft.agreements.find((candidate) => candidate.id === agreement.id)!;
            const at = nowIso();
            addCardFiles(draft, attachments, req.files, {
              card,
              firstId: nextAgreementFileId(draft),
              to: stored.documents,
              history: { section: SECTION, field: `${stored.reference}: document` },
              at,
            });
            stored.updated_at = at;
          });
          return created(agreementBody(req, agreement.id));
        },
      }),

      route.delete(`${ONE}documents/:fileId/`, (req) => {
        const { card, agreement } = editedAgreement(req);
        const fileId = Number(req.params.fileId);
        const file = agreement.documents.find((candidate) => candidate.id === fileId) ?? notFound();
        mutate(db, (draft) => {
          const stored = draft.agreements.find((candidate) => candidate.id === agreement.id)!;
          stored.documents = stored.documents.filter((candidate) => candidate.id !== fileId);
          stored.updated_at = nowIso();
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: `${stored.reference}: document`,
            old_value: file.file_name,
            new_value: '',
          });
        });
        return noContent();
      }),

      // An agreement's document, for whoever may open project cards.
      ...listedFileDownloadRoutes(
        '/agreement-files/:id/',
        { attachments, signer },
        {
          flag: PROJECT_CARD_FLAG,
          seeded: (id) => id > AGREEMENT_FILE_SEED_BASE && id < AGREEMENT_FILE_UPLOAD_BASE,
          filesOf: () => db.getState().agreements.flatMap((agreement) => agreement.documents),
        },
      ),
    ];
  },
};
