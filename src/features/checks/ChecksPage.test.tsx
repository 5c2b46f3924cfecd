import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSeedFirst, useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { urlParams } from '../../testing/renderRoutes';
import { CHECKS_PAGE_SIZE } from './ChecksPage';
import { askedPolls, renderChecks, servePolls } from './testing';

/**
 * Against the mock backend (src/testing/mockBackend.ts), as the persona each test names. The
 * seed holds 312 checks: Mei Chen (main_expert) and Alex Morgan (admin) see them all, Hannah
 * Becker (auditor) her 12 audits; no check of the seed is marked invalid, so a test that shows one
 * marks it in the mock's state.
 */
buildSeedFirst();

const params = (url: URL) => Object.fromEntries(url.searchParams);

/** Check `id` as the mock holds it, to set a case up (tracked). */
const heldPoll = (backend: MockBackend, id: number) =>
  backend.runtime.db.getState().polls.find((poll) => poll.id === id)!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checks list', () => {
  it('lists each check as a card on a phone, its project first, the sorts over the cards', async () => {
    onAPhone();
    // Hannah's audits, the latest due first: AUD_3, then AUD_178, its review completed.
    const backend = await useMockBackend('auditor');
    heldPoll(backend, 178).is_invalid = true;
    renderChecks('/checks?ordering=-due_date');

    const table = await screen.findByRole('table', {
      name: 'Checks table, sorted by Due, descending',
    });
    const [, tastySalad] = within(table).getAllByRole('row').slice(1);
    const cells = [...tastySalad!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Tasty Salad card Invalid',
      'AccountMante - Bartoletti',
      'TypeAudit check',
      'ModelAudit PM',
      'IndexAUD_178',
      'StatusReview completed',
      'Progress100%',
      'Main expert—',
      'Created11/04/2026',
      'Due12/19/2026',
      'Finished11/19/2026',
    ]);
    expect(screen.getByRole('button', { name: 'Due' })).toBeInTheDocument();
  });

  it('shows the checks with human labels, dates, progress and links to each check', async () => {
    // Mei sees every check (she plans them) and may configure none; the newest first: SC_196,
    // then QHC_147, which is marked invalid here.
    const backend = await useMockBackend('main_expert');
    heldPoll(backend, 147).is_invalid = true;
    renderChecks('/checks');

    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Handcrafted Shoes matrix');
    expect(within(first!).getByRole('link', { name: 'Handcrafted Shoes matrix' })).toHaveAttribute(
      'href',
      '/checks/196',
    );
    expect(first).toHaveTextContent('Self check');
    expect(first).toHaveTextContent('SDO');
    expect(first).toHaveTextContent('Pre-start');
    expect(first).toHaveTextContent('0%');
    expect(first).toHaveTextContent('11/19/2026');
    expect(first).toHaveTextContent('01/03/2027');
    expect(first).not.toHaveTextContent('Invalid');

    expect(
      within(second!).getByRole('link', { name: /Handmade Computer microchip/ }),
    ).toHaveAttribute('href', '/checks/147');
    expect(second).toHaveTextContent('QMO health check');
    expect(second).toHaveTextContent('QMO');
    expect(second).toHaveTextContent('Started');
    expect(second).toHaveTextContent('19%');
    expect(second).toHaveTextContent('Jacqueline Schultz (jschultz)');
    expect(second).toHaveTextContent('11/18/2026');
    expect(second).toHaveTextContent('01/02/2027');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent(
      'Handmade Computer microchip Invalid',
    );

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
    const seen = askedPolls();
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
    const seen = askedPolls();
    const { router } = renderChecks('/checks?waiting=review');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ waiting: 'review', page_size: '25' });
    expect(screen.getByLabelText('Waiting')).toHaveDisplayValue('For me to review');
    await userEvent.selectOptions(screen.getByLabelText('Waiting'), 'For me to answer');
    await waitFor(() => expect(urlParams(router)).toEqual({ waiting: 'answer' }));
  });

  it('sorts by a column header, ascending then descending, with aria-sort', async () => {
    await useMockBackend('admin');
    const seen = askedPolls();
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
    const seen = askedPolls();
    const { router } = renderChecks('/checks');
    await screen.findByRole('table');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'apollo');
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'apollo' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('search')).toBe('apollo'));
    expect(seen.map((url) => url.searchParams.get('search'))).toEqual([null, 'apollo']);
  });

  it('shows the list a shared link describes', async () => {
    // The seed's finished health checks of an account with "an" in its name: 29, two pages.
    await useMockBackend('admin');
    const seen = askedPolls();
    renderChecks(
      '/checks?status=finished&type=health_check&account=an&search=hc&ordering=-progress&page=2&bogus=1',
    );
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({
      status: 'finished',
      type: 'health_check',
      account: 'an',
      search: 'hc',
      ordering: '-progress',
      page: '2',
      page_size: '25',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('finished');
    expect(screen.getByLabelText('Type')).toHaveValue('health_check');
    expect(screen.getByLabelText('Account')).toHaveValue('an');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('hc');
    expect(screen.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('Page 2 of 2 · checks 26–29 of 29')).toBeInTheDocument();
  });

  it('pages with Previous and Next, keeping the filters', async () => {
    // The seed's 39 started checks, as admin sees them: two pages.
    await useMockBackend('admin');
    const seen = askedPolls();
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
    // Mei's first page opens with Handcrafted Shoes matrix (SC_196); Elegant Fish bandwidth
    // (HC_90) is on her second.
    await useMockBackend('main_expert');
    // A slow answer: the second page waits until the test lets the mock answer it.
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    servePolls(async (url) => {
      if (url.searchParams.get('page') === '2') await secondPage;
      return undefined;
    });
    renderChecks('/checks');
    expect(await screen.findByRole('table')).not.toHaveAttribute('aria-busy');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('link', { name: 'Handcrafted Shoes matrix' })).toBeInTheDocument();

    release();
    expect(await screen.findByRole('link', { name: 'Elegant Fish bandwidth' })).toBeInTheDocument();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    expect(
      screen.queryByRole('link', { name: 'Handcrafted Shoes matrix' }),
    ).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and resets them', async () => {
    // None of the three checks of project 3 (Incredible Shirt feed) is canceled.
    await useMockBackend('admin');
    const seen = askedPolls();
    const { router } = renderChecks('/checks?project=3&status=canceled&ordering=index');
    expect(
      await screen.findByRole('heading', { name: 'No check matches these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Project ID')).toHaveValue('3');
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    await userEvent.click(resets.at(-1)!);
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: 'index' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(params(seen.at(-1)!)).toEqual({ ordering: 'index', page_size: '25' });
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Project ID')).toHaveValue('');
  });

  it('says when the user has no checks at all', async () => {
    // Erik, an expert, sees only the checks he takes part in: taken off all six, he has none.
    const backend = await useMockBackend('expert');
    for (const poll of backend.runtime.db.getState().polls)
      poll.participants = poll.participants.filter(
        (participant) => participant.user_id !== backend.user.id,
      );
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
