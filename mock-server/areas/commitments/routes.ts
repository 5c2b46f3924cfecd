import {
  COMMITMENT_EDIT_FLAG,
  COMMITMENT_LIMITS,
  COMMITMENT_STATE_LABELS,
  COMMITMENT_STATES,
  COMMITMENT_SUGGEST_FLAG,
  type CommitmentState,
} from '../../../src/api/contract/commitments';
import { formatDate, personLabel } from '../../../src/api/contract/display';
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord, requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import {
  dateField,
  FieldErrors,
  optionalText,
  patchedFields,
  requiredText,
  typeName,
  userField,
} from '../../lib/drf';
import { created, forbidden, json, noContent, ruleBroken, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { recordProjectChange } from '../projects/model';
import { projectCommitments, toCommitment, type StoredCommitment } from './model';

const SECTION = 'Security commitments';
const STILL_SUGGESTED = 'A suggestion keeps its state until its owner accepts or declines it.';
const NOT_BACK = 'A commitment cannot become a suggestion again.';
const OWNER_ONLY = 'Only the owner of this commitment can accept or decline it.';
const NOT_SUGGESTED = 'This commitment is not a suggestion waiting for an answer.';

/** The commitment's state when given: one of COMMITMENT_STATES (DRF's ChoiceField). */
function stateField(errors: FieldErrors, body: Record<string, unknown>): CommitmentState | null {
  const value = body.state;
  if (value === undefined) return null;
  if (typeof value !== 'string' || !(COMMITMENT_STATES as readonly string[]).includes(value)) {
    const shown = typeof value === 'string' || typeof value === 'number' ? value : typeName(value);
    errors.add('state', `"${shown}" is not a valid choice.`);
    return null;
  }
  return value as CommitmentState;
}

/** One line of History for a commitment: 'Title (Open, owner …, due MM/DD/YYYY)'. */
const summary = (state: MockState, commitment: StoredCommitment) =>
  `${commitment.title} (${COMMITMENT_STATE_LABELS[commitment.state]}, owner ${personLabel(
    personOf(state, commitment.owner_id),
  )}, due ${formatDate(commitment.due_date)})`;

type Editable = 'title' | 'description' | 'owner_id' | 'due_date' | 'state';
const EDITABLE: readonly Editable[] = ['title', 'description', 'owner_id', 'due_date', 'state'];
const FIELD_LABELS: Record<Editable, string> = {
  title: 'title',
  description: 'description',
  owner_id: 'owner',
  due_date: 'due date',
  state: 'state',
};

/**
 * Security commitments of a project: `GET|POST /api/projects/{id}/commitments/`,
 * `PATCH|DELETE …/{cid}/` (CAN_EDIT_COMMITMENTS), and the owner's answer to a suggestion,
 * `POST …/{cid}/accept/` and `POST …/{cid}/decline/`. A POST in state 'suggested' needs
 * CAN_SUGGEST_COMMITMENTS, in any other CAN_EDIT_COMMITMENTS. Every change goes to the card's
 * History under 'Security commitments'.
 */
export const commitments: Area = {
  feature: 'projects/commitments',
  routes: ({ db }) => {
    const BASE = '/projects/:id/commitments/';

    /** The project of the path (the card's flag first, then its 404). */
    const projectOf = (req: MockRequest) => cardAccess(db, req).projectId;

    /** The commitment of the path in its project (404 for any other). */
    const commitmentOf = (req: MockRequest) => {
      const projectId = projectOf(req);
      const commitment = projectRecord(db.getState().commitments, projectId, req.params.cid);
      return { projectId, commitment };
    };

    /** The commitment to change: its 404, then CAN_EDIT_COMMITMENTS. */
    const editable = (req: MockRequest) => {
      const found = commitmentOf(req);
      requireFlags(req.auth.persona, COMMITMENT_EDIT_FLAG);
      return found;
    };

    /** The suggestion the owner answers: 403 for anyone else, 400 when it is not one. */
    const answerable = (req: MockRequest) => {
      const found = commitmentOf(req);
      if (found.commitment.owner_id !== req.auth.persona.userId) forbidden(OWNER_ONLY);
      if (found.commitment.state !== 'suggested') ruleBroken(NOT_SUGGESTED);
      return found;
    };

    const saved = (id: number) => {
      const state = db.getState();
      return toCommitment(
        state,
        state.commitments.find((candidate) => candidate.id === id)!,
      );
    };

    return [
      route.get(BASE, (req) => json(projectCommitments(db.getState(), projectOf(req)))),

      route.post(BASE, (req) => {
        const { persona } = req.auth;
        const projectId = projectOf(req);
        const { body } = req;
        const suggesting = body.state === 'suggested';
        requireFlags(persona, suggesting ? COMMITMENT_SUGGEST_FLAG : COMMITMENT_EDIT_FLAG);
        const errors = new FieldErrors();
        const state = db.getState();
        const title = requiredText(errors, body, 'title', COMMITMENT_LIMITS.title);
        const description = optionalText(
          errors,
          body,
          'description',
          COMMITMENT_LIMITS.description,
        );
        const ownerId = userField(errors, state, body, 'owner_id');
        const dueDate = dateField(errors, body, 'due_date');
        const given = stateField(errors, body);
        errors.refuseIfAny();
        let added: StoredCommitment | undefined;
        mutate(db, (draft) => {
          const now = nowIso();
          added = {
            id: nextId(draft.commitments),
            project_id: projectId,
            title,
            description: description.trim(),
            owner_id: ownerId,
            due_date: dueDate,
            state: given ?? 'open',
            suggested_by_id: suggesting ? persona.userId : null,
            created_at: now,
            updated_at: now,
          };
          draft.commitments.push(added);
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: suggesting ? 'Suggested commitment' : 'Commitment',
            old_value: '',
            new_value: summary(draft, added),
          });
        });
        return created(toCommitment(db.getState(), added!));
      }),

      route.patch(`${BASE}:cid/`, (req) => {
        const { persona } = req.auth;
        const { projectId, commitment } = editable(req);
        const { body } = req;
        const errors = new FieldErrors();
        const fields = patchedFields(errors, body, EDITABLE);
        const state = db.getState();
        const next: Partial<Pick<StoredCommitment, Editable>> = {};
        if ('title' in body)
          next.title = requiredText(errors, body, 'title', COMMITMENT_LIMITS.title);
        if ('description' in body)
          next.description = optionalText(
            errors,
            body,
            'description',
            COMMITMENT_LIMITS.description,
          ).trim();
        if ('owner_id' in body) next.owner_id = userField(errors, state, body, 'owner_id');
        if ('due_date' in body) next.due_date = dateField(errors, body, 'due_date');
        if ('state' in body) {
          const given = stateField(errors, body);
          if (given === 'suggested' && commitment.state !== 'suggested')
            errors.add('state', NOT_BACK);
          else if (given !== null && commitment.state === 'suggested' && given !== 'suggested')
            errors.add('state', STILL_SUGGESTED);
          else if (given !== null) next.state = given;
        }
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = draft.commitments.find((candidate) => candidate.id === commitment.id)!;
          const shown = (field: Editable, value: unknown) =>
            field === 'owner_id'
              ? personLabel(personOf(draft, value as number))
              : field === 'due_date'
                ? formatDate(value as string)
                : field === 'state'
                  ? COMMITMENT_STATE_LABELS[value as CommitmentState]
                  : (value as string);
          const changed = fields.filter((field) => field in next && next[field] !== stored[field]);
          if (changed.length === 0) return false;
          for (const field of changed)
            recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
              section: SECTION,
              field: `${stored.title}: ${FIELD_LABELS[field]}`,
              old_value: shown(field, stored[field]),
              new_value: shown(field, next[field]),
            });
          Object.assign(stored, next, { updated_at: nowIso() });
          return true;
        });
        return json(saved(commitment.id));
      }),

      route.delete(`${BASE}:cid/`, (req) => {
        const { persona } = req.auth;
        const { projectId, commitment } = editable(req);
        mutate(db, (draft) => {
          draft.commitments = draft.commitments.filter(
            (candidate) => candidate.id !== commitment.id,
          );
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: commitment.state === 'suggested' ? 'Suggested commitment' : 'Commitment',
            old_value: summary(draft, commitment),
            new_value: '',
          });
        });
        return noContent();
      }),

      route.post(`${BASE}:cid/accept/`, (req) => {
        const { persona } = req.auth;
        const { projectId, commitment } = answerable(req);
        mutate(db, (draft) => {
          const stored = draft.commitments.find((candidate) => candidate.id === commitment.id)!;
          stored.state = 'open';
          stored.updated_at = nowIso();
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: `${stored.title}: state`,
            old_value: COMMITMENT_STATE_LABELS.suggested,
            new_value: `${COMMITMENT_STATE_LABELS.open} (accepted by the owner)`,
          });
        });
        return json(saved(commitment.id));
      }),

      route.post(`${BASE}:cid/decline/`, (req) => {
        const { persona } = req.auth;
        const { projectId, commitment } = answerable(req);
        const errors = new FieldErrors();
        const reason = requiredText(errors, req.body, 'reason', COMMITMENT_LIMITS.reason);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          draft.commitments = draft.commitments.filter(
            (candidate) => candidate.id !== commitment.id,
          );
          recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
            section: SECTION,
            field: 'Suggested commitment',
            old_value: summary(draft, commitment),
            new_value: `Declined by the owner: ${reason}`,
          });
        });
        return noContent();
      }),
    ];
  },
};
