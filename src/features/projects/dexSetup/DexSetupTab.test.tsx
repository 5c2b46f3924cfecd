import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEX_PRACTICE_CODES } from '../../../api/contract/dexSetup';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { failUntilAllowed } from '../../../testing/msw/failUntilAllowed';
import { recordJson } from '../../../testing/msw/recordJson';
import { renderRoute } from '../../../testing/renderRoutes';
import DexSetupTab, { DEX_SAVED } from './DexSetupTab';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), on Saturday, November 28,
 * 2026: the seed's project 2 has its scope saved by Omar Haddad on 09/01/2026, Priya Nair owning
 * what is in scope from 2026-09; it asks for one check, four targets and two checklists, the
 * Release readiness checklist not issued yet.
 */
const PROJECT = { id: 2, name: 'Tasty Gloves microchip' } as ProjectDetail;
const PATH = '/api/projects/2/dex-setup/';

beforeEach(async () => {
  // The clock first: the seed of that day, whatever day the tests run on.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
  await useMockBackend('admin');
});
afterEach(() => vi.useRealTimers());

const EDIT = ['CAN_EDIT_DEX_SCOPE_SETUP'];

const renderTab = (permissions: string[]) =>
  renderRoute(
    <>
      <DexSetupTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('DexSetupTab', () => {
  it('reads the scope and what it asks for without the flag', async () => {
    renderTab([]);
    await screen.findByRole('table', { name: 'DEX scope of Tasty Gloves microchip' });
    expect(screen.getByText(/Saved by Omar Haddad \(ohaddad\) on 09\/01\/2026/)).toHaveTextContent(
      'Read-only for you.',
    );
    expect(rowOf('Audit')).toHaveTextContent(
      'AuditOut of scopeAudits are planned by the quality office for selected projects only.——',
    );
    expect(rowOf('Health check')).toHaveTextContent(
      'Health checkIn scope—Priya Nair (pnair)Sep 2026',
    );
    expect(rowOf('Self check')).toHaveTextContent(
      'Self checkOut of scopeThe quarterly health checks cover it; the client asked for no self checks.——',
    );
    expect(screen.getByText('1 check, 4 targets, 2 checklists; 1 missing.')).toBeVisible();
    const checklists = screen.getByRole('list', { name: 'Checklists asked for' });
    expect(checklists).toHaveTextContent('Release readinessMissingNot issued yet');
    const targets = screen.getByRole('list', { name: 'Targets asked for' });
    expect(targets).toHaveTextContent('Customer satisfaction (CSAT)In placeTarget set for 2026-Q4');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the scope' })).not.toBeInTheDocument();
  });

  it('asks for a reason on the row taken out of scope, then maps the server’s row errors', async () => {
    // The mock accepts any start it offers: the first save is refused here, on one row.
    let calls = 0;
    const bodies = recordJson('put', PATH, () => {
      calls += 1;
      if (calls > 1) return undefined;
      const errors = DEX_PRACTICE_CODES.map((code) =>
        code === 'csat'
          ? { start_period: ['Enter the start as a month, for example 2026-11.'] }
          : {},
      );
      return HttpResponse.json({ practices: errors }, { status: 400 });
    });
    renderTab(EDIT);
    const gate = await screen.findByRole('checkbox', { name: 'In scope: Sprint quality gate' });
    const save = screen.getByRole('button', { name: 'Save the scope' });
    expect(save).toBeDisabled();
    await userEvent.click(gate);
    await userEvent.click(save);
    const reason = screen.getByRole('textbox', { name: 'Reason: Sprint quality gate' });
    expect(
      await within(rowOf('Sprint quality gate')).findByText(
        'Say why this practice is out of scope.',
      ),
    ).toBeVisible();
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await userEvent.click(reason);
    await userEvent.paste('Kanban: no sprints.');
    await userEvent.click(save);
    expect(
      await within(rowOf('Customer satisfaction (CSAT)')).findByText(
        'Enter the start as a month, for example 2026-11.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('combobox', { name: 'Starts: Customer satisfaction (CSAT)' }),
    ).toHaveFocus();
    const sent = (bodies[0] as { practices: Record<string, unknown>[] }).practices;
    expect(sent).toHaveLength(DEX_PRACTICE_CODES.length);
    expect(sent.find((row) => row.code === 'sprint_quality_gate')).toEqual({
      code: 'sprint_quality_gate',
      in_scope: false,
      reason: 'Kanban: no sprints.',
      owner_id: null,
      start_period: null,
    });
    expect(sent.find((row) => row.code === 'health_check')).toMatchObject({
      owner_id: 2,
      start_period: '2026-09',
    });

    await userEvent.click(save);
    expect(await screen.findByText(DEX_SAVED)).toBeVisible();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(screen.queryByRole('list', { name: 'Issued by the last save' })).not.toBeInTheDocument();
    const saved = currentMockBackend()!
      .state()
      .dexSetups.find((setup) => setup.project_id === 2)!;
    expect(saved.practices.find((row) => row.code === 'sprint_quality_gate')).toMatchObject({
      in_scope: false,
      reason: 'Kanban: no sprints.',
    });
    // Sixteen rows of controls, rendered and validated three times: slow on a loaded machine.
  }, 30_000);

  it('says which checklist a save issued, and the asked-for list shows it in place', async () => {
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'In scope: Project kick-off' }),
    );
    const reason = screen.getByRole('textbox', { name: 'Reason: Project kick-off' });
    await userEvent.clear(reason);
    await userEvent.paste('A new phase starts.');
    await userEvent.type(screen.getByRole('combobox', { name: 'Owner: Project kick-off' }), 'Pri');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Priya Nair (pnair)' }, { timeout: 5_000 }),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Starts: Project kick-off' }),
      '2026-09',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save the scope' }));
    expect(await screen.findByRole('list', { name: 'Issued by the last save' })).toHaveTextContent(
      // Due 30 days after today, as the start month is past.
      'Checklist Project kick-off issued to Priya Nair (pnair), due 12/28/2026.',
    );
    expect(
      await within(screen.getByRole('list', { name: 'Checklists asked for' })).findByText(
        'Project kick-off',
      ),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Checklists asked for' })).toHaveTextContent(
      'Project kick-offIn place1 checklist issued, 0 submitted',
    );
    expect(screen.getByText('1 check, 4 targets, 3 checklists; 1 missing.')).toBeVisible();
    // Issued beside the one declined before.
    expect(
      currentMockBackend()!
        .state()
        .checklists.filter(
          (row) => row.project_id === 2 && row.template_name === 'Project kick-off',
        )
        .map(({ state, assignee_id, due_date }) => ({ state, assignee_id, due_date })),
    ).toEqual([
      { state: 'declined', assignee_id: 1, due_date: '2026-11-12' },
      { state: 'available', assignee_id: 2, due_date: '2026-12-28' },
    ]);
  }, 30_000);

  it('says when the setup could not be loaded, and tries again', async () => {
    const load = failUntilAllowed('get', PATH, { status: 404 });
    renderTab(EDIT);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    load.allow();
    await userEvent.click(retry);
    expect(await screen.findByRole('checkbox', { name: 'In scope: Audit' })).not.toBeChecked();
  });
});
