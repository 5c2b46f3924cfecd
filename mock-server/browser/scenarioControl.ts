import { FieldErrors, objectBodyProblem } from '../lib/drf';
import { parseScenario, type ScenarioRegistry } from '../scenarios/registry';

/**
 * The static demo's `/__mock/scenarios`, as the Express app answers it (GET lists, POST adds, DELETE
 * clears), for the runtime in this page. The scenarios are kept in the tab's session storage, so
 * that they hold across the reloads and navigations of a demo or a test, as the Express demo's hold
 * until cleared; a new tab or another browser starts without any.
 */
export interface ScenarioControl {
  answer(request: Request): Promise<Response>;
  /** Keeps the registry as it is now (after a call took a scenario, counting down its `times`). */
  keep(): void;
}

type KeptStorage = Pick<Storage, 'getItem' | 'setItem'>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export function scenarioControl(
  registry: ScenarioRegistry,
  storage: KeptStorage,
  key: string,
): ScenarioControl {
  // What an earlier page load of this tab left; an unreadable entry is no scenario at all.
  try {
    const kept: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (Array.isArray(kept))
      for (const scenario of kept as Record<string, unknown>[]) {
        const parsed = parseScenario(scenario);
        if (!(parsed instanceof FieldErrors)) registry.add(parsed);
      }
  } catch {
    // Nothing kept.
  }
  let keptText = JSON.stringify(registry.list());
  const keep = () => {
    const text = JSON.stringify(registry.list());
    if (text === keptText) return;
    keptText = text;
    storage.setItem(key, text);
  };

  const add = async (request: Request) => {
    const type = request.headers.get('content-type');
    if (type !== null && !type.startsWith('application/json'))
      return json(415, { detail: `Unsupported media type "${type}" in request.` });
    const text = await request.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return json(400, { detail: 'JSON parse error' });
    }
    const problem = objectBodyProblem(body);
    if (problem) return json(400, problem);
    const result = parseScenario((body ?? {}) as Record<string, unknown>);
    if (result instanceof FieldErrors) return json(400, result.toJSON());
    const added = registry.add(result);
    keep();
    return json(201, added);
  };

  return {
    keep,
    answer(request) {
      switch (request.method.toUpperCase()) {
        case 'GET':
          return Promise.resolve(json(200, registry.list()));
        case 'POST':
          return add(request);
        case 'DELETE':
          registry.clear();
          keep();
          return Promise.resolve(new Response(null, { status: 204 }));
        default:
          return Promise.resolve(json(405, { detail: `Method "${request.method}" not allowed.` }));
      }
    },
  };
}
