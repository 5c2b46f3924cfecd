import type { Area } from '../../lib/area';
import { checkHistorySeed, checksSeed } from './seed';
import { FieldErrors, NOT_AVAILABLE_CHOICE, queryInteger } from '../../lib/drf';
import { json } from '../../lib/http';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/routes';
import { canSee as canSeeRisk, mayActOn, sharedDirectory } from '../risks/access';
import { visiblePoll } from './access';
import { actionRoutes } from './actions';
import { createPoll } from './create';
import { listPolls } from './list';
import { toPoll } from './model';
import { modelInfo, pollModels } from './pollModels';

/**
 * Checks: `GET/POST /api/polls/`, `GET /api/polls/{id}/`, the actions of the check details page,
 * `GET /api/poll-models/` and `GET /api/users/`.
 */
export const checks: Area = {
  feature: 'checks',
  seed: [checksSeed, checkHistorySeed],
  routes: ({ db }) => [
    route.get('/poll-models/', () => json(pollModels().map(modelInfo))),

    /**
     * People, by name: `search` on name and login; `can_receive_risk` keeps those who may act on
     * that risk (the recipients of a propagation, delegation or escalation, the caller left out).
     * A client-side person finds only the people of what was shared or transferred to them.
     */
    route.get('/users/', (req) => {
      const { persona } = req.auth;
      const state = db.readState();
      const { query } = req;
      const errors = new FieldErrors();
      const riskId = queryInteger(errors, query, 'can_receive_risk');
      const risk =
        riskId === undefined ? undefined : state.risks.find((candidate) => candidate.id === riskId);
      if (riskId !== undefined && (!risk || !canSeeRisk(persona, risk)))
        errors.add('can_receive_risk', NOT_AVAILABLE_CHOICE);
      errors.refuseIfAny();
      const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
      const shared = sharedDirectory(state, persona);
      const people = state.people
        .filter(
          (person) =>
            (!shared || shared.people.has(person.id)) &&
            (!risk || (person.id !== persona.userId && mayActOn(person.id))) &&
            (!search ||
              person.name.toLowerCase().includes(search) ||
              person.login.toLowerCase().includes(search)),
        )
        .sort((a, b) => a.name.localeCompare(b.name));
      return pageOf(req, people);
    }),

    route.get('/polls/', (req) => listPolls(db, req)),
    route.post('/polls/', (req) => createPoll(db, req)),

    route.get('/polls/:id/', (req) => {
      const { poll, persona } = visiblePoll(db, req);
      // Read untracked: the check's progress scans every reply, which through the tracking's
      // proxies cost a tenth of a second per call.
      return json(toPoll(db.readState(), poll, persona));
    }),

    ...actionRoutes(db),
  ],
};
