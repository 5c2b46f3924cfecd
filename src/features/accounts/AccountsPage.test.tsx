import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountRow } from '../../api/contract/accounts';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import AccountsPage, { readAccountQuery } from './AccountsPage';

const row = (id: number, name: string, line: [number, string], segment: [number, string]) =>
  ({
    id,
    name,
    business_line: { id: line[0], name: line[1] },
    business_segment: { id: segment[0], name: segment[1] },
    delivery_owner: { id: 9, name: 'David Kowalski', login: 'dkowalski' },
    nps_status: 'passive',
    csat_status: 'satisfied',
    projects_count: 3,
    open_risks: 4,
    open_issues: 1,
  }) satisfies AccountRow;

const ROWS = [
  row(18, 'Stanton - Wyman', [8, 'Media'], [4, 'Retail and Media']),
  row(2, 'Gutmann LLC', [2, 'Insurance'], [1, 'Financial Services']),
];

/** Serves the list and its filters; returns the queries the list was asked with. */
function serve(rows: AccountRow[] = ROWS) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/api/accounts/overview/`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(page(rows));
    }),
    http.get(`${API}/api/business-segments/`, () =>
      HttpResponse.json([
        { id: 1, name: 'Financial Services' },
        { id: 4, name: 'Retail and Media' },
      ]),
    ),
    http.get(`${API}/api/business-lines/`, () =>
      HttpResponse.json([
        { id: 2, name: 'Insurance', segment_id: 1 },
        { id: 8, name: 'Media', segment_id: 4 },
      ]),
    ),
  );
  return queries;
}

const renderPage = (path = '/accounts') =>
  renderRoutes([{ path: '/accounts', element: <AccountsPage /> }], path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readAccountQuery', () => {
  it('reads search, filters, order and page, leaving out what is not valid', () => {
    expect(
      readAccountQuery(new URLSearchParams('search= acme &segment=2&line=x&ordering=-name&page=3')),
    ).toEqual({ page_size: 20, search: 'acme', segment: 2, ordering: '-name', page: 3 });
    expect(readAccountQuery(new URLSearchParams('ordering=budget&page=1'))).toEqual({
      page_size: 20,
      ordering: 'name',
    });
  });
});

describe('the accounts list', { timeout: 15_000 }, () => {
  it('shows each account with its place, owner, statuses and counts, linking to its page', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB', 'CAN_VIEW_BUSINESS_LINE_TAB']);
    serve();
    renderPage();
    const link = await screen.findByRole('link', { name: 'Stanton - Wyman' });
    expect(link).toHaveAttribute('href', '/accounts/18');
    expect(screen.getByRole('link', { name: 'Media' })).toHaveAttribute(
      'href',
      '/accounts/business-lines/8',
    );
    // No segment flag: the segment is a name only.
    expect(screen.queryByRole('link', { name: 'Retail and Media' })).toBeNull();
    expect(screen.getAllByText('David Kowalski (dkowalski)')).toHaveLength(2);
    expect(screen.getAllByText('Passive')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 accounts');
  });

  it('lists each account as a card on a phone, its name first, the sort by name at hand', async () => {
    onAPhone();
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Accounts, sorted by Name' });
    const [, stanton] = within(table).getAllByRole('row');
    const cells = [...stanton!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Stanton - Wyman',
      'Business lineMedia',
      'Business segmentRetail and Media',
      'Delivery ownerDavid Kowalski (dkowalski)',
      'NPSPassive',
      'CSATSatisfied',
      'Projects3',
      'All open risks4',
      'All open issues1',
    ]);
    expect(screen.getByRole('button', { name: 'Name' })).toBeInTheDocument();
  });

  it('searches by name, filters by segment and line, and sorts by name through the URL', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    const queries = serve();
    const { router } = renderPage('/accounts?line=8');
    await screen.findByRole('link', { name: 'Stanton - Wyman' });
    expect(queries.at(-1)).toMatchObject({ line: '8', ordering: 'name' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'stan');
    await waitFor(() => expect(urlParams(router)).toMatchObject({ search: 'stan' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'stan' }));

    // A new segment clears the line that sat in another one.
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Business segment' }),
      'Financial Services',
    );
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'stan', segment: '1' }));
    const lineOptions = screen
      .getAllByRole('option')
      .filter((option) => option.closest('select')?.id === 'accounts-line')
      .map((option) => option.textContent);
    expect(lineOptions).toEqual(['Any line', 'Insurance']);

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(urlParams(router)).toMatchObject({ ordering: '-name' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ ordering: '-name' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: '-name' }));
  });

  it('says when no account matches, with a reset', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    serve([]);
    const { router } = renderPage('/accounts?search=zzz');
    expect(await screen.findByText('No account matches these filters')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' }).at(-1)!);
    await waitFor(() => expect(urlParams(router)).toEqual({}));
  });

  it('offers Try again when the list fails', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    serve();
    let calls = 0;
    server.use(
      http.get(`${API}/api/accounts/overview/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
          : HttpResponse.json(page(ROWS));
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Stanton - Wyman' })).toBeVisible();
  });
});
