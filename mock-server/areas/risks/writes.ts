import {
  FIELD_PERMISSIONS,
  RISK_EDITABLE_FIELDS,
  ratingOf,
  type RiskEditableField,
} from '../../../src/api/contract/risks';
import type { Persona } from '../../auth/personas';
import type { AreaServices } from '../../lib/area';
import { FieldErrors } from '../../lib/drf';
import { badRequest, created, forbidden, json, type MockAnswer } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route, type Route } from '../../lib/routes';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { riskBody, riskOf, riskPermissions } from './access';
import { displayValue, logChange } from './history';
import { validateCreate, validateFields } from './validate';

/**
 * `POST /api/risks/` (create flags 403, field errors 400) and `PATCH /api/risks/{id}/` (each field
 * behind its edit flag: 403 names the first refused and nothing changes); both enter the history.
 */
export function writeRoutes({ db }: AreaServices): Route[] {
  return [
    route.post('/risks/', (req) => createRisk(db, req.auth.persona, req.body)),

    route.patch('/risks/:id/', (req) => {
      const { risk, persona, state } = riskOf(db, req);
      const { body } = req;
      const permissions = riskPermissions(persona, risk);
      const fields = Object.keys(body).filter((field): field is RiskEditableField =>
        (RISK_EDITABLE_FIELDS as readonly string[]).includes(field),
      );
      const refused = fields.find((field) => {
        const flag = FIELD_PERMISSIONS[risk.kind][field];
        return flag === null || !permissions.includes(flag);
      });
      if (refused) forbidden(`You may not edit "${refused}".`);
      const errors = new FieldErrors();
      const changes = validateFields(state, risk.kind, body, errors, false);
      errors.refuseIfAny();
      mutate(db, (current) => {
        const stored = risk as unknown as Record<string, unknown>;
        for (const [field, next] of Object.entries(changes)) {
          const before = stored[field];
          if (displayValue(field, before) === displayValue(field, next)) continue;
          stored[field] = next;
          logChange(
            current,
            risk,
            persona.userId,
            field,
            displayValue(field, before),
            displayValue(field, next),
          );
        }
        if (risk.probability && risk.impact) risk.rating = ratingOf(risk.probability, risk.impact);
      });
      return json(riskBody(persona, risk));
    }),
  ];
}

/**
 * Creates the risk `body` describes for the persona and answers 201 with it: 403 without the
 * create flag, 400 with every field error. `alsoInState` runs in the same write (a draft's create
 * route deletes the draft there).
 */
export function createRisk(
  db: MockDb,
  persona: Persona,
  body: Record<string, unknown>,
  alsoInState: (state: MockState) => void = () => undefined,
): MockAnswer {
  const outcome = validateCreate(db.getState(), persona, body);
  if ('forbidden' in outcome) forbidden();
  if ('errors' in outcome) badRequest(outcome.errors.toJSON());
  const { risk } = outcome;
  mutate(db, (state) => {
    risk.id = nextId(state.risks);
    state.risks.push(risk);
    alsoInState(state);
    logChange(state, risk, persona.userId, 'created', '', risk.statement, risk.created_at);
  });
  return created(riskBody(persona, risk));
}
