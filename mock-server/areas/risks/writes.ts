import { Router, type Response } from 'express';
import {
  FIELD_PERMISSIONS,
  RISK_EDITABLE_FIELDS,
  ratingOf,
  type RiskEditableField,
} from '../../../src/api/contract/risks';
import { authOf } from '../../auth/middleware';
import { drf, FieldErrors, rejected, requireObjectBody } from '../../drf';
import { riskBody, riskPermissions, visibleRisk } from './access';
import { displayValue, logChange } from './history';
import { validateCreate, validateFields } from './validate';
import type { MockState } from '../../store/state';
import { mutate, type MockDb } from '../../store/db';
import { nextId } from '../../lib/ids';

/**
 * `POST /api/risks/` (create flags 403, field errors 400) and `PATCH /api/risks/{id}/` (each field
 * behind its edit flag: 403 names the first refused and nothing changes); both enter the history.
 */
export function riskWriteRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.post('/risks/', requireObjectBody, (req, res) => {
    createRisk(db, res, req.body as Record<string, unknown>);
  });

  router.patch('/risks/:id/', requireObjectBody, (req, res) => {
    const access = visibleRisk(db, req, res);
    if (!access) return;
    const { risk, persona, state } = access;
    const body = req.body as Record<string, unknown>;
    const permissions = riskPermissions(persona, risk);
    const fields = Object.keys(body).filter((field): field is RiskEditableField =>
      (RISK_EDITABLE_FIELDS as readonly string[]).includes(field),
    );
    const refused = fields.find((field) => {
      const flag = FIELD_PERMISSIONS[risk.kind][field];
      return flag === null || !permissions.includes(flag);
    });
    if (refused) {
      drf.forbidden(res, `You may not edit "${refused}".`);
      return;
    }
    const errors = new FieldErrors();
    const changes = validateFields(state, risk.kind, body, errors, false);
    if (rejected(res, errors)) return;
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
    res.json(riskBody(persona, risk));
  });

  return router;
}

/**
 * Creates the risk `body` describes for the signed-in persona and answers 201 with it: 403 without
 * the create flag, 400 with every field error. `alsoInState` runs in the same write (a draft's
 * create route deletes the draft there).
 */
export function createRisk(
  db: MockDb,
  res: Response,
  body: Record<string, unknown>,
  alsoInState: (state: MockState) => void = () => undefined,
): void {
  const { persona } = authOf(res.locals);
  const outcome = validateCreate(db.getState(), persona, body);
  if ('forbidden' in outcome) {
    drf.forbidden(res);
    return;
  }
  if ('errors' in outcome) {
    drf.badRequest(res, outcome.errors.toJSON());
    return;
  }
  const { risk } = outcome;
  mutate(db, (state) => {
    risk.id = nextId(state.risks);
    state.risks.push(risk);
    alsoInState(state);
    logChange(state, risk, persona.userId, 'created', '', risk.statement, risk.created_at);
  });
  res.status(201).json(riskBody(persona, risk));
}
