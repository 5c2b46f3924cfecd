import type { Request, Response } from 'express';
import type { Paginated } from '../../src/api/contract/drf';

/** DRF's PageNumberPagination as the backend configures it. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export interface Paging {
  page: number;
  pageSize: number;
}

/** `page` and `page_size` as DRF reads them; an invalid page is null (DRF answers 404). */
export function readPaging(
  query: Record<string, unknown>,
  maxPageSize = MAX_PAGE_SIZE,
): Paging | null {
  const page = query.page === undefined ? 1 : Number(query.page);
  if (!Number.isInteger(page) || page < 1) return null;
  const requested = Number(query.page_size);
  const pageSize =
    Number.isInteger(requested) && requested > 0
      ? Math.min(requested, maxPageSize)
      : DEFAULT_PAGE_SIZE;
  return { page, pageSize };
}

export const invalidPage = (res: Response) => res.status(404).json({ detail: 'Invalid page.' });

/** The `{count, next, previous, results}` body of one page, or null past the last page. */
export function pageBody<T>(
  req: Request,
  count: number,
  results: T[],
  { page, pageSize }: Paging,
): Paginated<T> | null {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  if (page > lastPage) return null;
  return {
    count,
    next: page < lastPage ? pageUrl(req, page + 1) : null,
    previous: page > 1 ? pageUrl(req, page - 1) : null,
    results,
  };
}

/** Sends one page of an in-memory list; a view may allow larger pages (the risk list: 10 000). */
export function sendPage<T>(req: Request, res: Response, items: T[], maxPageSize?: number): void {
  const paging = readPaging(req.query as Record<string, unknown>, maxPageSize);
  const start = paging ? (paging.page - 1) * paging.pageSize : 0;
  const body =
    paging && pageBody(req, items.length, items.slice(start, start + paging.pageSize), paging);
  if (!body) {
    invalidPage(res);
    return;
  }
  res.json(body);
}

function pageUrl(req: Request, page: number): string {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}
