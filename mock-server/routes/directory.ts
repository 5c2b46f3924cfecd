import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import jsonServer from 'json-server';
import type { Paginated } from '../../src/api/contract/drf';
import { drf } from '../drf';
import type { MockDb } from '../store/db';
import type { MockState } from '../seed/seed';

/** Plain read-only resources answered by json-server, in DRF's list and detail shapes. */
const RESOURCES = ['projects', 'accounts'] as const satisfies readonly (keyof MockState)[];
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 1000;

export function directoryRoutes(db: MockDb): Router {
  const jsonRouter = jsonServer.router<MockState>(db);
  jsonRouter.render = renderDrf;

  const router = Router({ strict: true });
  for (const resource of RESOURCES) {
    router.all(
      [`/${resource}/`, `/${resource}/:id/`],
      onlyGet,
      drfQueryToJsonServer,
      (req, res, next) => {
        req.url = req.url.replace(/^\/api/, '').replace(/\/(\?|$)/, '$1');
        jsonRouter(req, res, next);
      },
    );
  }
  return router;
}

const onlyGet: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    drf.methodNotAllowed(req, res);
    return;
  }
  next();
};

/**
 * DRF's `page`, `page_size`, `ordering` and `search` become json-server's `_page`, `_limit`,
 * `_sort`/`_order` and `q`. Express 5 makes `req.query` a getter that json-server cannot
 * rewrite, so it gets a writable copy first.
 */
const drfQueryToJsonServer: RequestHandler = (req, res, next) => {
  const source = req.query as Record<string, unknown>;
  const query: Record<string, unknown> = {};
  const isList = !req.params.id;
  if (isList) {
    const page = source.page === undefined ? 1 : Number(source.page);
    if (!Number.isInteger(page) || page < 1) {
      res.status(404).json({ detail: 'Invalid page.' });
      return;
    }
    const requestedSize = Number(source.page_size);
    const pageSize =
      Number.isInteger(requestedSize) && requestedSize > 0
        ? Math.min(requestedSize, MAX_PAGE_SIZE)
        : DEFAULT_PAGE_SIZE;
    query._page = String(page);
    query._limit = String(pageSize);
    if (typeof source.ordering === 'string' && source.ordering) {
      const fields = source.ordering.split(',').filter(Boolean);
      query._sort = fields.map((field) => field.replace(/^-/, '')).join(',');
      query._order = fields.map((field) => (field.startsWith('-') ? 'desc' : 'asc')).join(',');
    }
    if (typeof source.search === 'string' && source.search.trim()) query.q = source.search.trim();
  }
  Object.defineProperty(req, 'query', {
    value: query,
    writable: true,
    configurable: true,
    enumerable: true,
  });
  // json-server deletes the paging keys it consumed; the renderer needs them afterwards.
  res.locals.page = query._page;
  res.locals.pageSize = query._limit;
  next();
};

function renderDrf(req: Request, res: Response): void {
  const data: unknown = res.locals.data;
  if (res.statusCode === 404) {
    drf.notFound(res);
    return;
  }
  if (!Array.isArray(data)) {
    res.json(data);
    return;
  }
  const count = Number(res.get('X-Total-Count') ?? data.length);
  const page = Number(res.locals.page ?? 1);
  const pageSize = Number(res.locals.pageSize ?? DEFAULT_PAGE_SIZE);
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  if (page > lastPage) {
    res.status(404).json({ detail: 'Invalid page.' });
    return;
  }
  // json-server adds Link and X-Total-Count; DRF puts the same facts in the body.
  res.removeHeader('Link');
  res.removeHeader('X-Total-Count');
  res.removeHeader('Access-Control-Expose-Headers');
  const body: Paginated<unknown> = {
    count,
    next: page < lastPage ? pageUrl(req, page + 1) : null,
    previous: page > 1 ? pageUrl(req, page - 1) : null,
    results: data,
  };
  res.json(body);
}

function pageUrl(req: Request, page: number): string {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}
