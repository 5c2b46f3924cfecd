import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { useMockBackend } from '../../testing/mockBackend';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import AccountsPage, { readAccountQuery } from './AccountsPage';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's 40 accounts; the
 * Media line (8) holds four of them, Stanton - Wyman (18) among them; `signedInWith` narrows the
 * flags the screen sees.
 */
const MEDIA = [
  'Howell - Auer',
  'Huel, Schiller and Heidenreich',
  'Lehner Group',
  'Stanton - Wyman',
];

/** The account names of the list's rows, top to bottom. */
const shownNames = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => within(cell).queryByRole('link')?.textContent ?? cell.textContent);

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
  // The first test of a worker builds the seed (3 s, far more on a loaded machine).
  beforeEach(async () => {
    await useMockBackend('admin');
  }, 30_000);

  it('shows each account with its place, owner, statuses and counts, linking to its page', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB', 'CAN_VIEW_BUSINESS_LINE_TAB']);
    renderPage('/accounts?line=8');
    const link = await screen.findByRole('link', { name: 'Stanton - Wyman' });
    expect(link).toHaveAttribute('href', '/accounts/18');
    expect(shownNames()).toEqual(MEDIA);
    expect(screen.getAllByRole('link', { name: 'Media' })[0]).toHaveAttribute(
      'href',
      '/accounts/business-lines/8',
    );
    // No segment flag: the segment is a name only.
    expect(screen.queryByRole('link', { name: 'Retail and Media' })).toBeNull();
    expect(screen.getByText('David Kowalski (dkowalski)')).toBeVisible();
    // NPS: Lehner Group and Stanton - Wyman are passive.
    expect(screen.getAllByText('Passive')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('4 accounts');
  });

  it('lists each account as a card on a phone, its name first, the sort by name at hand', async () => {
    onAPhone();
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    renderPage('/accounts?line=8');
    const table = await screen.findByRole('table', { name: 'Accounts, sorted by Name' });
    const stanton = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('Stanton - Wyman'));
    const cells = [...stanton!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Stanton - Wyman',
      'Business lineMedia',
      'Business segmentRetail and Media',
      'Delivery ownerDavid Kowalski (dkowalski)',
      'NPSPassive',
      'CSATNeutral',
      'Projects7',
      'All open risks10',
      'All open issues2',
    ]);
    expect(screen.getByRole('button', { name: 'Name' })).toBeInTheDocument();
  });

  it('searches by name, filters by segment and line, and sorts by name through the URL', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    const { router } = renderPage('/accounts?line=8');
    await screen.findByRole('link', { name: 'Stanton - Wyman' });
    expect(shownNames()).toEqual(MEDIA);

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(urlParams(router)).toMatchObject({ ordering: '-name' }));
    await waitFor(() => expect(shownNames()).toEqual([...MEDIA].reverse()));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'stan');
    await waitFor(() => expect(urlParams(router)).toMatchObject({ search: 'stan' }));
    await waitFor(() => expect(shownNames()).toEqual(['Stanton - Wyman']));

    // A new segment clears the line that sat in another one.
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Business segment' }),
      'Financial Services',
    );
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ search: 'stan', segment: '1', ordering: '-name' }),
    );
    const lineOptions = screen
      .getAllByRole('option')
      .filter((option) => option.closest('select')?.id === 'accounts-line')
      .map((option) => option.textContent);
    expect(lineOptions).toEqual(['Any line', 'Banking', 'Insurance']);
    // No account of Financial Services is called "stan…".
    expect(await screen.findByText('No account matches these filters')).toBeVisible();

    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: '-name' }));
  });

  it('says when no account matches, with a reset', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    const { router } = renderPage('/accounts?search=zzz');
    expect(await screen.findByText('No account matches these filters')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' }).at(-1)!);
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(await screen.findByRole('status')).toHaveTextContent('40 accounts');
  });

  it('offers Try again when the list fails', async () => {
    signedInWith(['CAN_VIEW_ACCOUNT_TAB']);
    // The calls fail until the test allows them; the retry goes on to the mock backend.
    const list = failUntilAllowed('get', '/api/accounts/overview/');
    renderPage('/accounts?line=8');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    list.allow();
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Stanton - Wyman' })).toBeVisible();
  });
});
