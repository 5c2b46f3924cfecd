import { Router } from 'express';
import { FieldErrors, drf, requireObjectBody } from '../drf';
import { parseScenario, type ScenarioRegistry } from './registry';

export * from './registry';

/** `/__mock/scenarios`: list, add, clear. */
export function scenarioRoutes(registry: ScenarioRegistry): Router {
  const router = Router({ strict: true });
  router.get('/scenarios', (_req, res) => {
    res.json(registry.list());
  });
  router.post('/scenarios', requireObjectBody, (req, res) => {
    const result = parseScenario(req.body as Record<string, unknown>);
    if (result instanceof FieldErrors) {
      drf.badRequest(res, result.toJSON());
      return;
    }
    res.status(201).json(registry.add(result));
  });
  router.delete('/scenarios', (_req, res) => {
    registry.clear();
    res.status(204).end();
  });
  return router;
}
