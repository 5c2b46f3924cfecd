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
  type IsoSetState,
} from '../../../src/api/contract/iso9001';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import type { Area } from '../../lib/area';
import { cardAccess } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  choiceField,
  dateField,
  FieldErrors,
  NOT_NULL,
  optionalText,
  patchedFields,
  pkValue,
  primaryKey,
  typeName,
} from '../../lib/drf';
import { addCardFiles } from '../../lib/cardFiles';
import { listedFileDownloadRoutes } from '../../lib/files';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { route } from '../../lib/routes';
import { personOf } from '../../lib/people';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import {
  evidenceOptions,
  isOwnEvidence,
  nextIsoFileId,
  projectAssessment,
  projectAssessments,
  storedAssessment,
  type StoredIsoAssessment,
} from './model';
import { iso9001Seed } from './seed';

const SECTION = 'ISO 9001 Compliance';

type Values = Pick<
  StoredIsoAssessment,
  'state' | 'evidence' | 'responsible_id' | 'review_date' | 'note' | 'justification'
>;
type Field = keyof Values;
const EDITABLE: readonly Field[] = [
  'state',
  'evidence',
  'responsible_id',
  'review_date',
  'note',
  'justification',
];
const FIELD_LABELS: Record<Field, string> = {
  state: 'state',
  evidence: 'evidence',
  responsible_id: 'responsible',
  review_date: 'review date',
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
 * (multipart) and `DELETE …/files/{fileId}/` (CAN_EDIT_PROJECT_CARD, 403 naming it), and an
 * evidence file's download, `GET /api/iso-9001-files/{id}/` (signed link or JWT). A refused call
 * stores nothing; every change goes to the card's History under 'ISO 9001 Compliance'.
 */
export const iso9001: Area = {
  feature: 'projects/iso9001',
  seed: [iso9001Seed],
  routes: ({ db, attachments, signer: signerOf }) => {
    const BASE = '/projects/:id/iso-9001/';
    const ONE = `${BASE}:rid/`;
    const signer = signerOf('iso-9001-files');

    /** The card and the requirement of `:rid` (DRF's 404 for none), the editor's flag checked. */
    const writeAccess = (req: MockRequest) => {
      const card = cardAccess(db, req, ISO_EDIT_FLAG);
      const raw = req.params.rid;
      const requirement = (/^\d+$/.test(String(raw)) && isoRequirement(Number(raw))) || notFound();
      return { card, requirement };
    };

    /** The requirement's row of the project as the caller gets it. */
    const assessmentBody = (req: MockRequest, projectId: number, requirement: number) =>
      projectAssessment(db.getState(), projectId, requirement, {
        signer,
        userId: req.auth.persona.userId,
      });

    /** The project's assessment of `requirement`, added empty when it has none yet. */
    const assessmentIn = (
      draft: MockState,
      card: ReturnType<typeof cardAccess>,
      requirement: number,
      at: string,
    ) => {
      let row = storedAssessment(draft, card.projectId, requirement);
      if (!row) {
        row = {
          project_id: card.projectId,
          requirement,
          ...structuredClone(EMPTY),
          files: [],
          updated_at: at,
          updated_by: card.by,
        };
        draft.isoAssessments.push(row);
      }
      return row;
    };

    return [
      route.get(BASE, (req) => {
        const card = cardAccess(db, req);
        return json(
          projectAssessments(card.state, card.projectId, { signer, userId: card.persona.userId }),
        );
      }),

      route.get(`${BASE}evidence-options/`, (req) => {
        const card = cardAccess(db, req, ISO_EDIT_FLAG);
        return json(evidenceOptions(card.state, card.projectId));
      }),

      route.patch(ONE, (req) => {
        const { card, requirement } = writeAccess(req);
        const { body } = req;
        const errors = new FieldErrors();
        const fields = patchedFields(errors, body, EDITABLE);
        const has = (field: Field) => fields.includes(field);
        const state = db.getState();
        const next: Partial<Values> = {};
        if (has('state')) next.state = choiceField(errors, body, 'state', ISO_STATES) ?? null;
        if (has('evidence')) next.evidence = evidenceField(errors, body, state, card.projectId);
        if (has('responsible_id'))
          next.responsible_id = primaryKey(
            errors,
            body,
            'responsible_id',
            (key) => state.people.some((person) => person.id === key),
            { allowNull: true },
          );
        if (has('review_date')) next.review_date = reviewDateField(errors, body);
        if (has('note')) next.note = optionalText(errors, body, 'note', ISO_LIMITS.note).trim();
        if (has('justification'))
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
          const justification =
            'justification' in next ? next.justification! : before.justification;
          if (!('justification' in errors.toJSON()) && justification === '')
            errors.add('justification', ISO_RULES.justificationNeeded);
        } else if (before.justification !== '' || next.justification) next.justification = '';
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const changed = (Object.keys(next) as Field[]).filter(
            (field) => !sameValue(next[field], before[field]),
          );
          if (changed.length === 0) return false;
          const row = assessmentIn(draft, card, requirement.id, '');
          for (const field of EDITABLE)
            if (changed.includes(field))
              recordProjectChange(draft, card.projectId, card.by, {
                section: SECTION,
                field: `${requirement.code} ${requirement.title}: ${FIELD_LABELS[field]}`,
                old_value: shown(draft, card.projectId, field, before[field]),
                new_value: shown(draft, card.projectId, field, next[field]),
              });
          Object.assign(row, next, { updated_at: nowIso(), updated_by: card.by });
          return true;
        });
        return json(assessmentBody(req, card.projectId, requirement.id));
      }),

      route.upload('POST', `${ONE}files/`, {
        rule: ISO_UPLOAD,
        target: writeAccess,
        held: ({ card, requirement }) =>
          storedAssessment(db.getState(), card.projectId, requirement.id)?.files.length ?? 0,
        tooMany: ISO_RULES.tooManyFiles,
        store: (req, { card, requirement }) => {
          mutate(db, (draft) => {
            const at = nowIso();
            const row = assessmentIn(draft, card, requirement.id, at);
            addCardFiles(draft, attachments, req.files, {
              card,
              firstId: nextIsoFileId(draft),
              to: row.files,
              history: {
                section: SECTION,
                field: `${requirement.code} ${requirement.title}: evidence file`,
              },
              at,
            });
            row.updated_at = at;
            row.updated_by = card.by;
          });
          return created(assessmentBody(req, card.projectId, requirement.id));
        },
      }),

      route.delete(`${ONE}files/:fileId/`, (req) => {
        const { card, requirement } = writeAccess(req);
        const fileId = Number(req.params.fileId);
        const file =
          storedAssessment(db.getState(), card.projectId, requirement.id)?.files.find(
            (candidate) => candidate.id === fileId,
          ) ?? notFound();
        mutate(db, (draft) => {
          const row = storedAssessment(draft, card.projectId, requirement.id)!;
          row.files = row.files.filter((candidate) => candidate.id !== fileId);
          row.updated_at = nowIso();
          row.updated_by = card.by;
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: `${requirement.code} ${requirement.title}: evidence file`,
            old_value: file.file_name,
            new_value: '',
          });
        });
        return noContent();
      }),

      // An evidence file, for whoever may open project cards.
      ...listedFileDownloadRoutes(
        '/iso-9001-files/:id/',
        { attachments, signer },
        {
          flag: PROJECT_CARD_FLAG,
          seeded: () => false,
          filesOf: () => db.getState().isoAssessments.flatMap((row) => row.files),
        },
      ),
    ];
  },
};
