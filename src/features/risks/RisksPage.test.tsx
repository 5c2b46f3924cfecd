import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const ROWS = [
  makeRisk(),
  makeIssue({
    id: 2,
    statement: 'Test environment is down twice a week',
    owner: RAVI,
    labels: ['environments', 'infra'],
    visibility_tags: ['internal'],
    due_date: '2026-11-30',
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

    const table = await screen.findByRole('table', { name: /Project risks and issues/ });
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({
      level: 'project',
      scope: '1',
      page_size: '10000',
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

  it('restores every filter and the order from a shared link', async () => {
    signedInWith([]);
    serveRisks(ROWS);
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
    expect(screen.getByText('1 of 3 risks and issues')).toBeInTheDocument();
    expect(statements()).toEqual(['Key developer may leave before the release']);
  });

  it('filters on every key typed, by statement, label or owner, and keeps the search in the URL', async () => {
    signedInWith([]);
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    await findList();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await userEvent.type(search, 'infra');
    expect(statements()).toEqual(['Test environment is down twice a week']);
    await waitFor(() => expect(urlParams(router).search).toBe('infra'));

    await userEvent.clear(search);
    await userEvent.type(search, 'lromero');
    expect(statements()).toHaveLength(2);
    await userEvent.type(search, ' sign');
    expect(statements()).toEqual(['Client may not sign off the design in time']);
    await waitFor(() => expect(urlParams(router).search).toBe('lromero sign'));
    // Filtering is the browser's: the rows were fetched once.
    expect(seen).toHaveLength(1);
  });

  it('writes each filter to the URL; Reset to default clears them and keeps the scope and order', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1&ordering=statement');
    await findList();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Open');
    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'Ravi Patel (rpatel)');
    expect(urlParams(router)).toEqual({
      level: 'project',
      scope: '1',
      ordering: 'statement',
      status: 'open',
      owner: '5',
    });
    expect(statements()).toEqual(['Test environment is down twice a week']);

    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'Critical');
    expect(await screen.findByText('No risk or issue matches these filters')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Reset to default' })[0]!);
    expect(urlParams(router)).toEqual({ level: 'project', scope: '1', ordering: 'statement' });
    expect(statements()).toHaveLength(3);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('sorts on a column header, with aria-sort; graded columns start at the worst', async () => {
    signedInWith([]);
    serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project&scope=1');
    await findList();
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });

    await userEvent.click(within(header(/^Statement/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('statement');
    expect(header(/^Statement/)).toHaveAttribute('aria-sort', 'ascending');
    expect(statements()).toEqual([
      'Client may not sign off the design in time',
      'Key developer may leave before the release',
      'Test environment is down twice a week',
    ]);
    await userEvent.click(within(header(/^Statement/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('-statement');
    expect(header(/^Statement/)).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(header(/^Rating/)).getByRole('button'));
    expect(urlParams(router).ordering).toBe('-rating');
    expect(header(/^Statement/)).not.toHaveAttribute('aria-sort');
    // High, then Low, then the issue without a rating.
    expect(statements()).toEqual([
      'Key developer may leave before the release',
      'Client may not sign off the design in time',
      'Test environment is down twice a week',
    ]);

    await userEvent.click(within(header(/^Due/)).getByRole('button'));
    expect(statements()).toEqual([
      'Test environment is down twice a week',
      'Key developer may leave before the release',
      'Client may not sign off the design in time',
    ]);
  });

  it('renders only the rows in view of 5 000, telling assistive technology how many there are', async () => {
    signedInWith([]);
    serveRisks(
      Array.from({ length: 5000 }, (_, index) =>
        makeRisk({ id: index + 1, statement: `Risk number ${index + 1}` }),
      ),
    );
    renderRisks('/risks?level=project');
    const table = await findList();
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
  });

  it('shows an error with a way to try again', async () => {
    signedInWith([]);
    let calls = 0;
    serveRisks(() =>
      ++calls === 1 ? HttpResponse.json({ detail: 'Boom' }, { status: 500 }) : ROWS,
    );
    renderRisks('/risks?level=project');
    const message = await screen.findByText('The risks and issues could not be loaded');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findList()).toBeInTheDocument();
  });

  it('says so when the scope holds more rows than one list loads', async () => {
    signedInWith([]);
    serveRisks(() =>
      HttpResponse.json({ count: 12_345, next: 'http://x/?page=2', previous: null, results: ROWS }),
    );
    renderRisks('/risks?level=project');
    await findList();
    expect(
      screen.getByText(/holds the first 3 of 12,345 risks and issues, the newest/),
    ).toHaveTextContent('Pick a project to see all of its own.');
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
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?project=3&poll=7');
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ level: 'project', scope: '3', poll: '7' }),
    );
    await findList();
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      level: 'project',
      scope: '3',
      poll: '7',
      page_size: '10000',
    });
    expect(screen.getByText(/created during check 7/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(urlParams(router)).toEqual({ level: 'project', scope: '3' });
  });
});
