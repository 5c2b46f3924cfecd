import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LUCIA } from '../../testing/msw/riskFixtures';
import { signedInWith } from '../../testing/msw/session';
import { urlParams } from '../../testing/renderRoutes';
import {
  giveTableLayout,
  makeIssue,
  makeRisk,
  RAVI,
  renderRisks,
  serveRisks,
  serveScopes,
} from './list/listTesting';
import { answerList } from './list/registerTesting';
import { RISK_SEARCH_DEBOUNCE_MS } from './list/RiskFilterBar';
import { ROW_HEIGHT } from './list/RiskTable';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { onAPhone } from '../../testing/phone';

const ROWS = [
  makeRisk(),
  makeIssue({
    id: 2,
    statement: 'Test environment is down twice a week',
    owner: RAVI,
    labels: ['environments', 'infra'],
    visibility_tags: ['internal'],
    due_date: '2026-11-30',
    created_at: '2026-09-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
  }),
  makeRisk({
    id: 3,
    statement: 'Client may not sign off the design in time',
    status: 'closed',
    resolution: 'resolved',
    probability: 'low',
    impact: 'low',
    rating: 'low',
    labels: [],
    visibility_tags: ['client'],
    due_date: null,
    created_at: '2026-08-01T09:00:00Z',
    updated_at: '2026-09-01T09:00:00Z',
  }),
];

const statements = () =>
  within(screen.getByRole('table', { name: /risks and issues/ }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter(Boolean);

const findList = () => screen.findByRole('table', { name: /risks and issues/ });

beforeAll(() => giveTableLayout());
beforeEach(() =>
  serveScopes([
    { id: 1, name: 'Apollo Portal', level: 'project' },
    { id: 2, name: 'Borealis', level: 'project' },
    { id: 3, name: 'Cassini', level: 'project' },
  ]),
);

describe('risk list', () => {
  it('shows every column of a row in the words of the product, linking to the risk', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    renderRisks('/risks?level=project&scope=1');

    const table = await screen.findByRole('table', {
      name: 'Project risks and issues, newest first',
    });
    // One page of the server's, not the whole register.
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({
      level: 'project',
      scope: '1',
      page: '1',
      page_size: '100',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Kind',
      'Statement',
      'Level / scope',
      'Status',
      'Probability',
      'Impact',
      'Rating',
      'Priority',
      'Severity',
      'Owner',
      'Due',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/risks/1');
    expect(first).toHaveTextContent('Project risk');
    expect(first).toHaveTextContent('Apollo Portal');
    expect(first).toHaveTextContent('Project level');
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Moderate');
    expect(first).toHaveTextContent('Lucia Romero (lromero)');
    expect(first).toHaveTextContent('12/15/2026');
    // Labels and Updated wait in the column picker: the default columns fit 1280 px.
    expect(first).not.toHaveTextContent('staffing');
    expect(second).toHaveTextContent('Project issue');
    expect(second).toHaveTextContent('Ravi Patel (rpatel)');
    expect(third).toHaveTextContent('Closed');
    expect(third).toHaveTextContent('Resolved');
    expect(table).toHaveAttribute('aria-rowcount', '4');
    expect(screen.getByText('3 risks and issues')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Project' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Show columns' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Labels' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Updated' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Kind' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Statement',
      'Level / scope',
      'Status',
      'Probability',
      'Impact',
      'Rating',
      'Priority',
      'Severity',
      'Owner',
      'Due',
      'Labels',
      'Updated',
    ]);
    const shownRow = within(table).getAllByRole('row')[1]!;
    expect(shownRow).toHaveTextContent('staffing');
    expect(shownRow).toHaveTextContent('11/10/2026');
    // The choice is kept on this device.
    expect(JSON.parse(localStorage.getItem('pep.risk-list.hidden-columns') ?? '[]')).toEqual([
      'kind',
    ]);
    await userEvent.keyboard('{Escape}');
  });

  it('restores every filter and the order from a shared link, and asks the server for them', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    renderRisks(
      '/risks?level=project&scope=1&kind=risk&status=open&probability=moderate&impact=high' +
        '&owner=8&tag=steering&label=staffing&due_before=2026-12-31&search=developer' +
        '&ordering=-due_date&bogus=1',
    );
    await findList();
    expect(screen.getByLabelText('Risk or issue')).toHaveValue('risk');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(screen.getByLabelText('Probability')).toHaveValue('moderate');
    expect(screen.getByLabelText('Impact')).toHaveValue('high');
    expect(screen.getByLabelText('Owner')).toHaveValue(String(LUCIA.id));
    expect(screen.getByLabelText('Visibility tag')).toHaveValue('steering');
    expect(screen.getByLabelText('Label')).toHaveValue('staffing');
    expect(screen.getByLabelText('Due on or before')).toHaveValue('12/31/2026');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('developer');
    expect(screen.getByRole('columnheader', { name: /Due/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('1 risk or issue')).toBeInTheDocument();
    expect(statements()).toEqual(['Key developer may leave before the release']);
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      level: 'project',
      scope: '1',
      kind: 'risk',
      status: 'open',
      probability: 'moderate',
      impact: 'high',
      owner: '8',
      tag: 'steering',
      label: 'staffing',
      due_before: '2026-12-31',
      search: 'developer',
      ordering: '-due_date',
      page: '1',
      page_size: '100',
    });
  });

  it('shows and asks for the action-item filters of a link from My work, and clears them on reset', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks(
      `/risks?level=project&action_owner=${LUCIA.id}&action_due_before=2026-12-05`,
    );
    await findList();
    expect(screen.getByLabelText('Action items owned by')).toHaveValue(String(LUCIA.id));
    expect(screen.getByLabelText('Action items due on or before')).toHaveValue('12/05/2026');
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toMatchObject({
      level: 'project',
      action_owner: String(LUCIA.id),
      action_due_before: '2026-12-05',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ level: 'project' }));
    // Without them in the URL, the form does not offer them.
    expect(screen.queryByLabelText('Action items owned by')).toBeNull();
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    await findList();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await userEvent.type(search, 'infra');
    await waitFor(() => expect(statements()).toEqual(['Test environment is down twice a week']));
    expect(urlParams(router).search).toBe('infra');
    // One question for the word, not one a key.
    expect(seen.filter((url) => url.searchParams.has('search'))).toHaveLength(1);

    await userEvent.clear(search);
    await userEvent.type(search, 'lromero sign');
    await waitFor(() =>
      expect(statements()).toEqual(['Client may not sign off the design in time']),
    );
    expect(urlParams(router).search).toBe('lromero sign');
    expect(screen.getByText('1 risk or issue')).toHaveAttribute('data-search', 'lromero sign');
  });

  it('asks the server once for the list and once for the summary of a typed search', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.searchParams.has('search')) asked.push(`${url.pathname}?${url.search}`);
    };
    server.events.on('request:start', record);
    try {
      renderRisks('/risks?level=project&scope=1&status=open&ordering=-rating');
      await findList();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'infra');
      expect(await screen.findByText('1 risk or issue')).toHaveAttribute('data-search', 'infra');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The search box asks for the first page and the summary as it writes the URL; the list's
      // own hooks find them on their way: one request each, none a key.
      expect(asked.map((url) => url.replace(/\?.*/, '')).sort()).toEqual([
        '/api/risks/',
        '/api/risks/summary/',
      ]);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('never lets a late answer to an older search replace the answer to the newer one', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    let releaseSlow: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    server.use(
      http.get(`${API}/api/risks/`, async ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('search') !== 'key') return undefined;
        await slow;
        return answerList(ROWS, url);
      }),
    );
    renderRisks('/risks?level=project&scope=1');
    await findList();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await userEvent.type(search, 'key');
    await new Promise((resolve) => setTimeout(resolve, RISK_SEARCH_DEBOUNCE_MS + 50));
    await userEvent.clear(search);
    await userEvent.type(search, 'infra');
    await waitFor(() => expect(statements()).toEqual(['Test environment is down twice a week']));
    releaseSlow?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statements()).toEqual(['Test environment is down twice a week']);
    expect(screen.getByText('1 risk or issue')).toBeInTheDocument();
  });

  it('writes each filter to the URL; Reset to default clears them and keeps the scope and order', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1&ordering=statement');
    await findList();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Open');
    // The owners on offer are the scope's, from the server's summary.
    await screen.findByRole('option', { name: 'Ravi Patel (rpatel)' });
    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'Ravi Patel (rpatel)');
    expect(urlParams(router)).toEqual({
      level: 'project',
      scope: '1',
      ordering: 'statement',
      status: 'open',
      owner: '5',
    });
    await waitFor(() => expect(statements()).toEqual(['Test environment is down twice a week']));

    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'Critical');
    expect(await screen.findByText('No risk or issue matches these filters')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Reset to default' })[0]!);
    expect(urlParams(router)).toEqual({ level: 'project', scope: '1', ordering: 'statement' });
    await waitFor(() => expect(statements()).toHaveLength(3));
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('filters by rating and by the first due date, in the URL and on the server', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    await findList();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), 'High');
    expect(urlParams(router)).toEqual({ level: 'project', scope: '1', rating: 'high' });
    // Risk 1 is Moderate × High (High); the issue has no rating, risk 3 is Low.
    await waitFor(() =>
      expect(statements()).toEqual(['Key developer may leave before the release']),
    );
    expect(seen.at(-1)!.searchParams.get('rating')).toBe('high');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), 'Any');
    await userEvent.type(screen.getByLabelText('Due on or after'), '11/30/2026');
    await waitFor(() => expect(urlParams(router).due_after).toBe('2026-11-30'));
    expect(urlParams(router).rating).toBeUndefined();
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('due_after')).toBe('2026-11-30'));
    // Due 12/15/2026 and 11/30/2026 pass; risk 3 has no due date.
    await waitFor(() =>
      expect(statements().sort()).toEqual([
        'Key developer may leave before the release',
        'Test environment is down twice a week',
      ]),
    );

    await userEvent.click(screen.getAllByRole('button', { name: 'Reset to default' })[0]!);
    expect(urlParams(router)).toEqual({ level: 'project', scope: '1' });
  });

  it('restores the rating and the due date from a shared link', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    renderRisks('/risks?level=project&scope=1&rating=high&due_after=2026-01-15');
    await findList();
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('high');
    expect(screen.getByLabelText('Due on or after')).toHaveValue('01/15/2026');
    expect(seen.at(-1)!.searchParams.get('rating')).toBe('high');
    expect(seen.at(-1)!.searchParams.get('due_after')).toBe('2026-01-15');
  });

  it('sorts on a column header by asking the server, with aria-sort; graded columns start at the worst', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    await findList();
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });

    await userEvent.click(within(header(/^Statement/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('statement');
    expect(header(/^Statement/)).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('table', { name: /risks and issues/ })).toHaveAccessibleName(
      'Project risks and issues, sorted by Statement, ascending',
    );
    await waitFor(() =>
      expect(statements()).toEqual([
        'Client may not sign off the design in time',
        'Key developer may leave before the release',
        'Test environment is down twice a week',
      ]),
    );
    expect(seen.at(-1)?.searchParams.get('ordering')).toBe('statement');
    await userEvent.click(within(header(/^Statement/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('-statement');
    expect(header(/^Statement/)).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(header(/^Rating/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('-rating');
    expect(header(/^Statement/)).not.toHaveAttribute('aria-sort');
    // High, then Low, then the issue without a rating.
    await waitFor(() =>
      expect(statements()).toEqual([
        'Key developer may leave before the release',
        'Client may not sign off the design in time',
        'Test environment is down twice a week',
      ]),
    );

    await userEvent.click(within(header(/^Due/)).getByRole('button'));
    await waitFor(() =>
      expect(statements()).toEqual([
        'Test environment is down twice a week',
        'Key developer may leave before the release',
        'Client may not sign off the design in time',
      ]),
    );
  });

  it('scrolls over every row the server counts, fetching only the pages in view and the next', async () => {
    signedInWith([]);
    const seen = serveRisks(
      Array.from({ length: 5000 }, (_, index) =>
        makeRisk({ id: index + 1, statement: `Risk number ${index + 1}` }),
      ),
    );
    renderRisks('/risks?level=project');
    const table = await findList();
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(screen.getByText('5,000 risks and issues')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    // The first page, and the next one ahead of the scroll.
    await waitFor(() =>
      expect(seen.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']),
    );

    // Down to the 2 501st row (newest first: risk 2 500), whose page the list has not read yet.
    const box = screen.getByRole('region', { name: /risks and issues/ });
    Object.defineProperty(box, 'scrollTop', { configurable: true, value: 2500 * ROW_HEIGHT });
    fireEvent.scroll(box);
    expect(await screen.findByRole('rowheader', { name: 'Risk number 2500' })).toBeVisible();
    expect(seen.map((url) => url.searchParams.get('page'))).toContain('26');
    expect(seen.map((url) => url.searchParams.get('page'))).not.toContain('10');
  });

  it('shows an error with a way to try again', async () => {
    signedInWith([]);
    let calls = 0;
    serveRisks((url) =>
      !url.pathname.endsWith('/summary/') && ++calls === 1
        ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
        : ROWS,
    );
    renderRisks('/risks?level=project');
    const message = await screen.findByText('The risks and issues could not be loaded');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findList()).toBeInTheDocument();
  });

  it('says so when a level has no risks yet', async () => {
    signedInWith([]);
    serveRisks([]);
    renderRisks('/risks?level=business_line');
    expect(
      await screen.findByRole('heading', { name: 'No business line risks or issues here yet' }),
    ).toBeInTheDocument();
  });

  it('switches level with the page-kind links, dropping the scope', async () => {
    signedInWith(['CAN_CREATE_RISK', 'CAN_CREATE_ISSUE']);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1&status=open');
    await findList();
    expect(await screen.findByRole('link', { name: 'New risk' })).toHaveAttribute(
      'href',
      '/create-risk/project',
    );

    // Duplicates of the project in view…
    expect(screen.getByRole('link', { name: 'Duplicates' })).toHaveAttribute(
      'href',
      '/risks?level=project&scope=1&status=open&view=duplicates',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    // …or of every level when no scope is picked.
    expect(screen.getByRole('link', { name: 'Duplicates' })).toHaveAttribute(
      'href',
      '/risks?status=open&view=duplicates',
    );
    expect(urlParams(router)).toEqual({ level: 'account', status: 'open' });
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('level')).toBe('account'));
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    // Creating at account level needs its own flag.
    expect(screen.queryByRole('link', { name: 'New risk' })).not.toBeInTheDocument();
  });

  it('picks a scope by searching for it, or all of them', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    const picker = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(picker).toHaveValue('Apollo Portal'));

    await userEvent.clear(picker);
    await userEvent.type(picker, 'bor');
    await userEvent.click(await screen.findByRole('option', { name: 'Borealis' }));
    expect(urlParams(router)).toEqual({ level: 'project', scope: '2' });

    await userEvent.click(picker);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(urlParams(router)).toEqual({ level: 'project' });
    expect(picker).toHaveValue('All projects');
  });

  it('opens a link that names a project and a check on that project, created during the check', async () => {
    signedInWith([]);
    const seen = serveRisks(
      ROWS.map((risk) => ({ ...risk, poll_id: 7, scope: { ...risk.scope, id: 3 } })),
    );
    const { router } = renderRisks('/risks?project=3&poll=7');
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ level: 'project', scope: '3', poll: '7' }),
    );
    await findList();
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      level: 'project',
      scope: '3',
      poll: '7',
      page: '1',
      page_size: '100',
    });
    expect(screen.getByText(/created during check 7/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(urlParams(router)).toEqual({ level: 'project', scope: '3' });
  });
});

describe('risk list on a phone', () => {
  beforeEach(() => onAPhone());
  afterEach(() => vi.unstubAllGlobals());

  const chips = () =>
    within(screen.getByRole('list', { name: 'Filters in force' }))
      .getAllByRole('listitem')
      .map((chip) => chip.textContent);

  it('keeps the form behind a Filters button and shows the URL filters as chips, each removable', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const { router } = renderRisks(
      '/risks?level=project&scope=1&status=open&owner=5&due_before=2026-12-31&search=infra',
    );
    await findList();
    expect(screen.queryByRole('search', { name: 'Filter risks and issues' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters, 4 in force' })).toBeVisible();
    await waitFor(() =>
      expect(chips()).toEqual([
        'Search: infra',
        'Status: Open',
        'Owner: Ravi Patel (rpatel)',
        'Due on or before: 12/31/2026',
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Status: Open' }));
    await waitFor(() =>
      expect(urlParams(router)).toEqual({
        level: 'project',
        scope: '1',
        owner: '5',
        due_before: '2026-12-31',
        search: 'infra',
      }),
    );
    expect(chips()).toEqual([
      'Search: infra',
      'Owner: Ravi Patel (rpatel)',
      'Due on or before: 12/31/2026',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Search: infra' }));
    await waitFor(() => expect(urlParams(router).search).toBeUndefined());
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(urlParams(router)).toEqual({ level: 'project', scope: '1' }));
    expect(screen.queryByRole('list', { name: 'Filters in force' })).toBeNull();
  });
});
