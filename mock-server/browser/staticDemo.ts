import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { createMockRuntime, type MockRuntime } from '../runtime/runtime';
import { MockDb } from '../store/db';
import { buildSeed } from '../seed/seed';
import type { MockState } from '../store/state';
import { answerApiLinksInThePage } from './downloads';
import { openKeyValueDb } from './idb';
import { rawRequestOf, responseOf } from './mswBridge';
import { indexedDbAttachmentStore, IndexedDbStatePersistence, readKept } from './persistence';
import { scenarioControl } from './scenarioControl';

/**
 * The static demo's backend: the mock's areas behind the neutral DRF edge (runtime/), in the
 * visitor's browser, behind MSW's service worker. The state and the uploads persist in IndexedDB
 * (one database per base path), so each visitor has their own data and keeps it across reloads.
 */
export interface StaticDemo {
  /** The kept data was of another schema version and was replaced by the seed. */
  staleDataReset: boolean;
}

export interface StaticDemoOptions {
  /** Every API call waits this long first (the build's MOCK_LATENCY_MS, as the Express demo's). */
  latencyMs?: number;
}

/** The visitor's data (the seed on a first visit) and the runtime in front of it. */
async function openBackend(base: string, latencyMs: number) {
  const kv = await openKeyValueDb(`pep-static-demo:${base}`);
  const kept = await readKept(kv);
  const persistence = new IndexedDbStatePersistence(kv, kept.state);
  const attachments = indexedDbAttachmentStore(kv, kept.attachments);
  const runtime: MockRuntime = createMockRuntime({
    db: new MockDb(persistence, buildSeed),
    attachments,
    latencyMs,
  });
  const scenarios = scenarioControl(
    runtime.scenarios,
    sessionStorage,
    `pep-static-demo:scenarios:${base}`,
  );
  // An answer leaves once what it acknowledges is kept: a reload right after sees it.
  const durable = () =>
    Promise.all([runtime.db.whenDurable(), attachments.whenDurable()]).catch((error: unknown) => {
      console.error('The demo data could not be saved in this browser', error);
    });

  // The tabs of one browser share its data: a tab that kept a write tells the others, which take
  // the kept state in place of theirs (else the next write of a stale tab would undo it).
  const tabs = new BroadcastChannel(`pep-static-demo:${base}`);
  const keptAndTold = async () => {
    await durable();
    tabs.postMessage('changed');
  };
  tabs.onmessage = () => {
    void readKept(kv).then(({ state, attachments: files }) => {
      if (!state) return;
      persistence.adopt(state);
      runtime.db.replace(state as unknown as MockState);
      attachments.adopt(files);
    });
  };
  return { runtime, scenarios, keptAndTold, staleDataReset: persistence.discarded };
}

/**
 * Starts the worker and, at the same time, opens the visitor's data: the worker's handlers wait
 * for the data (a page load pays the longer of the two, not both).
 */
export async function startStaticDemo(
  base: string,
  { latencyMs = 0 }: StaticDemoOptions = {},
): Promise<StaticDemo> {
  const backend = openBackend(base, latencyMs);
  const origin = location.origin;
  const worker = setupWorker(
    http.all(`${origin}/api/*`, async ({ request }) => {
      const { runtime, scenarios, keptAndTold } = await backend;
      const commits = runtime.db.commits;
      const answer = await runtime.handle(await rawRequestOf(request));
      // A scenario that answered counts down its `times`, in this page load and the next.
      scenarios.keep();
      // Only an answer to a write waits for it to be kept; a read answers from memory at once.
      if (runtime.db.commits !== commits) await keptAndTold();
      return responseOf(answer);
    }),
    // The Express demo's reset (the header's "Demo data" control): this visitor's data only.
    http.post(`${origin}/__mock/reset`, async () => {
      const { runtime, scenarios, keptAndTold } = await backend;
      runtime.reset();
      scenarios.keep();
      await keptAndTold();
      return new HttpResponse(null, { status: 204 });
    }),
    // Scenarios and latency at run time, as the Express demo's `/__mock/scenarios`.
    http.all(`${origin}/__mock/scenarios`, async ({ request }) =>
      (await backend).scenarios.answer(request),
    ),
  );
  const [{ staleDataReset }] = await Promise.all([
    backend,
    worker.start({
      serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
      onUnhandledRequest: 'bypass',
      quiet: true,
    }),
  ]);
  answerApiLinksInThePage();
  return { staleDataReset };
}
