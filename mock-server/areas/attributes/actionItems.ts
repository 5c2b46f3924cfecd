import {
  ACTION_ITEM_DONE_ALREADY,
  RESOLVE_ACTION_ITEM_FLAG,
  type ProjectActionItem,
} from '../../../src/api/contract/projectAttributes';
import type { Persona } from '../../auth/personas';
import type { AreaServices } from '../../lib/area';
import { cardAccess } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { json, noContent, notFound, ruleBroken } from '../../lib/http';
import { personOf } from '../../lib/people';
import { route, type Route } from '../../lib/routes';
import { checkName, seesFindingAction, seesOutcomes } from '../survey/findings';
import { recordProjectChange } from '../projects/model';
import { canSee } from '../risks/access';
import { logChange } from '../risks/history';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';

/**
 * The Action items tab: `GET /api/projects/{id}/action-items/` (every open action item of the
 * project's open risks and issues, and every open corrective action of its approved audits'
 * findings, the user sees), `POST /api/projects/{id}/action-items/{itemId}/resolve/` (a risk's
 * item) and `POST /api/projects/{id}/action-items/outcomes/{outcomeId}/resolve/` (a finding's
 * corrective action), both with CAN_RESOLVE_ACTION_PLAN; each enters the card's history, and a
 * risk's item its risk's too.
 */
export function actionItemRoutes({ db }: AreaServices): Route[] {
  return [
    route.get('/projects/:id/action-items/', (req) => {
      const card = cardAccess(db, req);
      return json(projectActionItems(card.state, card.persona, card.projectId));
    }),

    route.postAny('/projects/:id/action-items/:itemId/resolve/', (req) => {
      const { state, persona, projectId } = cardAccess(db, req, RESOLVE_ACTION_ITEM_FLAG);
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
      )
        notFound();
      if (item.done) ruleBroken(ACTION_ITEM_DONE_ALREADY);
      if (risk.status !== 'open')
        ruleBroken(`A closed ${risk.kind} cannot change its action plan.`);
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
      return noContent();
    }),

    route.postAny('/projects/:id/action-items/outcomes/:outcomeId/resolve/', (req) => {
      const { state, persona, projectId } = cardAccess(db, req, RESOLVE_ACTION_ITEM_FLAG);
      const outcome = state.outcomes.find(
        (candidate) => candidate.id === Number(req.params.outcomeId),
      );
      const poll = outcome && state.polls.find((candidate) => candidate.id === outcome.poll_id);
      if (
        !outcome ||
        !poll ||
        poll.project_id !== projectId ||
        !seesFindingAction(persona, poll, outcome)
      )
        notFound();
      if (outcome.done_at !== null) ruleBroken(ACTION_ITEM_DONE_ALREADY);
      mutate(db, (current) => {
        outcome.done_at = nowIso();
        recordProjectChange(current, projectId, personOf(current, persona.userId), {
          section: 'Action items',
          field: outcome.title,
          old_value: 'Open',
          new_value: `Done (${checkName(poll)})`,
        });
      });
      return noContent();
    }),
  ];
}

/**
 * The open action items of the project's open risks and issues and the open corrective actions of
 * its approved audits' findings this persona may see: earliest due date first (those without one
 * last), then risks' and issues' before checks', then by id.
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
  const ofRisks = state.riskActionItems
    .filter((item) => !item.done && risks.has(item.risk_id))
    .map((item): ProjectActionItem => {
      const risk = risks.get(item.risk_id)!;
      return {
        id: item.id,
        title: item.title,
        owner: item.owner,
        due_date: item.due_date,
        created_at: item.created_at,
        source: { type: risk.kind, id: risk.id, title: risk.statement, can_open: true },
      };
    });
  const audits = new Map(
    state.polls
      .filter((poll) => poll.project_id === projectId && poll.status === 'review_completed')
      .map((poll) => [poll.id, poll] as const),
  );
  const ofChecks = state.outcomes
    .filter((outcome) => {
      const poll = audits.get(outcome.poll_id);
      return outcome.done_at === null && poll && seesFindingAction(persona, poll, outcome);
    })
    .map((outcome): ProjectActionItem => {
      const poll = audits.get(outcome.poll_id)!;
      return {
        id: outcome.id,
        title: outcome.title,
        owner: personOf(state, outcome.owner_id!),
        due_date: outcome.due_date,
        created_at: poll.finished_at ?? poll.created_at,
        source: {
          type: 'check',
          id: poll.id,
          title: checkName(poll),
          can_open: seesOutcomes(persona, poll),
        },
      };
    });
  const checkLast = (item: ProjectActionItem) => (item.source.type === 'check' ? 1 : 0);
  return [...ofRisks, ...ofChecks].sort(
    (a, b) =>
      (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
      checkLast(a) - checkLast(b) ||
      a.id - b.id,
  );
}
