import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../testing/msw/drf';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { urlParams } from '../../testing/renderRoutes';
import { quarterChoices } from '../../shared/lib/today';
import { CHECK_VIEW_PAGE_SIZE } from './CheckViewList';
import {
  LONG_TEXT,
  makeOutcomeRow,
  makeOverviewRow,
  makeSummaryRow,
  renderViews,
  serveView,
} from './testing';

const params = (url: URL) => Object.fromEntries(url.searchParams);
const PAGE_SIZE = String(CHECK_VIEW_PAGE_SIZE);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/overview: the project overviews', () => {
  it('shows each check with its project texts, long ones clamped, each row a link into its check', async () => {
    signedInWith([]);
    serveView('check-overviews', () =>
      page([
        makeOverviewRow(),
        makeOverviewRow({
          check: {
            id: 3,
            index: 'AUD_3',
            type: 'audit_check',
            model: 'audit_pm',
            status: 'expert',
            due_date: '2026-12-10',
          },
          project: { id: 4, name: 'Borealis' },
          description: 'A short text.',
          expert_description: 'Ask for the signed contract.',
        }),
      ]),
    );
    renderViews('/overview');

    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Project overviews' })).toBeVisible();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Apollo Portal' })).toHaveAttribute(
      'href',
      '/survey/7/overview',
    );
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Health check HC_7');
    expect(first).toHaveTextContent('Acme');
    expect(first).toHaveTextContent('SDO');
    expect(first).toHaveTextContent('Finished');
    expect(first).toHaveTextContent('11/30/2026');
    expect(first).toHaveTextContent('None.');
    expect(within(second!).getByRole('link', { name: 'Borealis' })).toHaveAttribute(
      'href',
      '/audit-survey/3/overview',
    );
    expect(second).toHaveTextContent('Ask for the signed contract.');
    // A short text needs no button.
    expect(within(second!).queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();

    // The whole long text is in the page; the button opens its clamp and says so.
    expect(within(first!).getByText(LONG_TEXT)).toBeInTheDocument();
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
    expect(screen.getByText('Page 1 of 1 · 1–2 of 2')).toBeInTheDocument();
  });

  it('tells a user the server refuses which permission the page needs, without filters', async () => {
    signedInWith([]);
    serveView('check-overviews', () =>
      HttpResponse.json(
        {
          detail: 'You do not have permission to perform this action (CAN_VIEW_PROJECT_DETAILS).',
        },
        { status: 403 },
      ),
    );
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
    signedInWith([]);
    serveView('check-summaries', () => page([makeSummaryRow()]));
    renderViews('/summary');
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Apollo Portal' })).toHaveAttribute(
      'href',
      '/survey/7/summary',
    );
    const [experts, pms] = within(row!).getAllByRole('cell').slice(-2);
    expect(experts).toHaveTextContent(
      'Risk statusOne high risk on the integration deadline, escalated to the account.SummaryHealthy delivery with a stable team.',
    );
    expect(pms).toHaveTextContent('Risk statusNot written yet.SummaryWe are on track.');
  });

  it('offers Compare on the rows that have something to compare with, and only there', async () => {
    signedInWith([]);
    serveView('check-summaries', () =>
      page([
        makeSummaryRow(),
        makeSummaryRow({
          check: { ...makeSummaryRow().check, id: 8, index: 'SC_8', type: 'self_check' },
          comparable: { checks: 0, roles: true },
        }),
        makeSummaryRow({
          check: { ...makeSummaryRow().check, id: 9, index: 'HC_9' },
          comparable: { checks: 0, roles: false },
        }),
      ]),
    );
    renderViews('/summary');
    expect(await screen.findByRole('link', { name: 'Compare Health check HC_7' })).toHaveAttribute(
      'href',
      '/checks/compare?left=7',
    );
    expect(screen.getByRole('link', { name: 'Compare Self check SC_8' })).toHaveAttribute(
      'href',
      '/checks/compare?left=8&mode=roles',
    );
    expect(
      screen.queryByRole('link', { name: 'Compare Health check HC_9' }),
    ).not.toBeInTheDocument();
  });

  it('sends the list a shared link describes, leaving out values it does not know', async () => {
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()], 60));
    renderViews(
      '/summary?search=escalated&account=Acme&period=2026-Q4&status=finished&model=sdo&ordering=-due_date&page=2&bogus=1',
    );
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({
      search: 'escalated',
      account: 'Acme',
      period: '2026-Q4',
      status: 'finished',
      model: 'sdo',
      ordering: '-due_date',
      page: '2',
      page_size: PAGE_SIZE,
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('escalated');
    expect(screen.getByLabelText('Account')).toHaveValue('Acme');
    expect(screen.getByLabelText('Period (due)')).toHaveValue('2026-Q4');
    expect(screen.getByLabelText('Status')).toHaveValue('finished');
    expect(screen.getByLabelText('Model')).toHaveValue('sdo');
    expect(screen.getByRole('columnheader', { name: /Due/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('Page 2 of 3 · 26–50 of 60')).toBeInTheDocument();
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()]));
    const { router } = renderViews('/summary?search=escalated&status=finished');
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
      expect.stringMatching(/^Search: escalated/),
      expect.stringMatching(/^Status: Finished/),
    ]);

    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter Status: Finished' }),
    );
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'escalated' }));
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ search: 'escalated', page_size: PAGE_SIZE }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Filters, 1 in force' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Model'), 'SDO');
    await waitFor(() => expect(urlParams(router)).toEqual({ search: 'escalated', model: 'sdo' }));
  });

  it('leaves out of the call the values of an old link it does not know', async () => {
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()]));
    renderViews('/summary?period=2026-Q9&status=open&ordering=password');
    await screen.findByRole('table');
    expect(params(seen[0]!)).toEqual({ page_size: PAGE_SIZE });
    expect(screen.getByLabelText('Period (due)')).toHaveValue('');
  });

  it('filters by period and status, back on page 1, and searches once the typing stops', async () => {
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()], 60));
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
    signedInWith([]);
    serveView('check-summaries', () => page([makeSummaryRow()]));
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
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()]));
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
    signedInWith([]);
    const seen = serveView('check-summaries', () => page([makeSummaryRow()], 60));
    const { router } = renderViews('/summary?status=finished');
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ status: 'finished', page: '2' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 3 · 26–50 of 60')).toBeInTheDocument();
  });

  it('says when nothing matches the filters, and resets them', async () => {
    signedInWith([]);
    const seen = serveView('check-summaries', (url) =>
      url.searchParams.has('account') ? page([]) : page([makeSummaryRow()]),
    );
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
    signedInWith([]);
    serveView('check-summaries', () => page([makeSummaryRow()]));
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
    signedInWith([]);
    serveView('check-outcomes', () => page([makeOutcomeRow()]));
    renderViews('/outcomes');
    const table = await screen.findByRole('table', { name: 'Audit findings, sorted by Severity' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'No signed change requests for two scope changesApollo Portal · AUD_10',
      'SeverityMajor finding',
      'DescriptionThe client asked for two reports in September; no change request was signed.',
      expect.stringMatching(/^Corrective actionMei Chen \(mchen\)due 10\/29\/2026/),
      'ProjectApollo Portal',
      'AccountAcme',
      'StatusReview completed',
      'Due10/15/2026',
    ]);
    expect(within(table).getByRole('button', { name: 'Corrective action' })).toBeInTheDocument();
  });

  it('lists each finding with its severity and corrective action, linked to the audit outcomes', async () => {
    signedInWith([]);
    serveView('check-outcomes', () =>
      page([
        makeOutcomeRow({
          finding: { ...makeOutcomeRow().finding, due_date: '2020-01-31' },
        }),
        makeOutcomeRow({
          finding: {
            id: 32,
            title: 'Risk register not reviewed monthly',
            severity: 'minor',
            description: 'Several risks had no update for more than six weeks.',
            owner: { id: 2, name: 'Priya Nair', login: 'pnair' },
            due_date: '2999-01-31',
            done_at: null,
          },
        }),
        makeOutcomeRow({
          finding: {
            id: 33,
            title: 'Lessons learned kept in the wiki',
            severity: 'observation',
            description: 'A good practice to share.',
            owner: null,
            due_date: null,
            done_at: null,
          },
        }),
      ]),
    );
    renderViews('/outcomes');
    const table = await screen.findByRole('table');
    const [, major, minor, observation] = within(table).getAllByRole('row');
    expect(
      within(major!).getByRole('link', { name: 'No signed change requests for two scope changes' }),
    ).toHaveAttribute('href', '/audit-survey/10/outcomes');
    expect(major).toHaveTextContent('Major finding');
    expect(major).toHaveTextContent('Mei Chen (mchen)due 01/31/2020 Overdue');
    expect(major).toHaveTextContent('Apollo Portal · AUD_10');
    expect(major).toHaveTextContent('Review completed');
    expect(minor).toHaveTextContent('Minor finding');
    expect(minor).toHaveTextContent('Priya Nair (pnair)due 01/31/2999 Open');
    expect(observation).toHaveTextContent('Observation');
    expect(observation).toHaveTextContent('None');
  });

  it('filters by severity and sorts by the corrective action', async () => {
    signedInWith([]);
    const seen = serveView('check-outcomes', () => page([makeOutcomeRow()]));
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
