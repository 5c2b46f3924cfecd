import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import jsonServer from 'json-server';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import { drf } from '../drf';
import type { MockDb } from '../store/db';
import type { MockState } from '../store/state';
import { invalidPage, pageBody, pageNumber, readPaging, urlOf, type Paging } from './paging';

/**
 * Read-only collections of the store answered by json-server, in DRF's list and detail shapes:
 * `GET /api/{resource}/` and `GET /api/{resource}/{id}/`. json-server is an Express router, so
 * this serves the Express app only; an area that lists through it keeps a framework-neutral twin
 * of the same answers (areas/projects/directory.ts) for the runtimes without Express. `viewOf`
 * gives the collections as the caller may read them.
 */
export function jsonServerLists(
  db: MockDb,
  resources: readonly (keyof MockState)[],
  viewOf: (state: MockState, persona: Persona) => Partial<MockState>,
): Router {
  // json-server keeps its own lowdb over the raw (untracked) state: it only reads.
  const jsonRouter = jsonServer.router<MockState>(db.readState());
  jsonRouter.render = renderDrf;

  const router = Router({ strict: true });
  for (const resource of resources) {
    router.get([`/${resource}/`, `/${resource}/:id/`], drfQueryToJsonServer, (req, res, next) => {
      req.url = req.url.replace(/^\/api/, '').replace(/\/(\?|$)/, '$1');
      // json-server answers synchronously from the state it holds: the caller's own view of it
      // for the length of this request.
      const state = db.readState();
      jsonRouter.db.setState({ ...state, ...viewOf(state, authOf(res.locals).persona) });
      jsonRouter(req, res, next);
    });
  }
  return router;
}

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
    const paging = readPaging(source);
    if (!paging) {
      invalidPage(res);
      return;
    }
    // The last page's number needs the count: json-server then answers the whole list.
    if (paging.page !== 'last') {
      query._page = String(paging.page);
      query._limit = String(paging.pageSize);
    }
    res.locals.paging = paging;
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
  const paging = res.locals.paging as Paging;
  const count = Number(res.get('X-Total-Count') ?? data.length);
  let results = data;
  if (paging.page === 'last') {
    const start = (pageNumber(paging, count) - 1) * paging.pageSize;
    results = data.slice(start, start + paging.pageSize);
  }
  const body = pageBody(urlOf(req), count, results, paging);
  if (!body) {
    invalidPage(res);
    return;
  }
  // json-server adds Link and X-Total-Count; DRF puts the same facts in the body.
  res.removeHeader('Link');
  res.removeHeader('X-Total-Count');
  res.removeHeader('Access-Control-Expose-Headers');
  res.json(body);
}
