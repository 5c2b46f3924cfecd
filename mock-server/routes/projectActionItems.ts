import { Router } from 'express';
import { RESOLVE_ACTION_ITEM_FLAG } from '../../src/api/contract/projectAttributes';
import { PROJECT_CARD_FLAG } from '../../src/api/contract/projects';
import { authOf } from '../auth/middleware';
import { drf } from '../drf';
import { personOf } from '../polls/view';
import { projectActionItems } from '../projects/attributes';
import { detailsOf, recordProjectChange } from '../projects/model';
import { canSee } from '../risks/access';
import { logChange } from '../risks/history';
import { mutate, type MockDb } from '../store/db';
import { lacksFlag } from './projects';

/**
 * The Action items tab: `GET /api/projects/{id}/action-items/` (every open action item of the
 * project's open risks and issues the user sees) and `POST
 * /api/projects/{id}/action-items/{itemId}/resolve/` (CAN_RESOLVE_ACTION_PLAN), which marks the
 * item done in its risk's plan and enters both the card's and the risk's history.
 */
export function projectActionItemRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/projects/:id/action-items/', (req, res) => {
    const { persona } = authOf(res.locals);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    const state = db.getState();
    const projectId = Number(req.params.id);
    if (!detailsOf(state, projectId)) {
      drf.notFound(res);
      return;
    }
    res.json(projectActionItems(state, persona, projectId));
  });

  router.post('/projects/:id/action-items/:itemId/resolve/', (req, res) => {
    const { persona } = authOf(res.locals);
    if (lacksFlag(res, persona, PROJECT_CARD_FLAG)) return;
    const state = db.getState();
    const projectId = Number(req.params.id);
    if (!detailsOf(state, projectId)) {
      drf.notFound(res);
      return;
    }
    if (lacksFlag(res, persona, RESOLVE_ACTION_ITEM_FLAG)) return;
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
