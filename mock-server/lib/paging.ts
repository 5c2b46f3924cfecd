import type { Request, Response } from 'express';
import { json, Refusal, type MockAnswer, type MockRequest } from './http';
import type { Paginated } from '../../src/api/contract/drf';

/** DRF's PageNumberPagination as the backend configures it. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export interface Paging {
  /** A page number, or 'last' (DRF's last_page_strings) until the count is known. */
  page: number | 'last';
  pageSize: number;
}

/** Python's `int(text)` for a query parameter: digits with an optional sign and blanks around. */
export function pythonInt(value: unknown): number | undefined {
  return typeof value === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(value)
    ? Number(value.replace(/_/g, ''))
    : undefined;
}

/** `page` and `page_size` as DRF reads them; an invalid page is null (DRF answers 404). */
export function readPaging(
  query: Record<string, unknown>,
  maxPageSize = MAX_PAGE_SIZE,
  defaultPageSize = DEFAULT_PAGE_SIZE,
): Paging | null {
  const page =
    query.page === undefined ? 1 : query.page === 'last' ? 'last' : pythonInt(query.page);
  if (page === undefined || (page !== 'last' && page < 1)) return null;
  const requested = pythonInt(query.page_size);
  const pageSize =
    requested !== undefined && requested > 0 ? Math.min(requested, maxPageSize) : defaultPageSize;
  return { page, pageSize };
}

/** DRF's answer to a page number it cannot serve. */
export const INVALID_PAGE: MockAnswer = { status: 404, body: { detail: 'Invalid page.' } };

export const invalidPage = (res: Response) => res.status(404).json(INVALID_PAGE.body);

/** Django's Paginator.num_pages: an empty list still has its first page. */
export const pageCount = (count: number, pageSize: number) =>
  Math.max(1, Math.ceil(count / pageSize));

/** The page number `paging` names once the list's length is known. */
export const pageNumber = ({ page, pageSize }: Paging, count: number): number =>
  page === 'last' ? pageCount(count, pageSize) : page;

/** The `{count, next, previous, results}` body of one page, or null past the last page. */
export function pageBody<T>(
  url: string,
  count: number,
  results: T[],
  paging: Paging,
): Paginated<T> | null {
  const lastPage = pageCount(count, paging.pageSize);
  const page = pageNumber(paging, count);
  if (page > lastPage) return null;
  return {
    count,
    next: page < lastPage ? pageUrl(url, page + 1) : null,
    previous: page > 1 ? pageUrl(url, page - 1) : null,
    results,
  };
}

/**
 * One page of an in-memory list, as the query asks for it; a view may allow larger pages (the risk
 * list: 10 000). A page DRF cannot serve ends the handler with its 404.
 */
export function pageOf<T>(
  req: Pick<MockRequest, 'query' | 'url'>,
  items: T[],
  maxPageSize?: number,
): MockAnswer {
  const paging = readPaging(req.query, maxPageSize);
  const start = paging ? (pageNumber(paging, items.length) - 1) * paging.pageSize : 0;
  const body =
    paging && pageBody(req.url, items.length, items.slice(start, start + paging.pageSize), paging);
  if (!body) throw new Refusal(INVALID_PAGE);
  return json(body);
}

/** The absolute URL of an Express request, as DRF builds its links from it. */
export const urlOf = (req: Request) =>
  `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;

/** pageOf on an Express route (the routes not yet in an area). */
export function sendPage<T>(req: Request, res: Response, items: T[], maxPageSize?: number): void {
  try {
    const answer = pageOf(
      { query: req.query as Record<string, unknown>, url: urlOf(req) },
      items,
      maxPageSize,
    );
    res.json(answer.body);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    res.status(error.answer.status).json(error.answer.body);
  }
}

/**
 * DRF's next/previous link: the request's absolute URI with `page` replaced, or removed for page 1
 * (replace_query_param / remove_query_param: parse_qs keeping blank values, then urlencode of the
 * parameters sorted by name).
 */
export function pageUrl(requestUrl: string, page: number): string {
  const url = new URL(requestUrl);
  const params = new Map<string, string[]>();
  for (const [key, value] of parseQs(url.search.slice(1))) {
    const values = params.get(key);
    if (values) values.push(value);
    else params.set(key, [value]);
  }
  if (page === 1) params.delete('page');
  else params.set('page', [String(page)]);
  const query = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([key, values]) => values.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
    .join('&');
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** Python's parse_qsl(query, keep_blank_values=True): '&'-separated, '+' is a space. */
function parseQs(query: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const [key, value] = at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    pairs.push([unquotePlus(key), unquotePlus(value)]);
  }
  return pairs;
}

function unquotePlus(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Python's quote_plus: only letters, digits and '_.-~' stay as they are; a space is '+'. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
