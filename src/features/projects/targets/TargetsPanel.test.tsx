import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import { TARGET_MESSAGES } from './TargetDialogs';
import { TargetsPanel } from './TargetsPanel';
import { TargetsGlance } from './TargetsGlance';
import { periodOf } from '../../../api/contract/targets';
import { ToastContainer } from 'react-toastify';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's project 1 has, for
 * 2026-Q4, CSAT 4.4 against 4.5 (at risk, target 6), defect leakage 5 with no actual yet (target
 * 8), budget variance and on-time delivery as project targets, and gross margin and on-time
 * delivery as the account's targets for the project; and the same four project targets for
 * 2026-Q3.
 */
beforeEach(async () => {
  await useMockBackend('admin');
});
const LIST = `${API}/api/projects/1/targets/`;

/** Project 1's targets as the mock holds them. */
const heldTargets = () =>
  currentMockBackend()!
    .state()
    .targets.filter((held) => held.project_id === 1);

/** The row of the table that names the metric and the period. */
const rowOf = (table: HTMLElement, metric: string, period: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent!.includes(metric) && row.textContent!.includes(period))!;

const renderPanel = (editable: boolean) =>
  renderRoute(
    <>
      <TargetsPanel source={{ project: 1, kind: 'project' }} editable={editable} />
      <ToastContainer />
    </>,
  );

describe('TargetsPanel', () => {
  it("shows the kind's targets with unit, values and status; read-only without the flag", async () => {
    renderPanel(false);
    const table = await screen.findByRole('table', { name: 'Project targets table' });
    const first = rowOf(table, 'Customer satisfaction (CSAT)', '2026-Q4');
    const second = rowOf(table, 'Defect leakage %', '2026-Q4');
    expect(first).toHaveTextContent('Customer satisfaction (CSAT)Higher is better');
    expect(first).toHaveTextContent('2026-Q4');
    expect(first).toHaveTextContent('At risk');
    expect(first).toHaveTextContent('score 1–5');
    expect(second).toHaveTextContent('Defect leakage %Lower is better');
    expect(second).toHaveTextContent('No actual yet');
    expect(second).toHaveTextContent('—');
    // The account's target for the project is in the other list.
    expect(table).not.toHaveTextContent('Gross margin');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps a wrong planned value as typed and says why; sends nothing', async () => {
    const before = heldTargets();
    renderPanel(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add project target' }));
    const dialog = screen.getByRole('dialog', { name: 'Add project target' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'On-time delivery %');
    expect(within(dialog).getByLabelText('Period')).toHaveValue(periodOf(new Date()));
    const planned = within(dialog).getByLabelText('Planned value');
    await userEvent.type(planned, '95,5%');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(await within(dialog).findByText('Enter a number, for example 95 or 4.5.')).toBeVisible();
    expect(planned).toHaveValue('95,5%');
    expect(planned).toHaveFocus();
    expect(planned).toHaveAccessibleDescription(
      'A percentage from 0 to 100; higher is better. Enter a number, for example 95 or 4.5.',
    );
    await userEvent.clear(planned);
    await userEvent.type(planned, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(await within(dialog).findByText('Enter a value from 0 to 100%.')).toBeVisible();
    // Every value wrong at once: each says why, the first in the dialog's order has the focus.
    await userEvent.type(within(dialog).getByLabelText(/^Actual value/), 'n/a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(await within(dialog).findByText('Enter a number, for example 95 or 4.5.')).toBeVisible();
    expect(within(dialog).getByText('Enter a value from 0 to 100%.')).toBeVisible();
    expect(planned).toHaveFocus();
    expect(heldTargets()).toEqual(before);
  });

  it("shows the server's field errors on their fields and keeps the dialog as typed", async () => {
    // The seed's project 1 has a CSAT target for 2026-Q4 already: the mock refuses a second.
    const before = heldTargets();
    renderPanel(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add project target' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'csat');
    const period = within(dialog).getByLabelText('Period');
    await userEvent.clear(period);
    await userEvent.type(period, '2026-Q4');
    await userEvent.type(within(dialog).getByLabelText('Planned value'), '4.6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(
      await within(dialog).findByText(
        'A “Customer satisfaction (CSAT)” target for 2026-Q4 already exists here.',
      ),
    ).toBeVisible();
    expect(period).toHaveFocus();
    expect(within(dialog).getByLabelText('Planned value')).toHaveValue('4.6');
    expect(heldTargets()).toEqual(before);
  });

  it('adds a target with its kind and numbers, says so and closes', async () => {
    renderPanel(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add project target' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'team_attrition');
    await userEvent.type(within(dialog).getByLabelText('Planned value'), '10');
    await userEvent.type(within(dialog).getByLabelText(/Actual value/), ' 12.5 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(await screen.findByText(TARGET_MESSAGES.added)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(heldTargets().filter((held) => held.metric === 'team_attrition')).toEqual([
      expect.objectContaining({
        kind: 'project',
        period: periodOf(new Date()),
        planned: 10,
        actual: 12.5,
      }),
    ]);
  });

  it('changes the values of a target; an empty actual value clears it', async () => {
    renderPanel(true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change Customer satisfaction (CSAT), 2026-Q4' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Change Customer satisfaction (CSAT), 2026-Q4',
    });
    expect(within(dialog).getByLabelText('Planned value')).toHaveValue('4.5');
    await userEvent.clear(within(dialog).getByLabelText(/Actual value/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText(TARGET_MESSAGES.saved)).toBeVisible();
    expect(heldTargets().find((held) => held.id === 6)).toMatchObject({
      metric: 'csat',
      period: '2026-Q4',
      planned: 4.5,
      actual: null,
    });
  });

  it('asks before deleting, then deletes', async () => {
    const held = () => heldTargets().map((target) => target.id);
    renderPanel(true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete Defect leakage %, 2026-Q4' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete Defect leakage %, 2026-Q4?' });
    expect(held()).toContain(8);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TARGET_MESSAGES.deleted)).toBeVisible();
    expect(held()).not.toContain(8);
  });

  it('says when the targets could not be loaded, and tries again', async () => {
    // The first answer fails (no seed makes a 500); the second is the mock's.
    server.use(
      http.get(LIST, () => HttpResponse.json({ detail: 'boom' }, { status: 500 }), {
        once: true,
      }),
    );
    renderPanel(false);
    expect(await screen.findByText('The project targets could not be loaded')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeVisible();
  });
});

describe('TargetsGlance', () => {
  it("shows this quarter's targets of both kinds with their status and links to the tab", async () => {
    const now = periodOf(new Date());
    renderRoute(<TargetsGlance projectId={1} />);
    const list = await screen.findByRole('list', { name: `Targets of ${now}` });
    const items = within(list).getAllByRole('listitem');
    // The quarter's four project targets and the account's two; none of 2026-Q3.
    expect(items).toHaveLength(6);
    const texts = items.map((item) => item.textContent);
    expect(texts).toContain('Customer satisfaction (CSAT)4.4 vs 4.5 plannedAt risk');
    expect(texts).toContainEqual(
      expect.stringMatching(/^Gross margin %Account · 30\.5% vs 32% planned/),
    );
    expect(screen.getByRole('link', { name: 'Open the project’s targets' })).toHaveAttribute(
      'href',
      '/projects/1/targets',
    );
  });
});
