import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import ApprovalsPage from './ApprovalsPage';

/**
 * The mock backend answers (src/testing/mockBackend.ts): on each of the twelve canonical projects a
 * profile validation raised by the QC lead waits on `pm`, due two days ago; `qcl` approves an
 * exclusion from KPI on each; `supervisor` approves none.
 */
const renderPage = (path = '/approvals') =>
  renderRoutes([{ path: '/approvals', element: <ApprovalsPage /> }], path);
const table = () => screen.findByRole('table', { name: 'Approvals waiting on you' });

describe('ApprovalsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('as pm', () => {
    beforeEach(() => useMockBackend('pm'));

    it('lists every request waiting on the user across projects, each a link to it on its project', async () => {
      renderPage();
      const rows = within(await table())
        .getAllByRole('row')
        .slice(1);
      const waiting = currentMockBackend()!
        .state()
        .approvalRequests.filter((row) => row.approver_id === 2 && row.state === 'pending');
      expect(rows).toHaveLength(waiting.length);
      expect(waiting.length).toBeGreaterThan(1);
      expect(
        screen.getByText(
          new RegExp(`^${waiting.length} requests wait on your decision, across your projects`),
        ),
      ).toBeVisible();
      const first = waiting.find((row) => row.project_id === 1)!;
      const row = rows.find((candidate) => candidate.textContent?.includes('Handmade Ball panel'))!;
      expect(within(row).getByRole('link', { name: first.subject })).toHaveAttribute(
        'href',
        `/projects/1/approvals?view=mine#approval-${first.id}`,
      );
      expect(within(row).getByText('Profile validation')).toBeVisible();
      expect(within(row).getByText(/^Omar Haddad/)).toBeVisible();
      expect(within(row).getByText('Overdue')).toBeVisible();
    });

    it('filters by project, kind, due date and search through the URL and the server', async () => {
      const queries: string[] = [];
      server.events.on('request:start', ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/approvals/') queries.push(url.search);
      });
      const { router } = renderPage();
      await table();
      await userEvent.selectOptions(screen.getByLabelText('Project'), '1');
      await userEvent.selectOptions(screen.getByLabelText('Due'), 'Overdue');
      await waitFor(() =>
        expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
      );
      expect(urlParams(router)).toEqual({ project: '1', due: 'overdue' });
      expect(screen.getByRole('status')).toHaveTextContent(/^1 of \d+ requests$/);
      // A kind no request of pm's has: nothing matches, and the reset shows them all again.
      await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Budget change');
      expect(await screen.findByText('No request matches the filters')).toBeVisible();
      // The empty list's own reset (the filter bar has one too).
      await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' }).at(-1)!);
      await waitFor(() => expect(urlParams(router)).toEqual({}));
      await userEvent.type(screen.getByRole('searchbox'), 'tasty');
      await waitFor(() => expect(urlParams(router)).toEqual({ search: 'tasty' }));
      await waitFor(() =>
        expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
      );
      expect(screen.getByRole('table')).toHaveTextContent('Tasty Gloves microchip');
      expect(queries).toContain('?project=1&kind=budget_change&due=overdue');
      expect(queries).toContain('?search=tasty');
      server.events.removeAllListeners();
    });

    it('keeps the filters behind a Filters button on a phone, with chips of those in force', async () => {
      onAPhone();
      renderPage('/approvals?kind=profile_validation');
      await table();
      const chips = screen.getByRole('list', { name: 'Filters in force' });
      expect(within(chips).getByText('Kind: Profile validation')).toBeVisible();
      expect(screen.queryByLabelText('Kind')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Filters, 1 in force' }));
      expect(within(screen.getByRole('dialog')).getByLabelText('Kind')).toHaveValue(
        'profile_validation',
      );
    });

    it('says when the list could not be loaded', async () => {
      server.use(http.get(`${API}/api/approvals/`, () => HttpResponse.json({}, { status: 500 })));
      renderPage();
      expect(await screen.findByText('The requests could not be loaded')).toBeVisible();
    });
  });

  it('says nothing waits when no request names the user its approver', async () => {
    await useMockBackend('supervisor');
    renderPage();
    expect(await screen.findByText('No approval waits on you')).toBeVisible();
    expect(screen.getByText(/^Nothing waits on your decision/)).toBeVisible();
    // Nothing to narrow: no filters.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
