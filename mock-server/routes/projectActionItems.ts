import { Router } from 'express';
import {
  RESOLVE_ACTION_ITEM_FLAG,
  type ProjectActionItem,
} from '../../src/api/contract/projectAttributes';
import type { Persona } from '../auth/personas';
import { drf } from '../drf';
import { personOf } from '../polls/view';
import { recordProjectChange } from '../projects/model';
import { canSee } from '../risks/access';
import { logChange } from '../risks/history';
import { mutate, type MockDb } from '../store/db';
import type { MockState } from '../store/state';
import { cardAccess } from './projects';

/**
 * The Action items tab: `GET /api/projects/{id}/action-items/` (every open action item of the
 * project's open risks and issues the user sees) and `POST
 * /api/projects/{id}/action-items/{itemId}/resolve/` (CAN_RESOLVE_ACTION_PLAN), which marks the
 * item done in its risk's plan and enters both the card's and the risk's history.
 */
export function projectActionItemRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/projects/:id/action-items/', (req, res) => {
    const card = cardAccess(db, req, res);
    if (card) res.json(projectActionItems(card.state, card.persona, card.projectId));
  });

  router.post('/projects/:id/action-items/:itemId/resolve/', (req, res) => {
    const card = cardAccess(db, req, res, RESOLVE_ACTION_ITEM_FLAG);
    if (!card) return;
    const { state, persona, projectId } = card;
    const item = state.riskActionItems.find(
      (candidate) => candidate.id === Number(req.params.itemId),
    );
    const risk = item && state.risks.find((candidate) => candidate.id === item.risk_id);
    if (
      !item ||
      !risk ||
      risk.level !== 'project' ||
      risk.scope.id !== projectId ||
      !canSee(persona, risk)
    ) {
      drf.notFound(res);
      return;
    }
    if (item.done) {
      drf.badRequest(res, { non_field_errors: ['This action item is done already.'] });
      return;
    }
    if (risk.status !== 'open') {
      drf.badRequest(res, {
        non_field_errors: [`A closed ${risk.kind} cannot change its action plan.`],
      });
      return;
    }
    mutate(db, (current) => {
      item.done = true;
      const by = personOf(current, persona.userId);
      logChange(current, risk, persona.userId, 'action_item', item.title, `${item.title} (done)`);
      recordProjectChange(current, projectId, by, {
        section: 'Action items',
        field: item.title,
        old_value: 'Open',
        new_value: `Done (${risk.kind} ${risk.id})`,
      });
    });
    res.status(204).end();
  });

  return router;
}

/**
 * The open action items of the project's open risks and issues this persona may see, earliest
 * due date first (those without one last), then by id.
 */
export function projectActionItems(
  state: MockState,
  persona: Persona,
  projectId: number,
): ProjectActionItem[] {
  const risks = new Map(
    state.risks
      .filter(
        (risk) =>
          risk.level === 'project' &&
          risk.scope.id === projectId &&
          risk.status === 'open' &&
          canSee(persona, risk),
      )
      .map((risk) => [risk.id, risk] as const),
  );
  return state.riskActionItems
    .filter((item) => !item.done && risks.has(item.risk_id))
    .map((item): ProjectActionItem => {
      const risk = risks.get(item.risk_id)!;
      return {
        id: item.id,
        title: item.title,
        owner: item.owner,
        due_date: item.due_date,
        created_at: item.created_at,
        source: { type: risk.kind, id: risk.id, title: risk.statement },
      };
    })
    .sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.id - b.id);
}
