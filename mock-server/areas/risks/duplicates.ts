import {
  CAPABILITY_PERMISSIONS,
  RISK_LEVELS,
  type DuplicatesGroup,
} from '../../../src/api/contract/risks';
import type { AreaServices } from '../../lib/area';
import { FieldErrors, queryChoice, queryInteger, REQUIRED } from '../../lib/drf';
import { forbidden, json, notFound } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { canSee, kindPermissions, toListItem } from './access';
import { logChange } from './history';

type GroupAction = (state: MockState, groupId: number, riskId: number, userId: number) => void;

/**
 * Duplicates groups (spec §4): `GET /api/risk-duplicates/` and, on a group,
 * `merge/` (the duplicates' action items join the initial risk's plan, the duplicates close as
 * duplicates), `close/` {risk_id} (one closes without merging) and `not-duplicate/` {risk_id}
 * (it leaves the group for good). Each answers the group as it is now, or null once empty.
 */
export function duplicateRoutes({ db }: AreaServices): Route[] {
  /** A group action after the checks they share: 404, the resolution flag (403), risk_id (400). */
  const groupAction = (path: string, needsRisk: boolean, apply: GroupAction) =>
    route.post(`/risk-duplicates/:groupId/${path}/`, ({ auth: { persona }, params, body }) => {
      const groupId = Number(params.groupId);
      const state = db.getState();
      const group = groupBody(state, groupId);
      const initial = group && state.risks.find((risk) => risk.id === group.initial.id);
      if (!group || !initial || !canSee(persona, initial)) notFound();
      const flag = CAPABILITY_PERMISSIONS[initial.kind].resolution;
      if (!flag || !kindPermissions(persona, initial).includes(flag)) forbidden();
      const riskId = body.risk_id;
      if (needsRisk) {
        const errors = new FieldErrors();
        if (riskId === undefined || riskId === null) errors.add('risk_id', REQUIRED);
        else if (!group.duplicates.some((risk) => risk.id === riskId))
          errors.add('risk_id', 'This risk is not a duplicate in the group.');
        errors.refuseIfAny();
      }
      mutate(db, (current) => apply(current, groupId, riskId as number, persona.userId));
      return json(groupBody(db.getState(), groupId));
    });

  return [
    route.get('/risk-duplicates/', ({ auth: { persona }, query }) => {
      const errors = new FieldErrors();
      const level = queryChoice(errors, query, 'level', RISK_LEVELS);
      const scope = queryInteger(errors, query, 'scope');
      errors.refuseIfAny();
      const state = db.getState();
      const groups = state.duplicateGroups
        .map((group) => groupBody(state, group.id))
        .filter(
          (group): group is DuplicatesGroup =>
            group !== null &&
            canSee(
              persona,
              state.risks.find((risk) => risk.id === group.initial.id)!,
            ) &&
            (!level || group.initial.level === level) &&
            (scope === undefined || group.initial.scope.id === scope),
        );
      return json(groups);
    }),

    groupAction('merge', false, (state, groupId, _riskId, userId) => {
      const group = groupBody(state, groupId)!;
      const initial = state.risks.find((risk) => risk.id === group.initial.id)!;
      for (const duplicate of group.duplicates) {
        const items = state.riskActionItems.filter((item) => item.risk_id === duplicate.id);
        for (const item of items) {
          state.riskActionItems.push({
            ...item,
            id: nextId(state.riskActionItems),
            risk_id: initial.id,
          });
          logChange(
            state,
            initial,
            userId,
            'action_item',
            '',
            `${item.title} (from risk ${duplicate.id})`,
          );
        }
        initial.action_items_count += items.length;
        closeAsDuplicate(state, duplicate.id, userId, `Merged into risk ${initial.id}.`);
      }
    }),
    groupAction('close', true, (state, _groupId, riskId, userId) =>
      closeAsDuplicate(state, riskId, userId, 'Closed as a duplicate.'),
    ),
    groupAction('not-duplicate', true, (state, groupId, riskId, userId) => {
      state.duplicateGroups.find((candidate) => candidate.id === groupId)!.excluded.push(riskId);
      const risk = state.risks.find((candidate) => candidate.id === riskId)!;
      risk.duplicates_group = null;
      logChange(state, risk, userId, 'duplicates_group', `Group ${groupId}`, 'Not a duplicate');
    }),
  ];
}

function closeAsDuplicate(state: MockState, riskId: number, userId: number, comment: string) {
  const risk = state.risks.find((candidate) => candidate.id === riskId)!;
  risk.status = 'closed';
  risk.resolution = 'duplicate';
  risk.resolution_comment = comment;
  logChange(state, risk, userId, 'resolution', 'Open', 'Resolved as duplicate');
}

/** A group as the SPA sees it: the first created is the initial; open duplicates not excluded. */
function groupBody(state: MockState, groupId: number): DuplicatesGroup | null {
  const group = state.duplicateGroups.find((candidate) => candidate.id === groupId);
  if (!group) return null;
  const members = group.risk_ids
    .map((id) => state.risks.find((risk) => risk.id === id))
    .filter((risk) => risk !== undefined)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const [initial, ...rest] = members;
  const duplicates = rest.filter(
    (risk) => risk.status === 'open' && !group.excluded.includes(risk.id),
  );
  if (!initial || duplicates.length === 0) return null;
  return { id: group.id, initial: toListItem(initial), duplicates: duplicates.map(toListItem) };
}
