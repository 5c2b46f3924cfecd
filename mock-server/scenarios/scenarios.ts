import { Router, type RequestHandler } from 'express';
import { FieldErrors, drf, requireObjectBody } from '../drf';
import { parseScenario, type ScenarioRegistry } from './registry';

export * from './registry';

/** Applies scenarios and the global latency to every `/api` call. */
export function scenarioMiddleware(registry: ScenarioRegistry, latencyMs: number): RequestHandler {
  return async (req, res, next) => {
    // Mounted under /api: match the full path the client called.
    const scenario = registry.take(req.method, `${req.baseUrl}${req.path}`);
    const delay = latencyMs + (scenario?.delayMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (!scenario) {
      next();
      return;
    }
    if (scenario.networkError) {
      req.socket.destroy();
      return;
    }
    if (scenario.status === undefined) {
      next();
      return;
    }
    if (scenario.status === 204 || scenario.body === undefined) {
      res.status(scenario.status).end();
      return;
    }
    res.status(scenario.status).json(scenario.body);
  };
}

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
