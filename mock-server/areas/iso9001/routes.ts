import { Router, type Request, type Response } from 'express';
import { formatDate, personLabel } from '../../../src/api/contract/display';
import {
  ISO_EDIT_FLAG,
  ISO_EVIDENCE_KINDS,
  ISO_LIMITS,
  ISO_RULES,
  ISO_STATE_LABELS,
  ISO_STATES,
  ISO_UPLOAD,
  isoRequirement,
  type IsoEvidenceRef,
  type IsoRequirement,
  type IsoSetState,
} from '../../../src/api/contract/iso9001';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import {
  dateField,
  drf,
  FieldErrors,
  NOT_NULL,
  optionalText,
  pkValue,
  primaryKey,
  rejected,
  requireObjectBody,
  typeName,
} from '../../drf';
import {
  evidenceOptions,
  isOwnEvidence,
  nextIsoFileId,
  projectAssessment,
  projectAssessments,
  storedAssessment,
  type StoredIsoAssessment,
} from './model';
import { recordProjectChange } from '../projects/model';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { refuseOversize, uploadHandler } from '../../uploads';
import { listedFileDownload, type FileDownloadOptions } from '../../routes/fileDownloads';
import { uploadedFiles } from '../../lib/express';
import { storeUploads } from '../../lib/files';
import { cardAccess } from '../../routes/projects';
import { personOf } from '../../lib/people';

const SECTION = 'ISO 9001 Compliance';

/** The evidence upload path, for the multipart parsers of app.ts. */
export const ISO_UPLOAD_PATH = /^\/projects\/\d+\/iso-9001\/\d+\/files\/$/;

type Editable = 'state' | 'evidence' | 'responsible_id' | 'review_date' | 'note' | 'justification';
const EDITABLE: readonly Editable[] = [
  'state',
  'evidence',
  'responsible_id',
  'review_date',
  'note',
  'justification',
];
const FIELD_LABELS: Record<Editable, string> = {
  state: 'state',
  evidence: 'evidence',
  responsible_id: 'responsible',
  review_date: 'review date',
  note: 'note',
  justification: 'justification',
};

type Values = Pick<
  StoredIsoAssessment,
  'state' | 'evidence' | 'responsible_id' | 'review_date' | 'note' | 'justification'
>;
type Field = keyof Values;
const STORED_FIELD: Record<Editable, Field> = {
  state: 'state',
  evidence: 'evidence',
  responsible_id: 'responsible_id',
  review_date: 'review_date',
  note: 'note',
  justification: 'justification',
};

const EMPTY: Values = {
  state: null,
  evidence: [],
  responsible_id: null,
  review_date: null,
  note: '',
  justification: '',
};

/** A ChoiceField of the states a user sets. */
function stateField(errors: FieldErrors, body: Record<string, unknown>): IsoSetState | null {
  const value = body.state;
  if (value === null) errors.add('state', NOT_NULL);
  else if (typeof value === 'string' && (ISO_STATES as readonly string[]).includes(value))
    return value as IsoSetState;
  else {
    const shown = typeof value === 'string' || typeof value === 'number' ? value : typeName(value);
    errors.add('state', `"${shown}" is not a valid choice.`);
  }
  return null;
}

/** A list of `{kind, id}`, each a record of the project (deduplicated, in the order given). */
function evidenceField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  state: MockState,
  projectId: number,
): IsoEvidenceRef[] {
  const value = body.evidence;
  if (value === null) {
    errors.add('evidence', NOT_NULL);
    return [];
  }
  if (!Array.isArray(value)) {
    errors.add('evidence', `Expected a list of items but got type "${typeName(value)}".`);
    return [];
  }
  const options = evidenceOptions(state, projectId);
  const refs: IsoEvidenceRef[] = [];
  for (const item of value as unknown[]) {
    const record =
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const kind = record.kind;
    const id = typeof record.id === 'boolean' ? undefined : pkValue(record.id);
    if (
      typeof kind !== 'string' ||
      !(ISO_EVIDENCE_KINDS as readonly string[]).includes(kind) ||
      id === undefined
    ) {
      errors.add(
        'evidence',
        'Each evidence needs its kind (check, risk, agreement or document) and id.',
      );
      return [];
    }
    const ref = { kind: kind as IsoEvidenceRef['kind'], id };
    if (!isOwnEvidence(options, ref)) {
      errors.add('evidence', ISO_RULES.notOwnEvidence);
      return [];
    }
    if (!refs.some((known) => known.kind === ref.kind && known.id === ref.id)) refs.push(ref);
  }
  return refs;
}

/** A DateField with allow_null. */
function reviewDateField(errors: FieldErrors, body: Record<string, unknown>): string | null {
  if (body.review_date === null || body.review_date === '') return null;
  return dateField(errors, body, 'review_date') || null;
}

/** A field's value as History shows it. */
function shown(state: MockState, projectId: number, field: Field, value: unknown): string {
  switch (field) {
    case 'state':
      return ISO_STATE_LABELS[(value as IsoSetState | null) ?? 'not_assessed'];
    case 'evidence': {
      const options = evidenceOptions(state, projectId);
      return (value as IsoEvidenceRef[])
        .map(
          (ref) =>
            options.find((option) => option.kind === ref.kind && option.id === ref.id)?.label ??
            `${ref.kind} ${ref.id}`,
        )
        .join('; ');
    }
    case 'responsible_id':
      return value === null ? '' : personLabel(personOf(state, value as number));
    case 'review_date':
      return value === null ? '' : formatDate(value as string);
    default:
      return value as string;
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The ISO 9001 Compliance tab: `GET /api/projects/{id}/iso-9001/` (the card),
 * `GET …/iso-9001/evidence-options/`, `PATCH …/iso-9001/{requirement}/`, `POST …/{requirement}/files/`
 * (multipart) and `DELETE …/files/{fileId}/` (CAN_EDIT_PROJECT_CARD, 403 naming it). A refused call
 * stores nothing; every change goes to the card's History under 'ISO 9001 Compliance'.
 */
export function iso9001Routes(db: MockDb, options: FileDownloadOptions): Router {
  const { attachments, signer } = options;
  const router = Router({ strict: true });
  const BASE = '/projects/:id/iso-9001/';
  const ONE = `${BASE}:rid/`;

  const requirementOf = (res: Response, raw: unknown): IsoRequirement | undefined => {
    const found = /^\d+$/.test(String(raw)) ? isoRequirement(Number(raw)) : undefined;
    if (!found) drf.notFound(res);
    return found;
  };

  /** The card and the requirement, the editor's flag checked; undefined once answered. */
  const writeAccess = (req: Request, res: Response) => {
    const card = cardAccess(db, req, res, ISO_EDIT_FLAG);
    const requirement = card && requirementOf(res, req.params.rid);
    return card && requirement ? { card, requirement } : undefined;
  };

  const answer = (
    res: Response,
    projectId: number,
    requirement: number,
    userId: number,
    status = 200,
  ) => {
    res
      .status(status)
      .json(projectAssessment(db.getState(), projectId, requirement, { signer, userId }));
  };

  router.get(BASE, (req, res) => {
    const card = cardAccess(db, req, res);
    if (!card) return;
    res.json(
      projectAssessments(card.state, card.projectId, { signer, userId: card.persona.userId }),
    );
  });

  router.get(`${BASE}evidence-options/`, (req, res) => {
    const card = cardAccess(db, req, res, ISO_EDIT_FLAG);
    if (!card) return;
    res.json(evidenceOptions(card.state, card.projectId));
  });

  router.patch(ONE, requireObjectBody, (req, res) => {
    const access = writeAccess(req, res);
    if (!access) return;
    const { card, requirement } = access;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    for (const key of Object.keys(body))
      if (!(EDITABLE as readonly string[]).includes(key))
        errors.add(key, 'This field cannot be changed here.');
    const fields = EDITABLE.filter((field) => field in body);
    if (fields.length === 0 && errors.isEmpty) errors.add('non_field_errors', 'Nothing to change.');
    const state = db.getState();
    const next: Partial<Values> = {};
    if ('state' in body) next.state = stateField(errors, body);
    if ('evidence' in body) next.evidence = evidenceField(errors, body, state, card.projectId);
    if ('responsible_id' in body)
      next.responsible_id = primaryKey(
        errors,
        body,
        'responsible_id',
        (key) => state.people.some((person) => person.id === key),
        { allowNull: true },
      );
    if ('review_date' in body) next.review_date = reviewDateField(errors, body);
    if ('note' in body) next.note = optionalText(errors, body, 'note', ISO_LIMITS.note).trim();
    if ('justification' in body)
      next.justification = optionalText(
        errors,
        body,
        'justification',
        ISO_LIMITS.justification,
      ).trim();
    const stored = storedAssessment(state, card.projectId, requirement.id);
    const before: Values = stored ? { ...stored } : EMPTY;
    const finalState = 'state' in next ? next.state! : before.state;
    if (finalState === 'not_applicable') {
      const justification = 'justification' in next ? next.justification! : before.justification;
      if (!('justification' in errors.toJSON()) && justification === '')
        errors.add('justification', ISO_RULES.justificationNeeded);
    } else if (before.justification !== '' || next.justification) next.justification = '';
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      const changed = (Object.keys(next) as Field[]).filter(
        (field) => !sameValue(next[field], before[field]),
      );
      if (changed.length === 0) return false;
      let row = storedAssessment(draft, card.projectId, requirement.id);
      if (!row) {
        row = {
          project_id: card.projectId,
          requirement: requirement.id,
          ...structuredClone(EMPTY),
          files: [],
          updated_at: '',
          updated_by: card.by,
        };
        draft.isoAssessments.push(row);
      }
      for (const field of EDITABLE.map((editable) => STORED_FIELD[editable]))
        if (changed.includes(field))
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: `${requirement.code} ${requirement.title}: ${FIELD_LABELS[field]}`,
            old_value: shown(draft, card.projectId, field, before[field]),
            new_value: shown(draft, card.projectId, field, next[field]),
          });
      Object.assign(row, next, { updated_at: new Date().toISOString(), updated_by: card.by });
      return true;
    });
    answer(res, card.projectId, requirement.id, card.persona.userId);
  });

  router.post(
    `${ONE}files/`,
    refuseOversize,
    uploadHandler(ISO_UPLOAD, {
      target: writeAccess,
      held: ({ card, requirement }) =>
        storedAssessment(db.getState(), card.projectId, requirement.id)?.files.length ?? 0,
      tooMany: ISO_RULES.tooManyFiles,
      store: (_req, res, { card, requirement }, files) => {
        mutate(db, (draft) => {
          let row = storedAssessment(draft, card.projectId, requirement.id);
          const at = new Date().toISOString();
          if (!row) {
            row = {
              project_id: card.projectId,
              requirement: requirement.id,
              ...structuredClone(EMPTY),
              files: [],
              updated_at: at,
              updated_by: card.by,
            };
            draft.isoAssessments.push(row);
          }
          for (const ref of storeUploads(
            attachments,
            uploadedFiles(files),
            nextIsoFileId(draft),
            card.by,
            at,
          )) {
            row.files.push(ref);
            recordProjectChange(draft, card.projectId, card.by, {
              section: SECTION,
              field: `${requirement.code} ${requirement.title}: evidence file`,
              old_value: '',
              new_value: ref.file_name,
            });
          }
          row.updated_at = at;
          row.updated_by = card.by;
        });
        answer(res, card.projectId, requirement.id, card.persona.userId, 201);
      },
    }),
  );

  router.delete(`${ONE}files/:fileId/`, (req, res) => {
    const access = writeAccess(req, res);
    if (!access) return;
    const { card, requirement } = access;
    const fileId = Number(req.params.fileId);
    const file = storedAssessment(db.getState(), card.projectId, requirement.id)?.files.find(
      (candidate) => candidate.id === fileId,
    );
    if (!file) {
      drf.notFound(res);
      return;
    }
    mutate(db, (draft) => {
      const row = storedAssessment(draft, card.projectId, requirement.id)!;
      row.files = row.files.filter((candidate) => candidate.id !== fileId);
      row.updated_at = new Date().toISOString();
      row.updated_by = card.by;
      recordProjectChange(draft, card.projectId, card.by, {
        section: SECTION,
        field: `${requirement.code} ${requirement.title}: evidence file`,
        old_value: file.file_name,
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.use(isoFileDownload(db, options).authenticated);

  return router;
}

/**
 * `GET /api/iso-9001-files/{id}/?user=&expires=&signature=`: the plain link the SPA renders,
 * mounted before the JWT check.
 */
export function signedIsoFileRoutes(db: MockDb, options: FileDownloadOptions): Router {
  return isoFileDownload(db, options).signed;
}

/** An evidence file, for whoever may open project cards. */
function isoFileDownload(db: MockDb, options: FileDownloadOptions) {
  return listedFileDownload('/iso-9001-files/:id/', options, {
    flag: PROJECT_CARD_FLAG,
    seeded: () => false,
    filesOf: () => db.getState().isoAssessments.flatMap((row) => row.files),
  });
}
