import { personLabel } from '../../../src/api/contract/display';
import { STATEMENT_MAX, type ActionItem } from '../../../src/api/contract/risks';
import type { AreaServices } from '../../lib/area';
import { nowIso } from '../../lib/clock';
import { dateField, FieldErrors, requiredText, userField } from '../../lib/drf';
import { created, json, noContent, notFound, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { requireCapability, requireOpen, riskOf, type RiskAccess } from './access';
import { logChange } from './history';
import { type StoredActionItem } from './model';

/**
 * The action items not done yet that person `ownerId` owns, due on or before `dueBefore` when
 * given (then an item without a due date never passes): the register's `action_owner` and
 * `action_due_before` filters, and "My work"'s action items.
 */
export function openActionItemsOf(
  state: Pick<MockState, 'riskActionItems'>,
  ownerId: number,
  dueBefore?: string,
): StoredActionItem[] {
  return state.riskActionItems.filter(
    (item) =>
      !item.done &&
      item.owner.id === ownerId &&
      (dueBefore === undefined || (item.due_date !== null && item.due_date <= dueBefore)),
  );
}

const itemBody = ({ risk_id: _risk, ...item }: StoredActionItem): ActionItem => item;

/**
 * A risk's action plan: `GET|POST /api/risks/{id}/action-items/` and
 * `PATCH|DELETE /api/risks/{id}/action-items/{itemId}/`; changes need the action-plan flag and
 * an open risk, and enter the history.
 */
export function actionItemRoutes({ db }: AreaServices): Route[] {
  /** The risk, the flag and the open status a change of the plan needs. */
  const planAccess = (req: MockRequest): RiskAccess => {
    const access = riskOf(db, req);
    requireCapability(access, 'action_items');
    requireOpen(access.risk, 'change its action plan');
    return access;
  };
  /** The plan's item of `:itemId` after `planAccess`; DRF's 404 for any other. */
  const itemOf = (req: MockRequest) => {
    const access = planAccess(req);
    const item =
      access.state.riskActionItems.find(
        (candidate) =>
          candidate.id === Number(req.params.itemId) && candidate.risk_id === access.risk.id,
      ) ?? notFound();
    return { access, item };
  };

  return [
    route.get('/risks/:id/action-items/', (req) => {
      const { state, risk } = riskOf(db, req);
      return json(
        state.riskActionItems
          .filter((item) => item.risk_id === risk.id)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
          .map(itemBody),
      );
    }),

    route.post('/risks/:id/action-items/', (req) => {
      const { state, risk, persona } = planAccess(req);
      const { body } = req;
      const errors = new FieldErrors();
      const title = requiredText(errors, body, 'title', STATEMENT_MAX);
      const ownerId = userField(errors, state, body, 'owner_id');
      const due =
        body.due_date === null || body.due_date === undefined
          ? null
          : dateField(errors, body, 'due_date');
      if ('done' in body && typeof body.done !== 'boolean')
        errors.add('done', 'Must be a valid boolean.');
      errors.refuseIfAny();
      const item: StoredActionItem = {
        id: nextId(state.riskActionItems),
        risk_id: risk.id,
        title,
        owner: personOf(state, ownerId),
        due_date: due,
        done: body.done === true,
        created_at: nowIso(),
      };
      mutate(db, (current) => {
        current.riskActionItems.push(item);
        risk.action_items_count += 1;
        logChange(current, risk, persona.userId, 'action_item', '', title);
      });
      return created(itemBody(item));
    }),

    route.patch('/risks/:id/action-items/:itemId/', (req) => {
      const { access, item } = itemOf(req);
      const { body } = req;
      const errors = new FieldErrors();
      const title =
        'title' in body ? requiredText(errors, body, 'title', STATEMENT_MAX) : item.title;
      const ownerId =
        'owner_id' in body ? userField(errors, access.state, body, 'owner_id') : item.owner.id;
      const due = !('due_date' in body)
        ? item.due_date
        : body.due_date === null
          ? null
          : dateField(errors, body, 'due_date');
      if ('done' in body && typeof body.done !== 'boolean')
        errors.add('done', 'Must be a valid boolean.');
      errors.refuseIfAny();
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
      return json(itemBody(item));
    }),

    route.delete('/risks/:id/action-items/:itemId/', (req) => {
      const { access, item } = itemOf(req);
      mutate(db, (current) => {
        current.riskActionItems = current.riskActionItems.filter((candidate) => candidate !== item);
        access.risk.action_items_count -= 1;
        logChange(current, access.risk, access.persona.userId, 'action_item', item.title, '');
      });
      return noContent();
    }),
  ];
}

/** An action item as the history shows it. */
function describe(item: StoredActionItem): string {
  const due = item.due_date
    ? `, due ${item.due_date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1')}`
    : '';
  return `${item.title} (${personLabel(item.owner)}${due}${item.done ? ', done' : ''})`;
}
