import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { onAPhone } from '../../testing/phone';
import { recordRequests } from '../../testing/recordRequests';
import { urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { quarterChoices } from '../../shared/lib/today';
import { CHECK_VIEW_PAGE_SIZE, CLAMP_AT } from './CheckViewList';
import { renderViews } from './testing';

/**
 * The mock backend answers as `admin`, who sees every check of the seed (312): on the seed's
 * clock (its findings' due dates are open or overdue against it). Account "Goyette - Connelly"
 * has 11 checks, the latest due HC_239 (Intelligent Gloves sensor) and AUD_3 (Incredible Shirt
 * feed); AUD_10 (Elegant Chips card, Hauck, Schmidt and Kessler) holds the seed's major finding.
 */
let backend: MockBackend;
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('admin');
});

const params = (url: URL) => Object.fromEntries(url.searchParams);
const PAGE_SIZE = String(CHECK_VIEW_PAGE_SIZE);
const summaries = () => recordRequests('/api/check-summaries/');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/overview: the project overviews', () => {
  it('shows each check with its project texts, long ones clamped, each row a link into its check', async () => {
    // The seed writes a long description and notes for the experts for every project: a short
    // text and a project without notes are set up here.
    const details = backend.runtime.db.getState().projectDetails;
    details.find((detail) => detail.project_id === 49)!.expert_description = '';
    Object.assign(
      details.find((detail) => detail.project_id === 3)!,
      {
        description: 'A short text.',
        expert_description: 'Ask for the signed contract.',
      },
    );
    const long = details.find((detail) => detail.project_id === 49)!.description;
    renderViews('/overview?account=Goyette');

    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Project overviews' })).toBeVisible();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Intelligent Gloves sensor' })).toHaveAttribute(
      'href',
      '/survey/239/overview',
    );
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Health check HC_239');
    expect(first).toHaveTextContent('Goyette - Connelly');
    expect(first).toHaveTextContent('SDO');
    expect(first).toHaveTextContent('Started');
    expect(first).toHaveTextContent('12/23/2026');
    expect(first).toHaveTextContent('None.');
    expect(within(second!).getByRole('link', { name: 'Incredible Shirt feed' })).toHaveAttribute(
      'href',
      '/audit-survey/3/overview',
    );
    expect(second).toHaveTextContent('Ask for the signed contract.');
    // A short text needs no button.
    expect(within(second!).queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();

    // The whole long text is in the page; the button opens its clamp and says so.
    expect(long.length).toBeGreaterThan(CLAMP_AT);
    expect(within(first!).getByText(long)).toBeInTheDocument();
    const more = within(first!).getByRole('button', { name: 'Show all' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(first!).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(
      screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Project',
      'Account',
      'Model',
      'Status',
      'Due',
      'About the project',
      'Notes for the experts',
    ]);
    expect(screen.getByText('Page 1 of 1 · 1–11 of 11')).toBeInTheDocument();
  });

  it('tells a user the server refuses which permission the page needs, without filters', async () => {
    // Grace Thompson, a client-side person, has no flag of the views: the mock's 403.
    await useMockBackend('viewer');
    renderViews('/overview');
    expect(
      await screen.findByRole('heading', {
        name: 'The project overviews are not part of your role',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_PROJECT_DETAILS/)).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('/summary: the check summaries', () => {
  it("shows the experts' and the project manager's risk status and summary, linked to the summary step", async () => {
    // No project manager writes a summary in the seed: HC_143's is written here.
    backend.runtime.db.getState().polls.find((poll) => poll.id === 143)!.pms_summary = {
      risk_status: '',
      summary: 'We are on track.',
    };
    renderViews('/summary?search=HC_143');
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Handcrafted Pants program' })).toHaveAttribute(
      'href',
      '/survey/143/summary',
    );
    const [experts, pms] = within(row!).getAllByRole('cell').slice(-2);
    expect(experts).toHaveTextContent(/^Risk status.+Summary.+$/);
    expect(experts).not.toHaveTextContent('Not written yet.');
    expect(pms).toHaveTextContent('Risk statusNot written yet.SummaryWe are on track.');
  });

  it('offers Compare on the rows that have something to compare with, and only there', async () => {
    // The latest due: SC_196 has nothing to compare with, QHC_147 its roles, SC_100 one check.
    renderViews('/summary');
    expect(await screen.findByRole('link', { name: 'Compare Self check SC_100' })).toHaveAttribute(
      'href',
      '/checks/compare?left=100',
    );
    expect(screen.getByRole('link', { name: 'Compare QMO health check QHC_147' })).toHaveAttribute(
      'href',
      '/checks/compare?left=147&mode=roles',
    );
    expect(
      screen.queryByRole('link', { name: 'Compare Self check SC_196' }),
    ).not.toBeInTheDocument();
  });

  it('sends the list a shared link describes, leaving out values it does not know', async () => {
    const seen = summaries();
    renderViews(
      '/summary?search=e&account=e&period=2026-Q4&status=kaput&model=sdo&ordering=-due_date&page=2&bogus=1',
    );
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({
      search: 'e',
      account: 'e',
      period: '2026-Q4',
      model: 'sdo',
      ordering: '-due_date',
      page: '2',
      page_size: PAGE_SIZE,
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('e');
    expect(screen.getByLabelText('Account')).toHaveValue('e');
    expect(screen.getByLabelText('Period (due)')).toHaveValue('2026-Q4');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Model')).toHaveValue('sdo');
    expect(screen.getByRole('columnheader', { name: /Due/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // 28 SDO checks due in the last quarter of 2026 match.
    expect(screen.getByText('Page 2 of 2 · 26–28 of 28')).toBeInTheDocument();
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    const seen = summaries();
    const { router } = renderViews('/summary?search=healthy&status=finished');
    await screen.findByRole('table');
    // No screen-high form above the list: the fields wait in the Filters dialog.
    expect(screen.queryByRole('searchbox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      expect.stringMatching(/^Search: healthy/),
      expect.stringMatching(/^Status: Finished/),
    ]);

    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter Status: Finished' }),
    );
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'healthy' }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ search: 'healthy', page_size: PAGE_SIZE }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Filters, 1 in force' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Model'), 'SDO');
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'healthy', model: 'sdo' }));
  });

  it('leaves out of the call the values of an old link it does not know', async () => {
    const seen = summaries();
    renderViews('/summary?period=2026-Q9&status=open&ordering=password');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ page_size: PAGE_SIZE });
    expect(screen.getByLabelText('Period (due)')).toHaveValue('');
  });

  it('filters by period and status, back on page 1, and searches once the typing stops', async () => {
    const seen = summaries();
    const { router } = renderViews('/summary?page=2');
    await screen.findByRole('table');
    const quarter = quarterChoices()[4]!;

    await userEvent.selectOptions(screen.getByLabelText('Period (due)'), quarter.replace('-', ' '));
    await waitFor(() => expect(urlParams(router)).toEqual({ period: quarter }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ period: quarter, page_size: PAGE_SIZE }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Finished');
    await waitFor(() => expect(urlParams(router)).toEqual({ period: quarter, status: 'finished' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'escalated');
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({
        period: quarter,
        status: 'finished',
        search: 'escalated',
        page_size: PAGE_SIZE,
      }),
    );
    expect(seen.filter((url) => url.searchParams.has('search'))).toHaveLength(1);
  });

  it('says the order the server answers in when the URL names none: the latest due first', async () => {
    renderViews('/summary');
    const table = await screen.findByRole('table', {
      name: 'Check summaries, sorted by Due, descending',
    });
    expect(within(table).getByRole('columnheader', { name: /Due/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    for (const other of ['^Project$', '^Account$', "^Experts' summary$"])
      expect(
        within(table).getByRole('columnheader', { name: new RegExp(other) }),
      ).not.toHaveAttribute('aria-sort');
  });

  it('sorts by a column header, ascending then descending', async () => {
    const seen = summaries();
    const { router } = renderViews('/summary');
    await screen.findByRole('table');
    const account = () => screen.getByRole('columnheader', { name: /Account/ });
    await userEvent.click(within(account()).getByRole('button'));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('ordering')).toBe('account'));
    expect(account()).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(account()).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: '-account' }));
    expect(account()).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages with Next, keeping the filters', async () => {
    const seen = summaries();
    const { router } = renderViews('/summary?status=finished');
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ status: 'finished', page: '2' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('page')).toBe('2'));
    // 103 checks of the seed are finished.
    expect(await screen.findByText('Page 2 of 5 · 26–50 of 103')).toBeInTheDocument();
  });

  it('says when nothing matches the filters, and resets them', async () => {
    const seen = summaries();
    const { router } = renderViews('/summary?account=Nobody&ordering=project');
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' }).at(-1)!);
    await waitFor(() => expect(urlParams(router)).toEqual({ ordering: 'project' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(params(seen.at(-1)!)).toEqual({ ordering: 'project', page_size: PAGE_SIZE });
    expect(screen.getByLabelText('Account')).toHaveValue('');
  });

  it('shows an error with a retry that loads the list', async () => {
    // A 500 the seed cannot produce; once it is over, the mock answers.
    const load = failUntilAllowed('get', '/api/check-summaries/');
    renderViews('/summary');
    const message = await screen.findByText('The check summaries could not be loaded');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('/outcomes: the audit outcomes', () => {
  it('lists each finding as a card on a phone, the finding first, the sorts over the cards', async () => {
    onAPhone();
    renderViews('/outcomes');
    const table = await screen.findByRole('table', { name: 'Audit findings, sorted by Severity' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'No signed change requests for two scope changesElegant Chips card · AUD_10',
      'SeverityMajor finding',
      'DescriptionThe client asked for two reports in September; no change request was signed.',
      expect.stringMatching(/^Corrective actionPriya Nair \(pnair\)due 10\/28\/2026/),
      'ProjectElegant Chips card',
      'AccountHauck, Schmidt and Kessler',
      'StatusReview completed',
      'Due11/05/2026',
    ]);
    expect(within(table).getByRole('button', { name: 'Corrective action' })).toBeInTheDocument();
  });

  it("says the corrective action's column sorts by its due date", async () => {
    renderViews('/outcomes?ordering=action_due_date');
    expect(
      await screen.findByRole('table', {
        name: "Audit findings, sorted by Corrective action's due date",
      }),
    ).toBeInTheDocument();
  });

  it('lists each finding with its severity and corrective action, linked to the audit outcomes', async () => {
    // The most serious first: AUD_10's major finding, overdue on the seed's clock; then AUD_200's
    // minor one, open, and AUD_3's, without an owner.
    renderViews('/outcomes');
    const table = await screen.findByRole('table');
    const [, major, minor, unowned] = within(table).getAllByRole('row');
    expect(
      within(major!).getByRole('link', { name: 'No signed change requests for two scope changes' }),
    ).toHaveAttribute('href', '/audit-survey/10/outcomes');
    expect(major).toHaveTextContent('Major finding');
    expect(major).toHaveTextContent('Priya Nair (pnair)due 10/28/2026 Overdue');
    expect(major).toHaveTextContent('Elegant Chips card · AUD_10');
    expect(major).toHaveTextContent('Review completed');
    expect(minor).toHaveTextContent('Minor finding');
    expect(minor).toHaveTextContent('Amos Bruen (abruen)due 12/19/2026 Open');
    expect(unowned).toHaveTextContent('AUD_3');
    expect(unowned).toHaveTextContent('None');
  });

  it('filters by severity and sorts by the corrective action', async () => {
    const seen = recordRequests('/api/check-outcomes/');
    const { router } = renderViews('/outcomes?severity=critical');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ page_size: PAGE_SIZE });
    await userEvent.selectOptions(screen.getByLabelText('Severity'), 'Major finding');
    await waitFor(() => expect(urlParams(router)).toEqual({ severity: 'major' }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ severity: 'major', page_size: PAGE_SIZE }),
    );
    const action = () => screen.getByRole('columnheader', { name: /Corrective action/ });
    await userEvent.click(within(action()).getByRole('button'));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({
        severity: 'major',
        ordering: 'action_due_date',
        page_size: PAGE_SIZE,
      }),
    );
  });
});
