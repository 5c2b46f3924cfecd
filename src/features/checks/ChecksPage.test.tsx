import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { page } from '../../testing/msw/drf';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { urlParams } from '../../testing/renderRoutes';
import { CHECKS_PAGE_SIZE } from './ChecksPage';
import { makePollListItem, renderChecks, servePolls } from './testing';

const ROWS = [
  makePollListItem(),
  makePollListItem({
    id: 2,
    status: 'review_completed',
    type: 'qmo_self_check',
    model: 'soc2_sc',
    index: 'SC_2',
    project: { id: 4, name: 'Borealis' },
    account: { name: 'Globex' },
    main_expert: null,
    progress: 100,
    finished_at: '2026-11-20T09:00:00Z',
    is_invalid: true,
  }),
];

const params = (url: URL) => Object.fromEntries(url.searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checks list', () => {
  it('lists each check as a card on a phone, its project first, the sorts over the cards', async () => {
    onAPhone();
    signedInWith([]);
    servePolls(() => page(ROWS, 2));
    renderChecks('/checks?ordering=-due_date');

    const table = await screen.findByRole('table', {
      name: 'Checks table, sorted by Due, descending',
    });
    const [, borealis] = within(table).getAllByRole('row').slice(1);
    const cells = [...borealis!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Borealis Invalid',
      'AccountGlobex',
      'TypeQMO self check',
      'ModelSOC2 SC',
      'IndexSC_2',
      'StatusReview completed',
      'Progress100%',
      'Main expert—',
      expect.stringMatching(/^Created\d\d\/\d\d\/2026$/),
      expect.stringMatching(/^Due\d\d\/\d\d\/2026$/),
      'Finished11/20/2026',
    ]);
    expect(screen.getByRole('button', { name: 'Due' })).toBeInTheDocument();
  });

  it('shows the checks with human labels, dates, progress and links to each check', async () => {
    signedInWith([]);
    servePolls(() => page(ROWS, 312));
    renderChecks('/checks');

    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Apollo Portal');
    expect(within(first!).getByRole('link', { name: 'Apollo Portal' })).toHaveAttribute(
      'href',
      '/checks/1',
    );
    expect(first).toHaveTextContent('Health check');
    expect(first).toHaveTextContent('SDO');
    expect(first).toHaveTextContent('Started');
    expect(first).toHaveTextContent('40%');
    expect(first).toHaveTextContent('Mei Chen (mchen)');
    expect(first).toHaveTextContent('11/01/2026');
    expect(first).toHaveTextContent('12/01/2026');
    expect(first).not.toHaveTextContent('Invalid');

    expect(second).toHaveTextContent('QMO self check');
    expect(second).toHaveTextContent('SOC2 SC');
    expect(second).toHaveTextContent('Review completed');
    expect(second).toHaveTextContent('11/20/2026');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Borealis Invalid');

    expect(screen.getByText('Page 1 of 13 · checks 1–25 of 312')).toBeInTheDocument();
    expect(
      screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Project',
      'Account',
      'Type',
      'Model',
      'Index',
      'Status',
      'Progress',
      'Main expert',
      'Created',
      'Due',
      'Finished',
    ]);
    expect(screen.getByRole('link', { name: 'Models' })).toHaveAttribute('href', '/checks/models');
    expect(screen.queryByRole('link', { name: 'Configure new check' })).not.toBeInTheDocument();
  });

  it.each(['CAN_CREATE_POLL', 'CAN_CREATE_SELF_CHECK_POLL', 'CAN_CREATE_QMO_HEALTH_CHECK_POLL'])(
    'offers to configure a new check with %s',
    async (permission) => {
      await useMockBackend('admin');
      signedInWith([permission]);
      renderChecks('/checks');
      expect(await screen.findByRole('link', { name: 'Configure new check' })).toHaveAttribute(
        'href',
        '/checks/configure_new',
      );
    },
  );

  it('leads to the views across checks the user may open', async () => {
    await useMockBackend('admin');
    signedInWith(['CAN_VIEW_SUMMARY', 'CAN_VIEW_POLL_OUTCOMES']);
    renderChecks('/checks');
    expect(await screen.findByRole('link', { name: 'Summaries' })).toHaveAttribute(
      'href',
      '/summary',
    );
    expect(screen.getByRole('link', { name: 'Audit outcomes' })).toHaveAttribute(
      'href',
      '/outcomes',
    );
    expect(screen.queryByRole('link', { name: 'Project overviews' })).not.toBeInTheDocument();
  });

  it('keeps a filter in the URL and sends it, back on page 1', async () => {
    await useMockBackend('admin');
    signedInWith([]);
    const seen = servePolls();
    const { router } = renderChecks('/checks?page=2');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ page: '2', page_size: String(CHECKS_PAGE_SIZE) });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Expert review');
    await waitFor(() => expect(urlParams(router)).toEqual({ status: 'expert' }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ status: 'expert', page_size: '25' }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Model'), 'QMO TA');
    await waitFor(() => expect(urlParams(router)).toEqual({ status: 'expert', model: 'qmo_ta' }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ status: 'expert', model: 'qmo_ta', page_size: '25' }),
    );
  });

  it('opens on the checks waiting for the user, as "My work" links to them, and offers the choice', async () => {
    // Samuel supervises check 4, in its supervisor review.
    await useMockBackend('supervisor');
    signedInWith([]);
    const seen = servePolls();
    const { router } = renderChecks('/checks?waiting=review');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ waiting: 'review', page_size: '25' });
    expect(screen.getByLabelText('Waiting')).toHaveDisplayValue('For me to review');
    await userEvent.selectOptions(screen.getByLabelText('Waiting'), 'For me to answer');
    await waitFor(() => expect(urlParams(router)).toEqual({ waiting: 'answer' }));
  });

  it('sorts by a column header, ascending then descending, with aria-sort', async () => {
    await useMockBackend('admin');
    signedInWith([]);
    const seen = servePolls();
    const { router } = renderChecks('/checks');
    await screen.findByRole('table');
    const due = () => screen.getByRole('columnheader', { name: /Due/ });
    expect(due()).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(due()).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: 'due_date' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('ordering')).toBe('due_date'));
    expect(due()).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(due()).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: '-due_date' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('ordering')).toBe('-due_date'));
    expect(due()).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Project/ })).not.toHaveAttribute('aria-sort');
  });

  it('searches 300 ms after the last key, not on every key', async () => {
    await useMockBackend('admin');
    signedInWith([]);
    const seen = servePolls();
    const { router } = renderChecks('/checks');
    await screen.findByRole('table');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'apollo');
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'apollo' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('search')).toBe('apollo'));
    expect(seen.map((url) => url.searchParams.get('search'))).toEqual([null, 'apollo']);
  });

  it('shows the list a shared link describes', async () => {
    signedInWith([]);
    const seen = servePolls(() => page(ROWS, 60));
    renderChecks(
      '/checks?status=started&type=audit_check&project=3&account=Acme&search=hc&ordering=-progress&page=2&bogus=1',
    );
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({
      status: 'started',
      type: 'audit_check',
      project: '3',
      account: 'Acme',
      search: 'hc',
      ordering: '-progress',
      page: '2',
      page_size: '25',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('started');
    expect(screen.getByLabelText('Type')).toHaveValue('audit_check');
    expect(screen.getByLabelText('Project ID')).toHaveValue('3');
    expect(screen.getByLabelText('Account')).toHaveValue('Acme');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('hc');
    expect(screen.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('Page 2 of 3 · checks 26–50 of 60')).toBeInTheDocument();
  });

  it('pages with Previous and Next, keeping the filters', async () => {
    // The seed's 39 started checks, as admin sees them: two pages.
    await useMockBackend('admin');
    signedInWith([]);
    const seen = servePolls();
    const { router } = renderChecks('/checks?status=started');
    expect(await screen.findByText('Page 1 of 2 · checks 1–25 of 39')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ status: 'started', page: '2' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 2 · checks 26–39 of 39')).toBeInTheDocument();
    // The new page is read from its top: the list takes the focus, not the pager at the bottom.
    expect(screen.getByRole('table', { name: /^Checks table/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2 · checks 1–25 of 39')).toBeInTheDocument();
    expect(urlParams(router)).toEqual({ status: 'started' });
  });

  it('keeps the rows on screen, marked busy, while the next page loads', async () => {
    signedInWith([]);
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    servePolls(async (url) => {
      if (url.searchParams.get('page') !== '2') return page(ROWS, 60);
      await secondPage;
      return page([makePollListItem({ id: 9, project: { id: 7, name: 'Cassini' } })], 60);
    });
    renderChecks('/checks');
    expect(await screen.findByRole('table')).not.toHaveAttribute('aria-busy');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('link', { name: 'Borealis' })).toBeInTheDocument();

    release();
    expect(await screen.findByRole('link', { name: 'Cassini' })).toBeInTheDocument();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });

  it('says when nothing matches the filters, and resets them', async () => {
    signedInWith([]);
    const seen = servePolls((url) => (url.searchParams.has('status') ? page([]) : page(ROWS)));
    const { router } = renderChecks('/checks?status=canceled&ordering=index');
    expect(
      await screen.findByRole('heading', { name: 'No check matches these filters' }),
    ).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    await userEvent.click(resets.at(-1)!);
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: 'index' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(params(seen.at(-1)!)).toEqual({ ordering: 'index', page_size: '25' });
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('says when the user has no checks at all', async () => {
    // Every persona who may open the checks takes part in some check or plans them all: an
    // empty list the seed cannot give.
    signedInWith([]);
    servePolls(() => page([]));
    renderChecks('/checks');
    expect(await screen.findByRole('heading', { name: 'No checks yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('shows an error with a retry that loads the list', async () => {
    await useMockBackend('admin');
    signedInWith([]);
    // A failed load: the mock answers the retry.
    const load = failUntilAllowed('get', '/api/polls/');
    renderChecks('/checks');
    const message = await screen.findByText('The checks could not be loaded');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('the models page', () => {
  it('says the models could not be loaded, and Try again loads them', async () => {
    await useMockBackend('admin');
    signedInWith([]);
    // A failed load: the mock answers the retry with its models.
    const models = failUntilAllowed('get', '/api/poll-models/');
    renderChecks('/checks/models');
    const title = await screen.findByRole('heading', { name: 'The models could not be loaded' });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    const before = models.calls();
    models.allow();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Software delivery' }),
    ).toBeVisible();
    expect(models.calls()).toBeGreaterThan(before);
    expect(screen.queryByText('The models could not be loaded')).not.toBeInTheDocument();
  });
});
