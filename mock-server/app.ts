import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { Router, type Express, type RequestHandler } from 'express';
import { csrfProtection, requireJwt } from './auth/middleware';
import { createTokenService, type TokenService } from './auth/tokens';
import { drf, drfErrorHandler } from './drf';
import {
  boundedJson,
  canonicalIds,
  methodNotAllowed,
  routeTable,
  urlResolver,
  type RouteInfo,
} from './edge';
import { accountRoutes } from './routes/accounts';
import {
  AGREEMENT_UPLOAD_PATH,
  agreementRoutes,
  signedAgreementFileRoutes,
} from './routes/agreements';
import { authRoutes } from './routes/auth';
import { actionRequestRoutes } from './routes/actionRequests';
import { banner } from './areas/banner/routes';
import { checklists } from './areas/checklists/routes';
import { directoryRoutes } from './routes/directory';
import { calendarRoutes } from './routes/calendar';
import { planning } from './areas/planning/routes';
import { projectVolumeOf } from './lib/projectVolume';
import { pollRoutes } from './routes/polls';
import { checkViewRoutes } from './routes/checkViews';
import { dashboardRoutes } from './routes/dashboard';
import { compareRoutes } from './routes/compare';
import { projectRoutes } from './routes/projects';
import { projectContactRoutes } from './routes/projectContacts';
import { projectTeamRoutes } from './routes/projectTeam';
import { raciRoutes } from './routes/raci';
import { reportRoutes } from './routes/reports';
import { projectActionItemRoutes } from './routes/projectActionItems';
import {
  PROJECT_UPLOAD_PATHS,
  projectAttributeRoutes,
  signedProjectFileRoutes,
} from './routes/projectAttributes';
import { riskActionItemRoutes } from './routes/riskActionItems';
import { riskActionRoutes } from './routes/riskActions';
import { riskCommentRoutes, signedDownloadRoutes } from './routes/riskComments';
import { riskDraftRoutes } from './routes/riskDrafts';
import { riskDuplicateRoutes } from './routes/riskDuplicates';
import { riskRoutes } from './routes/risks';
import { riskWriteRoutes } from './routes/riskWrites';
import { createDownloadSigner } from './risks/downloads';
import { createAttachmentStore, type AttachmentStore } from './risks/files';
import { stats } from './areas/stats/routes';
import type { Area, AreaServices } from './lib/area';
import { expressRouter } from './lib/express';
import { commitmentRoutes } from './routes/commitments';
import { genAi } from './areas/genAi/routes';
import { tools } from './areas/tools/routes';
import { placement } from './areas/placement/routes';
import { caseStudy } from './areas/caseStudy/routes';
import { dexSetup } from './areas/dexSetup/routes';
import {
  METRICS_UPLOAD_PATH,
  metricsApprovalRoutes,
  signedMetricEvidenceRoutes,
} from './routes/metricsApprovals';
import { approvalRoutes } from './routes/approvals';
import { ISO_UPLOAD_PATH, iso9001Routes, signedIsoFileRoutes } from './routes/iso9001';
import { targetRoutes } from './routes/targets';
import { surveyRoutes } from './routes/survey';
import {
  createScenarioRegistry,
  scenarioMiddleware,
  scenarioRoutes,
  type ScenarioRegistry,
} from './scenarios/scenarios';
import { mountSpa, type SpaOptions } from './spa';
import { durableResponses, openDb, resetDb, type MockDb } from './store/db';

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

/** The areas whose routes are framework-neutral, each mounted where the old router was. */
const AREAS: Area[] = [
  banner,
  stats,
  genAi,
  planning,
  checklists,
  tools,
  placement,
  caseStudy,
  dexSetup,
];

const FAKE_AUTH = '/auth/fake-auth/';
const PUBLIC_API = [FAKE_AUTH, '/auth/token/refresh/', '/auth/personas/'];
const DAY = 24 * 60 * 60;

/** The mock backend as an Express app that does not listen (tests mount it with supertest). */
export function createMockApp(options: MockAppOptions = {}): MockApp {
  const db = openDb(options.dataFile, {
    compactAtBytes: options.compactAtBytes,
    verify: options.verifyJournal,
  });
  const attachments = createAttachmentStore(options.dataFile);
  const scenarios = createScenarioRegistry();
  const secret = options.jwtSecret ?? 'pep-mock-secret-not-for-production';
  const tokens = createTokenService({
    accessTtlSeconds: options.accessTtlSeconds ?? 300,
    refreshTtlSeconds: DAY,
    secret,
  });
  const downloads = { attachments, signer: createDownloadSigner(`${secret}:attachments`) };
  const projectFiles = { attachments, signer: createDownloadSigner(`${secret}:project-files`) };
  const agreementFiles = { attachments, signer: createDownloadSigner(`${secret}:agreement-files`) };
  const metricEvidence = { attachments, signer: createDownloadSigner(`${secret}:metric-evidence`) };
  const isoFiles = { attachments, signer: createDownloadSigner(`${secret}:iso-9001-files`) };

  const services: AreaServices = {
    db,
    attachments,
    tokens,
    signer: (name) => createDownloadSigner(`${secret}:${name}`),
    volume: {
      risks: options.riskVolume,
      projects: options.projectVolume,
      accounts: options.accountVolume,
    },
  };
  const volume = projectVolumeOf(services);
  const areaRoutes = new Map(AREAS.map((area) => [area, area.routes(services)]));
  const routesOf = (area: Area) => expressRouter(areaRoutes.get(area)!, 'other');
  const uploadPaths = [...areaRoutes.values()]
    .flat()
    .filter((route) => route.upload)
    .map((route) => new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`));
  /** Comments with attachments, the project card's and checklist items' uploads are multipart. */
  const takesUploads = (path: string) =>
    legacyUploads(path) || uploadPaths.some((pattern) => pattern.test(path));

  const app = express() as MockApp;
  const api = Router({ strict: true });
  app.mock = { db, attachments, scenarios, tokens, routes: () => routeTable(api) };
  app.disable('x-powered-by');
  app.set('strict routing', true);
  app.use(compression());
  app.use(durableResponses(db));

  app.use('/__mock', jsonOnly, express.json(), mockControlRoutes(app.mock));

  api.use(scenarioMiddleware(scenarios, options.latencyMs ?? 0));
  // As Django: the URL is resolved before anything else looks at the request (APPEND_SLASH's 301,
  // the HTML 404 of an unknown path, `Allow` on every answer of a known one).
  api.use(urlResolver(api));
  api.use(canonicalIds);
  api.use(cookieParser());
  // An attachment link a browser follows carries a signature instead of the JWT header.
  api.use(signedDownloadRoutes(db, downloads));
  api.use(signedProjectFileRoutes(db, projectFiles));
  api.use(signedAgreementFileRoutes(db, agreementFiles));
  api.use(signedMetricEvidenceRoutes(db, metricEvidence));
  api.use(signedIsoFileRoutes(db, isoFiles));
  for (const routes of areaRoutes.values()) api.use(expressRouter(routes, 'signed'));
  // As DRF: authentication (the JWT: 401), then CSRF (403), both before the body is parsed, so a
  // caller without credentials learns nothing about the body it sent.
  api.use(requireJwt(tokens, db, PUBLIC_API));
  api.use(csrfProtection([FAKE_AUTH]));
  // As DRF: then a method the resolved view lacks is a 405, and OPTIONS its metadata.
  api.use(
    methodNotAllowed({
      // What a path parses, for DRF's OPTIONS metadata.
      parses: (path) =>
        takesUploads(path) ? ['application/json', 'multipart/form-data'] : ['application/json'],
    }),
  );
  // DRF's JSONParser takes any JSON value (`null`, a string): the serializers refuse what is not
  // an object (requireObjectBody).
  api.use(
    unsupportedMediaType(takesUploads),
    express.json({ limit: '1mb', strict: false }),
    boundedJson,
  );
  api.use(authRoutes(tokens, db));
  api.use(routesOf(banner));
  api.use(routesOf(stats));
  api.use(projectRoutes(db, { volume, signer: projectFiles.signer }));
  api.use(accountRoutes(db));
  api.use(projectTeamRoutes(db));
  api.use(projectContactRoutes(db));
  api.use(raciRoutes(db));
  api.use(targetRoutes(db));
  api.use(commitmentRoutes(db));
  api.use(routesOf(genAi));
  api.use(routesOf(tools));
  api.use(routesOf(placement));
  api.use(routesOf(caseStudy));
  api.use(routesOf(dexSetup));
  api.use(approvalRoutes(db));
  api.use(agreementRoutes(db, agreementFiles));
  api.use(metricsApprovalRoutes(db, metricEvidence));
  api.use(iso9001Routes(db, isoFiles));
  api.use(projectAttributeRoutes(db, projectFiles));
  api.use(projectActionItemRoutes(db));
  api.use(directoryRoutes(db));
  api.use(actionRequestRoutes(db));
  api.use(pollRoutes(db));
  api.use(checkViewRoutes(db));
  api.use(dashboardRoutes(db, { accountVolume: options.accountVolume }));
  api.use(surveyRoutes(db));
  api.use(compareRoutes(db));
  api.use(riskRoutes(db, { riskVolume: options.riskVolume }));
  api.use(riskWriteRoutes(db));
  api.use(riskActionRoutes(db));
  api.use(riskActionItemRoutes(db));
  api.use(riskCommentRoutes(db, downloads));
  api.use(riskDraftRoutes(db));
  api.use(riskDuplicateRoutes(db));
  api.use(routesOf(planning));
  api.use(calendarRoutes(db));
  api.use(routesOf(checklists));
  api.use(reportRoutes(db));
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

/** The uploads of the routes not yet in an area. */
const legacyUploads = (path: string) =>
  /^\/risks\/\d+\/comments\/$/.test(path) ||
  PROJECT_UPLOAD_PATHS.test(path) ||
  AGREEMENT_UPLOAD_PATH.test(path) ||
  METRICS_UPLOAD_PATH.test(path) ||
  ISO_UPLOAD_PATH.test(path);

/** DRF answers 415 to a body that is not JSON (nor multipart where the path takes uploads). */
const unsupportedMediaType =
  (takesUploads: (path: string) => boolean): RequestHandler =>
  (req, res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
    const upload = req.is('multipart/form-data') && takesUploads(req.path);
    if (hasBody && !upload && !req.is('application/json')) {
      res
        .status(415)
        .json({ detail: `Unsupported media type "${req.get('content-type') ?? ''}" in request.` });
      return;
    }
    next();
  };
