import { Router, type Request, type Response } from 'express';
import { STATEMENT_MAX, type ActionItem } from '../../../src/api/contract/risks';
import {
  dateField,
  drf,
  FieldErrors,
  rejected,
  requiredText,
  requireObjectBody,
  userField,
} from '../../drf';
import { isOpen, mayDo, visibleRisk, type RiskAccess } from './access';
import { personLabel } from '../../../src/api/contract/display';
import { logChange } from './history';
import { type StoredActionItem } from './model';
import { mutate, type MockDb } from '../../store/db';
import { personOf } from '../../lib/people';
import { nextId } from '../../lib/ids';

const itemBody = ({ risk_id: _risk, ...item }: StoredActionItem): ActionItem => item;

/**
 * A risk's action plan: `GET|POST /api/risks/{id}/action-items/` and
 * `PATCH|DELETE /api/risks/{id}/action-items/{itemId}/`; changes need the action-plan flag and
 * an open risk, and enter the history.
 */
export function riskActionItemRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  /** The risk, the flag and the open status a change of the plan needs. */
  const planAccess = (req: Request, res: Response): RiskAccess | undefined => {
    const access = visibleRisk(db, req, res);
    if (!access || !mayDo(res, access, 'action_items')) return undefined;
    return isOpen(res, access.risk, 'change its action plan') ? access : undefined;
  };
  const itemOf = (access: RiskAccess, req: Request, res: Response) => {
    const item = access.state.riskActionItems.find(
      (candidate) =>
        candidate.id === Number(req.params.itemId) && candidate.risk_id === access.risk.id,
    );
    if (!item) drf.notFound(res);
    return item;
  };

  router.get('/risks/:id/action-items/', (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    res.json(
      access.state.riskActionItems
        .filter((item) => item.risk_id === access.risk.id)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
        .map(itemBody),
    );
  });

  router.post('/risks/:id/action-items/', requireObjectBody, (req, res) => {
    const access = planAccess(req, res);
    if (!access) return;
    const { state, risk, persona } = access;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const title = requiredText(errors, body, 'title', STATEMENT_MAX);
    const ownerId = userField(errors, state, body, 'owner_id');
    const due =
      body.due_date === null || body.due_date === undefined
        ? null
        : dateField(errors, body, 'due_date');
    if ('done' in body && typeof body.done !== 'boolean')
      errors.add('done', 'Must be a valid boolean.');
    if (rejected(res, errors)) return;
    const item: StoredActionItem = {
      id: nextId(state.riskActionItems),
      risk_id: risk.id,
      title,
      owner: personOf(state, ownerId),
      due_date: due,
      done: body.done === true,
      created_at: new Date().toISOString(),
    };
    mutate(db, (current) => {
      current.riskActionItems.push(item);
      risk.action_items_count += 1;
      logChange(current, risk, persona.userId, 'action_item', '', title);
    });
    res.status(201).json(itemBody(item));
  });

  router.patch('/risks/:id/action-items/:itemId/', requireObjectBody, (req, res) => {
    const access = planAccess(req, res);
    const item = access && itemOf(access, req, res);
    if (!access || !item) return;
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const title = 'title' in body ? requiredText(errors, body, 'title', STATEMENT_MAX) : item.title;
    const ownerId =
      'owner_id' in body ? userField(errors, access.state, body, 'owner_id') : item.owner.id;
    const due = !('due_date' in body)
      ? item.due_date
      : body.due_date === null
        ? null
        : dateField(errors, body, 'due_date');
    if ('done' in body && typeof body.done !== 'boolean')
      errors.add('done', 'Must be a valid boolean.');
    if (rejected(res, errors)) return;
    mutate(db, (current) => {
      const before = describe(item);
      item.title = title;
      item.owner = personOf(current, ownerId);
      item.due_date = due;
      if (typeof body.done === 'boolean') item.done = body.done;
      const after = describe(item);
      if (after !== before)
        logChange(current, access.risk, access.persona.userId, 'action_item', before, after);
    });
    res.json(itemBody(item));
  });

  router.delete('/risks/:id/action-items/:itemId/', (req, res) => {
    const access = planAccess(req, res);
    const item = access && itemOf(access, req, res);
    if (!access || !item) return;
    mutate(db, (current) => {
      current.riskActionItems = current.riskActionItems.filter((candidate) => candidate !== item);
      access.risk.action_items_count -= 1;
      logChange(current, access.risk, access.persona.userId, 'action_item', item.title, '');
    });
    res.status(204).end();
  });

  return router;
}

/** An action item as the history shows it. */
function describe(item: StoredActionItem): string {
  const due = item.due_date
    ? `, due ${item.due_date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1')}`
    : '';
  return `${item.title} (${personLabel(item.owner)}${due}${item.done ? ', done' : ''})`;
}
