import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Target } from '../../../api/contract/targets';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import { TARGET_MESSAGES } from './TargetDialogs';
import { TargetsPanel } from './TargetsPanel';
import { TargetsGlance } from './TargetsGlance';
import { periodOf } from '../../../api/contract/targets';
import { ToastContainer } from 'react-toastify';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const target = (changes: Partial<Target>): Target => ({
  id: 1,
  kind: 'project',
  metric: 'csat',
  period: '2026-Q4',
  planned: 4.5,
  actual: 4.4,
  status: 'at_risk',
  updated_at: '2026-10-01T09:00:00Z',
  updated_by: PRIYA,
  ...changes,
});
const ROWS = [
  target({}),
  target({
    id: 2,
    metric: 'defect_leakage',
    planned: 5,
    actual: null,
    status: 'no_actual',
  }),
  target({ id: 3, kind: 'account_project', metric: 'gross_margin', planned: 32, actual: 30.5 }),
];
const LIST = `${API}/api/projects/7/targets/`;

function serveTargets(rows: Target[] = ROWS) {
  server.use(http.get(LIST, () => HttpResponse.json(rows)));
}

const renderPanel = (editable: boolean) =>
  renderRoute(
    <>
      <TargetsPanel source={{ project: 7, kind: 'project' }} editable={editable} />
      <ToastContainer />
    </>,
  );

describe('TargetsPanel', () => {
  it("shows the kind's targets with unit, values and status; read-only without the flag", async () => {
    serveTargets();
    renderPanel(false);
    const table = await screen.findByRole('table', { name: 'Project targets table' });
    const [, first, second] = within(table).getAllByRole('row');
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
    serveTargets();
    const bodies = recordJson('post', '/api/projects/7/targets/', () =>
      HttpResponse.json(ROWS[0], { status: 201 }),
    );
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
    expect(bodies).toEqual([]);
  });

  it("shows the server's field errors on their fields and keeps the dialog as typed", async () => {
    serveTargets();
    recordJson('post', '/api/projects/7/targets/', () =>
      HttpResponse.json(
        { period: ['A “Customer satisfaction (CSAT)” target for 2026-Q4 already exists here.'] },
        { status: 400 },
      ),
    );
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
  });

  it('adds a target with its kind and numbers, says so and closes', async () => {
    serveTargets();
    const bodies = recordJson('post', '/api/projects/7/targets/', () =>
      HttpResponse.json(ROWS[0], { status: 201 }),
    );
    renderPanel(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add project target' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Metric'), 'team_attrition');
    await userEvent.type(within(dialog).getByLabelText('Planned value'), '10');
    await userEvent.type(within(dialog).getByLabelText(/Actual value/), ' 12.5 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));
    expect(await screen.findByText(TARGET_MESSAGES.added)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        kind: 'project',
        metric: 'team_attrition',
        period: periodOf(new Date()),
        planned: 10,
        actual: 12.5,
      },
    ]);
  });

  it('changes the values of a target; an empty actual value clears it', async () => {
    serveTargets();
    const bodies = recordJson('patch', '/api/projects/7/targets/1/', () =>
      HttpResponse.json(ROWS[0]),
    );
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
    expect(bodies).toEqual([{ planned: 4.5, actual: null }]);
  });

  it('asks before deleting, then deletes', async () => {
    serveTargets();
    let deleted = 0;
    server.use(
      http.delete(`${LIST}2/`, () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderPanel(true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete Defect leakage %, 2026-Q4' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete Defect leakage %, 2026-Q4?' });
    expect(deleted).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TARGET_MESSAGES.deleted)).toBeVisible();
    expect(deleted).toBe(1);
  });

  it('says when the targets could not be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(LIST, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'boom' }, { status: 500 })
          : HttpResponse.json(ROWS);
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
    serveTargets([
      target({ period: now }),
      target({ id: 3, kind: 'account_project', metric: 'gross_margin', period: now }),
      target({ id: 4, period: '2001-Q1', metric: 'team_attrition' }),
    ]);
    renderRoute(<TargetsGlance projectId={7} />);
    const list = await screen.findByRole('list', { name: `Targets of ${now}` });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Customer satisfaction (CSAT)4.4 vs 4.5 plannedAt risk');
    expect(items[1]).toHaveTextContent('Gross margin %Account · 4.4% vs 4.5% planned');
    expect(screen.getByRole('link', { name: 'Open the project’s targets' })).toHaveAttribute(
      'href',
      '/projects/7/targets',
    );
  });
});
