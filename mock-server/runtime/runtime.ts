import type { AttachmentStore } from '../lib/attachments';
import { createScenarioRegistry, type ScenarioRegistry } from '../scenarios/registry';
import { resetDb, type MockDb } from '../store/db';
import { createNeutralEdge, type RawRequest, type RawResponse } from './edge';
import { areaServices, type ServiceOptions } from './services';

/** The whole mock without a web framework: the store, the areas behind the neutral DRF edge. */
export interface MockRuntime {
  db: MockDb;
  attachments: AttachmentStore;
  scenarios: ScenarioRegistry;
  handle(request: RawRequest): Promise<RawResponse>;
  /** Back to the seed: no upload, no scenario (the Express app's `POST /__mock/reset`). */
  reset(): void;
}

export function createMockRuntime(options: ServiceOptions & { latencyMs?: number }): MockRuntime {
  const services = areaServices(options);
  const scenarios = createScenarioRegistry();
  const edge = createNeutralEdge({ services, scenarios, latencyMs: options.latencyMs });
  return {
    db: services.db,
    attachments: services.attachments,
    scenarios,
    handle: (request) => edge.handle(request),
    reset() {
      resetDb(services.db);
      services.attachments.clear();
      scenarios.clear();
    },
  };
}
