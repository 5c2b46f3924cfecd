import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import ComparePage from './ComparePage';

/**
 * The mock backend answers as `admin`. The seed's project Sleek Bacon transmitter (8) has two
 * finished SDO health checks: HC_8 (due October 6, 2026) and HC_101 (due June 24, 2026, the
 * previous one), each answered by Priya Nair (project manager), Omar Haddad (QC lead) and two
 * experts — Erik Lindqvist and Mei Chen on HC_8, other experts on HC_101 — so between them every
 * one of the 22 questions changed for someone, and the project manager's answers alone changed
 * on 9 and kept 3 with a changed comment. Project 19's HC_43 has two others: HC_137 (due later)
 * and HC_273 (previous).
 */
const renderCompare = (path: string) =>
  renderRoutes([{ path: '/checks/compare', element: <ComparePage /> }], path);

/** The row of a question in its driver's table. */
const rowOf = (question: string) => screen.getByRole('row', { name: new RegExp(question) });

const PLAN = 'Is there an up-to-date delivery plan agreed with the client?';
const MILESTONES = 'Are milestones tracked against the baseline every week?';
const REVIEWED = 'Is every change reviewed by another engineer before it is merged?';
const REGRESSION = 'Is regression testing automated for the critical paths?';
const STAFFED = 'Is the team fully staffed for the next three months?';
const STRATEGY = 'Is there a test strategy that the client has approved?';
const CRITERIA = 'Are acceptance criteria written for every story in the next two sprints?';

// The first test of a worker builds the seed (3 s, far more on a loaded machine).
beforeEach(async () => {
  await useMockBackend('admin');
}, 30_000);
afterEach(() => vi.unstubAllGlobals());

describe('compare checks', () => {
  it('lists the questions as cards on a phone, the question first, and keeps the counts by driver a table', async () => {
    onAPhone();
    renderCompare('/checks/compare?left=8&right=101');
    await screen.findByText(MILESTONES);
    const changed = rowOf(PLAN);
    expect(changed).toHaveAttribute('role', 'row');
    expect(changed).toHaveAttribute('data-status', 'changed');
    const [title, left, right, change] = [...changed.children];
    expect(title).toHaveAttribute('role', 'rowheader');
    expect(title).toHaveTextContent(PLAN);
    expect(left).toHaveTextContent(/^Health check HC_8/);
    expect(right).toHaveTextContent(/^Health check HC_101/);
    expect(change).toHaveTextContent(/^ChangeChanged/);
    // A matrix of figures: it stays a table that scrolls sideways.
    expect(screen.getByRole('table', { name: 'Changes by driver' })).not.toHaveAttribute('role');
  });

  it('opens on the previous check, names both sides and highlights what changed', async () => {
    const { router } = renderCompare('/checks/compare?left=8');
    await waitFor(() => expect(urlParams(router).right).toBe('101'));
    expect(await screen.findByRole('heading', { name: 'Compare checks', level: 1 })).toBeVisible();
    const thisSide = await screen.findByRole('region', { name: 'This check' });
    expect(thisSide).toHaveTextContent('Health check HC_8');
    expect(thisSide).toHaveTextContent('due 10/06/2026');
    expect(screen.getByRole('region', { name: 'Compared with' })).toHaveTextContent(
      'Health check HC_101',
    );

    // The project manager's answer rose from No to Partially; the experts differ both ways.
    const changed = rowOf(PLAN);
    expect(changed).toHaveAttribute('data-status', 'changed');
    expect(within(changed).getByText('Changed')).toBeVisible();
    expect(within(changed).getByText('Better and worse')).toBeVisible();
    // labels from the options, comments shown
    expect(within(changed).getAllByText('Partially')[0]).toBeVisible();
    expect(
      within(rowOf(REVIEWED)).getByText('Agreed with the client in the last steering meeting.'),
    ).toBeVisible();
    expect(within(rowOf(REVIEWED)).getByText('Better in HC_8')).toBeVisible();
    expect(
      within(
        rowOf('Does every scope change go through an agreed change request process?'),
      ).getByText('Worse in HC_8'),
    ).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(summary).getByText('Questions compared', { selector: 'dt' }).nextSibling,
    ).toHaveTextContent('22');
    expect(within(summary).getByText('Changed', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '22',
    );
    expect(
      within(screen.getByRole('table', { name: 'Changes by driver' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DriverComparedChangedComments changedBetter in HC_8Worse in HC_8',
      'Delivery management44000',
      'Requirements and scope44001',
      'Engineering practices44011',
      'Quality assurance44011',
      'Team and communication33001',
      'Client relationship33010',
    ]);
  });

  it("shows only the changes of the project manager's answers, in the URL", async () => {
    const { router } = renderCompare('/checks/compare?left=8&right=101&who=pm');
    await screen.findByText(MILESTONES);
    expect(within(rowOf(MILESTONES)).getByText('Same')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Only changes (12)' }));
    expect(urlParams(router).only).toBe('changes');
    expect(screen.queryByText(MILESTONES)).not.toBeInTheDocument();
    expect(screen.queryByText(STRATEGY)).not.toBeInTheDocument();
    expect(screen.getByText(PLAN)).toBeVisible();
    expect(screen.getByText(REGRESSION)).toBeVisible();
  });

  it('marks a changed comment on a kept answer apart from the changes, counts it and keeps it with them', async () => {
    const { router } = renderCompare('/checks/compare?left=8&right=101&who=pm');
    await screen.findByText(REGRESSION);
    // Priya Nair kept "Partially" but dropped the comment she wrote on HC_101.
    const row = rowOf(REGRESSION);
    expect(row).toHaveAttribute('data-status', 'commentChanged');
    expect(within(row).getByText('Comment changed')).toBeVisible();
    expect(within(row).getByText('by Project manager')).toBeVisible();
    expect(within(row).queryByText(/Better in|Worse in|^Changed$/)).toBeNull();
    expect(within(rowOf(STAFFED)).getByText('Worse in HC_8')).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Summary' });
    const figure = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextSibling;
    expect(figure('Changed')).toHaveTextContent('9');
    expect(figure('Comments changed')).toHaveTextContent('3');
    expect(figure('Better in HC_8')).toHaveTextContent('2');
    expect(figure('Worse in HC_8')).toHaveTextContent('7');
    expect(
      within(screen.getByRole('table', { name: 'Changes by driver' }))
        .getAllByRole('row')
        .map((tableRow) => tableRow.textContent),
    ).toEqual([
      'DriverComparedChangedComments changedBetter in HC_8Worse in HC_8',
      'Delivery management43012',
      'Requirements and scope32011',
      'Engineering practices32102',
      'Quality assurance20100',
      'Team and communication31001',
      'Client relationship31101',
    ]);
    // one in each of three drivers, under its heading
    expect(screen.getAllByText(/· 1 comment changed/)).toHaveLength(3);

    await userEvent.click(screen.getByRole('radio', { name: 'Only changes (12)' }));
    expect(urlParams(router).only).toBe('changes');
    expect(screen.getByText(REGRESSION)).toBeVisible();
    expect(screen.queryByText(STRATEGY)).not.toBeInTheDocument();
  });

  it("compares one role's answers, in the URL", async () => {
    const { router } = renderCompare('/checks/compare?left=8&right=101');
    await screen.findByText(MILESTONES);
    expect(screen.getByRole('radio', { name: 'Only changes (22)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Experts' }));
    expect(urlParams(router).who).toBe('experts');
    // Other experts answered HC_101: they differ on 20 questions; the project manager on 12.
    expect(await screen.findByRole('radio', { name: 'Only changes (20)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Project manager' }));
    expect(urlParams(router).who).toBe('pm');
    expect(await screen.findByRole('radio', { name: 'Only changes (12)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(urlParams(router).who).toBeUndefined();
    expect(screen.getByRole('radio', { name: 'Only changes (22)' })).toBeInTheDocument();
  });

  it('picks another check of the project, newest first, into the URL', async () => {
    const { router } = renderCompare('/checks/compare?left=43&right=273');
    const picker = await screen.findByRole('combobox', { name: 'Other check' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Health check HC_137 · due 11/08/2026',
      'Health check HC_273 · due 05/16/2025 (previous)',
    ]);
    await userEvent.selectOptions(picker, 'Health check HC_137 · due 11/08/2026');
    expect(urlParams(router).right).toBe('137');
    expect(await screen.findByRole('region', { name: 'Compared with' })).toHaveTextContent(
      'Health check HC_137',
    );
  });

  it("sets the project manager's answers against the experts' in roles mode", async () => {
    const { router } = renderCompare('/checks/compare?left=8&right=101');
    await screen.findByText(MILESTONES);
    await userEvent.click(screen.getByRole('radio', { name: 'Project manager and experts' }));
    expect(urlParams(router).mode).toBe('roles');
    expect(urlParams(router).right).toBeUndefined();
    expect(screen.queryByRole('combobox', { name: 'Other check' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Experts' })).toHaveTextContent(
      'Erik Lindqvist, Mei Chen',
    );
    // Priya Nair says Yes, both experts Partially.
    const differs = rowOf(CRITERIA);
    expect(within(differs).getByText('Differs')).toBeVisible();
    expect(within(differs).getByText('Experts rate lower')).toBeVisible();
    expect(within(differs).getByText('Erik Lindqvist (elindqvist)')).toBeVisible();
    expect(within(rowOf(STRATEGY)).getByText('Agrees')).toBeVisible();
  });

  it('opens roles mode at once when the project has no other check', async () => {
    // QHC_5 is the only SDO quality health check of its project, answered by both roles.
    const { router } = renderCompare('/checks/compare?left=5');
    await waitFor(() => expect(urlParams(router).mode).toBe('roles'));
    expect(await screen.findByRole('region', { name: 'Experts' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Other check' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing to compare with', async () => {
    // AUD_10, an audit of a project without another, has no project manager to set against.
    renderCompare('/checks/compare?left=10');
    expect(
      await screen.findByRole('heading', { name: 'Nothing to compare with yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
      'href',
      '/audit-survey/10/results',
    );
  });

  it('shows the not-found screen for a check the user may not see', async () => {
    // pm is no participant of AUD_3: the mock answers 404.
    await useMockBackend('pm');
    renderCompare('/checks/compare?left=3');
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
  });

  it('shows the not-found screen for a check whose results are closed to the user', async () => {
    // Check 2 is in its expert phase and the expert has not submitted: the mock answers 403.
    await useMockBackend('expert');
    renderCompare('/checks/compare?left=2');
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
  });

  it('offers a retry when the results fail to load', async () => {
    // A 500 the seed cannot give: HC_101's results fail until the test lets them reach the mock.
    const results = failUntilAllowed('get', '/api/polls/101/results/');
    renderCompare('/checks/compare?left=8&right=101');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    results.allow();
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Compared with' })).toBeVisible();
    expect(await screen.findByText(MILESTONES)).toBeVisible();
  });
});
