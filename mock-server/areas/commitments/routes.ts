import { Router, type Request, type Response } from 'express';
import {
  COMMITMENT_EDIT_FLAG,
  COMMITMENT_LIMITS,
  COMMITMENT_STATE_LABELS,
  COMMITMENT_STATES,
  COMMITMENT_SUGGEST_FLAG,
  type CommitmentState,
} from '../../../src/api/contract/commitments';
import { formatDate, personLabel } from '../../../src/api/contract/display';
import { authOf } from '../../auth/middleware';
import {
  dateField,
  drf,
  FieldErrors,
  optionalText,
  rejected,
  requiredText,
  requireObjectBody,
  typeName,
  userField,
  patchedFields,
} from '../../drf';
import { recordProjectChange } from '../projects/model';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { projectCommitments, toCommitment, type StoredCommitment } from '../targets/model';
import { cardAccess, lacksFlag, projectRecord } from '../../routes/projects';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';

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
export function commitmentRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  const BASE = '/projects/:id/commitments/';

  /** The project id when it exists (the card's flag first), else the answer is sent. */
  const projectOf = (req: Request, res: Response) => cardAccess(db, req, res)?.projectId;

  const commitmentOf = (res: Response, projectId: number, rawId: unknown) =>
    projectRecord(res, db.getState().commitments, projectId, rawId);

  /** The owner's answer to a suggestion: 403 for anyone else, 400 when it is not one. */
  const answerable = (res: Response, commitment: StoredCommitment) => {
    const { persona } = authOf(res.locals);
    if (commitment.owner_id !== persona.userId) {
      drf.forbidden(res, OWNER_ONLY);
      return false;
    }
    if (commitment.state !== 'suggested') {
      drf.badRequest(res, { non_field_errors: [NOT_SUGGESTED] });
      return false;
    }
    return true;
  };

  router.get(BASE, (req, res) => {
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    res.json(projectCommitments(db.getState(), projectId));
  });

  router.post(BASE, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const body = req.body as Record<string, unknown>;
    const suggesting = body.state === 'suggested';
    if (lacksFlag(res, persona, suggesting ? COMMITMENT_SUGGEST_FLAG : COMMITMENT_EDIT_FLAG))
      return;
    const errors = new FieldErrors();
    const state = db.getState();
    const title = requiredText(errors, body, 'title', COMMITMENT_LIMITS.title);
    const description = optionalText(errors, body, 'description', COMMITMENT_LIMITS.description);
    const ownerId = userField(errors, state, body, 'owner_id');
    const dueDate = dateField(errors, body, 'due_date');
    const given = stateField(errors, body);
    if (rejected(res, errors)) return;
    let created: StoredCommitment | undefined;
    mutate(db, (draft) => {
      const now = new Date().toISOString();
      created = {
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
      draft.commitments.push(created);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: suggesting ? 'Suggested commitment' : 'Commitment',
        old_value: '',
        new_value: summary(draft, created),
      });
    });
    res.status(201).json(toCommitment(db.getState(), created!));
  });

  router.patch(`${BASE}:cid/`, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const commitment = commitmentOf(res, projectId, req.params.cid);
    if (!commitment) return;
    if (lacksFlag(res, persona, COMMITMENT_EDIT_FLAG)) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const fields = patchedFields(errors, body, EDITABLE);
    const state = db.getState();
    const next: Partial<Pick<StoredCommitment, Editable>> = {};
    if ('title' in body) next.title = requiredText(errors, body, 'title', COMMITMENT_LIMITS.title);
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
      if (given === 'suggested' && commitment.state !== 'suggested') errors.add('state', NOT_BACK);
      else if (given !== null && commitment.state === 'suggested' && given !== 'suggested')
        errors.add('state', STILL_SUGGESTED);
      else if (given !== null) next.state = given;
    }
    if (rejected(res, errors)) return;
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
      Object.assign(stored, next, { updated_at: new Date().toISOString() });
      return true;
    });
    const saved = db.getState().commitments.find((candidate) => candidate.id === commitment.id)!;
    res.json(toCommitment(db.getState(), saved));
  });

  router.delete(`${BASE}:cid/`, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const commitment = commitmentOf(res, projectId, req.params.cid);
    if (!commitment) return;
    if (lacksFlag(res, persona, COMMITMENT_EDIT_FLAG)) return;
    mutate(db, (draft) => {
      draft.commitments = draft.commitments.filter((candidate) => candidate.id !== commitment.id);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: commitment.state === 'suggested' ? 'Suggested commitment' : 'Commitment',
        old_value: summary(draft, commitment),
        new_value: '',
      });
    });
    res.status(204).end();
  });

  router.post(`${BASE}:cid/accept/`, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const commitment = commitmentOf(res, projectId, req.params.cid);
    if (!commitment || !answerable(res, commitment)) return;
    mutate(db, (draft) => {
      const stored = draft.commitments.find((candidate) => candidate.id === commitment.id)!;
      stored.state = 'open';
      stored.updated_at = new Date().toISOString();
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: `${stored.title}: state`,
        old_value: COMMITMENT_STATE_LABELS.suggested,
        new_value: `${COMMITMENT_STATE_LABELS.open} (accepted by the owner)`,
      });
    });
    const saved = db.getState().commitments.find((candidate) => candidate.id === commitment.id)!;
    res.json(toCommitment(db.getState(), saved));
  });

  router.post(`${BASE}:cid/decline/`, requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const projectId = projectOf(req, res);
    if (projectId === undefined) return;
    const commitment = commitmentOf(res, projectId, req.params.cid);
    if (!commitment || !answerable(res, commitment)) return;
    const errors = new FieldErrors();
    const reason = requiredText(
      errors,
      req.body as Record<string, unknown>,
      'reason',
      COMMITMENT_LIMITS.reason,
    );
    if (rejected(res, errors)) return;
    mutate(db, (draft) => {
      draft.commitments = draft.commitments.filter((candidate) => candidate.id !== commitment.id);
      recordProjectChange(draft, projectId, personOf(draft, persona.userId), {
        section: SECTION,
        field: 'Suggested commitment',
        old_value: summary(draft, commitment),
        new_value: `Declined by the owner: ${reason}`,
      });
    });
    res.status(204).end();
  });

  return router;
}
