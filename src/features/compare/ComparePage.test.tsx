import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../testing/msw/handlers';
import { onAPhone } from '../../testing/phone';
import { server } from '../../testing/msw/server';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import ComparePage from './ComparePage';
import { COMPARABLE, serveComparison } from './testing';

const renderCompare = (path: string) =>
  renderRoutes([{ path: '/checks/compare', element: <ComparePage /> }], path);

/** The row of a question in its driver's table. */
const rowOf = (question: string) => screen.getByRole('row', { name: new RegExp(question) });

describe('compare checks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the questions as cards on a phone, the question first, and keeps the counts by driver a table', async () => {
    onAPhone();
    serveComparison();
    renderCompare('/checks/compare?left=7&right=5');
    await screen.findByText('Are risks reviewed monthly?');
    const changed = rowOf('Is the plan agreed with the client?');
    expect(changed).toHaveAttribute('role', 'row');
    expect(changed).toHaveAttribute('data-status', 'changed');
    const [title, left, right, change] = [...changed.children];
    expect(title).toHaveAttribute('role', 'rowheader');
    expect(title).toHaveTextContent('Is the plan agreed with the client?');
    expect(left).toHaveTextContent(/^Health check HC_7/);
    expect(right).toHaveTextContent(/^Health check HC_5/);
    expect(change).toHaveTextContent(/^ChangeChanged/);
    // A matrix of figures: it stays a table that scrolls sideways.
    expect(screen.getByRole('table', { name: 'Changes by driver' })).not.toHaveAttribute('role');
  });

  it('opens on the previous check, names both sides and highlights what changed', async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7');
    await waitFor(() => expect(urlParams(router).right).toBe('5'));
    expect(await screen.findByRole('heading', { name: 'Compare checks', level: 1 })).toBeVisible();
    const thisSide = await screen.findByRole('region', { name: 'This check' });
    expect(thisSide).toHaveTextContent('Health check HC_7');
    expect(thisSide).toHaveTextContent('2026-Q4 · due 12/01/2026');
    expect(screen.getByRole('region', { name: 'Compared with' })).toHaveTextContent(
      'Health check HC_5',
    );

    const changed = rowOf('Is the plan agreed with the client?');
    expect(changed).toHaveAttribute('data-status', 'changed');
    expect(within(changed).getByText('Changed')).toBeVisible();
    expect(within(changed).getByText('Better in HC_7')).toBeVisible();
    // labels from the options, comments shown
    expect(within(changed).getAllByText('Yes')[0]).toBeVisible();
    expect(within(changed).getByText('Signed in the October steering meeting.')).toBeVisible();
    expect(within(rowOf('Are risks reviewed monthly?')).getByText('Same')).toBeVisible();
    expect(within(rowOf('Is there a regression suite?')).getByText('Worse in HC_7')).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(summary).getByText('Questions compared', { selector: 'dt' }).nextSibling,
    ).toHaveTextContent('3');
    expect(within(summary).getByText('Changed', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '2',
    );
    expect(
      within(screen.getByRole('table', { name: 'Changes by driver' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DriverComparedChangedComments changedBetter in HC_7Worse in HC_7',
      'Delivery21010',
      'Quality11001',
    ]);
  });

  it('shows only the changes, in the URL', async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7&right=5');
    await screen.findByText('Are risks reviewed monthly?');
    await userEvent.click(screen.getByRole('radio', { name: 'Only changes (2)' }));
    expect(urlParams(router).only).toBe('changes');
    expect(screen.queryByText('Are risks reviewed monthly?')).not.toBeInTheDocument();
    expect(screen.getByText('Is the plan agreed with the client?')).toBeVisible();
    expect(screen.getByText('Is there a regression suite?')).toBeVisible();
  });

  it('marks a changed comment on a kept answer apart from the changes, counts it and keeps it with them', async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7&right=9');
    await screen.findByText('Reviewed every month since the January audit.');
    const row = rowOf('Are risks reviewed monthly?');
    expect(row).toHaveAttribute('data-status', 'commentChanged');
    expect(within(row).getByText('Comment changed')).toBeVisible();
    expect(within(row).getByText('by Expert')).toBeVisible();
    expect(within(row).queryByText(/Better in|Worse in|^Changed$/)).toBeNull();
    expect(within(rowOf('Is the plan agreed with the client?')).getByText('Same')).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Summary' });
    const figure = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextSibling;
    expect(figure('Changed')).toHaveTextContent('0');
    expect(figure('Comments changed')).toHaveTextContent('1');
    expect(figure('Better in HC_9')).toHaveTextContent('0');
    expect(
      within(screen.getByRole('table', { name: 'Changes by driver' }))
        .getAllByRole('row')
        .map((tableRow) => tableRow.textContent),
    ).toEqual([
      'DriverComparedChangedComments changedBetter in HC_9Worse in HC_9',
      'Delivery20100',
      'Quality10000',
    ]);
    expect(screen.getByText(/· 1 comment changed/)).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: 'Only changes (1)' }));
    expect(urlParams(router).only).toBe('changes');
    expect(screen.getByText('Are risks reviewed monthly?')).toBeVisible();
    expect(screen.queryByText('Is the plan agreed with the client?')).not.toBeInTheDocument();
    expect(screen.queryByText('Is there a regression suite?')).not.toBeInTheDocument();
  });

  it("compares one role's answers, in the URL", async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7&right=5');
    await screen.findByText('Are risks reviewed monthly?');
    await userEvent.click(screen.getByRole('radio', { name: 'Experts' }));
    expect(urlParams(router).who).toBe('experts');
    // The expert kept every answer; the project manager changed two.
    expect(await screen.findByRole('radio', { name: 'Only changes (0)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Project manager' }));
    expect(urlParams(router).who).toBe('pm');
    expect(await screen.findByRole('radio', { name: 'Only changes (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(urlParams(router).who).toBeUndefined();
    expect(screen.getByRole('radio', { name: 'Only changes (2)' })).toBeInTheDocument();
  });

  it('picks another check of the project, newest first, into the URL', async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7&right=5');
    const picker = await screen.findByRole('combobox', { name: 'Other check' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Health check HC_9 · due 03/01/2027',
      'Health check HC_5 · due 06/01/2026 (previous)',
    ]);
    await userEvent.selectOptions(picker, 'Health check HC_9 · due 03/01/2027');
    expect(urlParams(router).right).toBe('9');
    expect(await screen.findByRole('region', { name: 'Compared with' })).toHaveTextContent(
      'Health check HC_9',
    );
    // the same answers on both sides: nothing changed
    expect(within(rowOf('Is the plan agreed with the client?')).getByText('Same')).toBeVisible();
  });

  it("sets the project manager's answers against the experts' in roles mode", async () => {
    serveComparison();
    const { router } = renderCompare('/checks/compare?left=7&right=5');
    await screen.findByText('Are risks reviewed monthly?');
    await userEvent.click(screen.getByRole('radio', { name: 'Project manager and experts' }));
    expect(urlParams(router).mode).toBe('roles');
    expect(urlParams(router).right).toBeUndefined();
    expect(screen.queryByRole('combobox', { name: 'Other check' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Experts' })).toHaveTextContent(
      'Erik Lindqvist, Mei Chen',
    );
    const differs = rowOf('Is the plan agreed with the client?');
    expect(within(differs).getByText('Differs')).toBeVisible();
    expect(within(differs).getByText('Experts rate lower')).toBeVisible();
    expect(within(differs).getByText('Erik Lindqvist (elindqvist)')).toBeVisible();
    expect(within(rowOf('Is there a regression suite?')).getByText('Agrees')).toBeVisible();
  });

  it('opens roles mode at once when the project has no other check', async () => {
    serveComparison({ ...COMPARABLE, checks: [], previous_id: null });
    const { router } = renderCompare('/checks/compare?left=7');
    await waitFor(() => expect(urlParams(router).mode).toBe('roles'));
    await screen.findByText('Is the plan agreed with the client?');
    expect(within(rowOf('Is the plan agreed with the client?')).getByText('Differs')).toBeVisible();
  });

  it('says so when there is nothing to compare with', async () => {
    serveComparison({ ...COMPARABLE, checks: [], previous_id: null, roles: false });
    renderCompare('/checks/compare?left=7');
    expect(
      await screen.findByRole('heading', { name: 'Nothing to compare with yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
      'href',
      '/survey/7/results',
    );
  });

  it('shows the not-found screen for a check the user may not see or whose results are closed', async () => {
    for (const status of [403, 404]) {
      serveComparison();
      server.use(
        http.get(`${API}/api/polls/7/comparable/`, () =>
          HttpResponse.json({ detail: 'Not found.' }, { status }),
        ),
      );
      const { unmount } = renderCompare('/checks/compare?left=7');
      expect(
        await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
      ).toBeVisible();
      unmount();
    }
  });

  it('offers a retry when the results fail to load', async () => {
    serveComparison();
    let calls = 0;
    server.use(
      http.get(`${API}/api/polls/5/results/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Down' }, { status: 500 })
          : HttpResponse.json({ poll_id: 5, status: 'finished', drivers: [] });
      }),
    );
    renderCompare('/checks/compare?left=7&right=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Compared with' })).toBeVisible();
  });
});
