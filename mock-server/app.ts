import compression from 'compression';
import express, { Router, type Express, type RequestHandler } from 'express';
import type { TokenService } from './auth/tokens';
import { areaServices } from './runtime/services';
import { createNeutralEdge } from './runtime/edge';
import type { RouteInfo } from './runtime/django';
import { drf, drfErrorHandler } from './drf';
import { contentTypeOf, type AttachmentStore } from './lib/attachments';
import { createAttachmentStore } from './store/attachmentFiles';
import { AREAS } from './areas';
import { jsonServerLists } from './lib/jsonServer';
import { expressEdge } from './lib/express';
import {
  createScenarioRegistry,
  scenarioRoutes,
  type ScenarioRegistry,
} from './scenarios/scenarios';
import { mountSpa, type SpaOptions } from './spa';
import { durableResponses, resetDb, type MockDb } from './store/db';
import { openDb } from './store/openDb';

export interface MockAppOptions {
  /** JSON file the demo state persists to; in memory when absent. */
  dataFile?: string;
  /** Journal size that folds it into a new snapshot (default 8 MB; tests make it small). */
  compactAtBytes?: number;
  /** Check after every write that its journal replays to the state (tests; see MockDbOptions). */
  verifyJournal?: boolean;
  /** Access-token life in seconds (default 300, as simplejwt's default). */
  accessTtlSeconds?: number;
  /** Latency added to every `/api` call. */
  latencyMs?: number;
  jwtSecret?: string;
  /** Extra generated risks in project 1, for the 10 000-row list bench. */
  riskVolume?: number;
  /** Extra generated projects in the portfolio (the 5 000-project bench), never stored. */
  projectVolume?: number;
  /**
   * Accounts the dashboard lists in all: generated ones added to the stored (the 1 000-account
   * bench), never stored; under the stored count, the first of them only.
   */
  accountVolume?: number;
  /** Serve the SPA on the same origin. */
  spa?: SpaOptions;
}

export interface MockContext {
  db: MockDb;
  /** Uploaded attachment bytes, kept beside the JSON state. */
  attachments: AttachmentStore;
  scenarios: ScenarioRegistry;
  tokens: TokenService;
  /** Every route under /api with its methods (for the fuzz test and the 405 answers). */
  routes: () => RouteInfo[];
}

export type MockApp = Express & { mock: MockContext };

/** The mock backend as an Express app that does not listen (tests mount it with supertest). */
export function createMockApp(options: MockAppOptions = {}): MockApp {
  const db = openDb(options.dataFile, {
    compactAtBytes: options.compactAtBytes,
    verify: options.verifyJournal,
  });
  const attachments = createAttachmentStore(options.dataFile);
  const scenarios = createScenarioRegistry();
  const services = areaServices({
    db,
    attachments,
    jwtSecret: options.jwtSecret,
    accessTtlSeconds: options.accessTtlSeconds,
    volume: {
      risks: options.riskVolume,
      projects: options.projectVolume,
      accounts: options.accountVolume,
    },
  });
  const { tokens } = services;
  // The DRF edge and every area's handlers; json-server answers the lists it serves (Area.jsonServer).
  const edge = createNeutralEdge({
    services,
    scenarios,
    latencyMs: options.latencyMs ?? 0,
    delegate: (area) => area.jsonServer !== undefined,
  });

  const app = express() as MockApp;
  app.mock = { db, attachments, scenarios, tokens, routes: () => edge.routes() };
  app.disable('x-powered-by');
  app.set('strict routing', true);
  app.use(compression());
  app.use(durableResponses(db));

  app.use('/__mock', jsonOnly, express.json(), mockControlRoutes(app.mock));

  const api = Router({ strict: true });
  api.use(expressEdge(edge));
  for (const area of AREAS)
    if (area.jsonServer)
      api.use(jsonServerLists(db, area.jsonServer.resources, area.jsonServer.view));
  api.use((_req, res) => {
    drf.notFound(res);
  });
  app.use('/api', api);

  if (options.spa) mountSpa(app, options.spa);
  app.use(drfErrorHandler);
  return app;
}

function mockControlRoutes({ db, attachments, scenarios }: MockContext): Router {
  const router = Router({ strict: true });
  router.post('/reset', (_req, res) => {
    resetDb(db);
    attachments.clear();
    scenarios.clear();
    res.status(204).end();
  });
  router.use(scenarioRoutes(scenarios));
  router.use(outboxRoutes(db, attachments));
  return router;
}

/**
 * The demo's outbox: `GET /__mock/outbox/` lists the e-mails the mock "sent" (an Excel export
 * above the download limit), oldest first, each with the link and size of the file it carries
 * once built (null until then);
 * `GET /__mock/outbox/{id}/attachment` downloads that file. Mock-only: /__mock never reaches the
 * production server (scripts/serve-app.ts).
 */
function outboxRoutes(db: MockDb, attachments: AttachmentStore): Router {
  const router = Router({ strict: true });
  router.get('/outbox/', (_req, res) => {
    res.json(
      db.readState().sentEmails.map((email) => {
        const bytes = email.attachment && attachments.get(email.attachment.id);
        return {
          ...email,
          attachment_size: bytes ? bytes.length : null,
          attachment_url: bytes ? `/__mock/outbox/${email.id}/attachment` : null,
        };
      }),
    );
  });
  router.get('/outbox/:id/attachment', (req, res) => {
    const email = db.readState().sentEmails.find((sent) => String(sent.id) === req.params.id);
    const file = email?.attachment;
    const bytes = file ? attachments.get(file.id) : undefined;
    if (!file || !bytes) {
      drf.notFound(res);
      return;
    }
    res
      .set({
        'Content-Type': contentTypeOf(file.name),
        'Content-Disposition': `attachment; filename="${file.name}"`,
      })
      .send(Buffer.from(bytes));
  });
  return router;
}

/**
 * The demo's control routes take JSON or nothing: a cross-site HTML form (urlencoded, multipart or
 * text/plain) cannot reset the demo or switch its scenarios.
 */
const jsonOnly: RequestHandler = (req, res, next) => {
  const type = req.get('content-type');
  if (req.method !== 'GET' && type !== undefined && !req.is('application/json')) {
    res.status(415).json({ detail: `Unsupported media type "${type}" in request.` });
    return;
  }
  next();
};
