import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../api/contract/display';
import type { ProjectDetail } from '../../../api/contract/projects';
import type { RaciMatrix } from '../../../api/contract/raci';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoutes, urlParams } from '../../../testing/renderRoutes';
import { changedCells, refusalOf, ruleProblems, rowsOf, ruleRefusal } from './matrix';
import OwnershipMatrixTab from './OwnershipMatrixTab';

/** The seed's project `id`, as the card hands it to its tabs (the tab reads its id and name). */
const projectOf = (id: number, name: string): ProjectDetail => ({
  id,
  name,
  code: `HBP-000${id}`,
  status: 'active',
  high_ownership: false,
  account: { id: 18, name: 'Stanton - Wyman' },
  business_line: { id: 8, name: 'Media' },
  business_segment: { id: 4, name: 'Retail and Media' },
  manager: { id: 2, name: 'Priya Nair', login: 'pnair' },
  start_date: '2025-08-14',
  end_date: null,
  description: '',
  expert_description: '',
  exclude_from_kpi: false,
  ada: false,
  profile_revenue: null,
  open_risks: 0,
  open_issues: 0,
  checks_in_progress: 0,
  team_size: 6,
});

const ALL_VIEW = [
  'CAN_VIEW_RACI_PMO_TAB',
  'CAN_VIEW_RACI_SLA_TAB',
  'CAN_VIEW_RACI_QMO_TAB',
  'CAN_VIEW_RACI_SNAPSHOT',
];
const EDITOR = [...ALL_VIEW, 'CAN_EDIT_RACI_MATRIX', 'CAN_VALIDATE_RACI_MATRIX'];

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), who holds every RACI flag.
 * The seed's project 1 has a valid PMO draft of 8 activities (saved by Alex Morgan on 4/12/2026)
 * whose last validated version is Fernando Goodwin's of 2/26/2026; its QMO matrix is validated.
 * Project 2's PMO matrix was never validated and “Track the budget and forecast” has no A.
 */
beforeEach(async () => {
  await useMockBackend('admin');
});
afterEach(() => server.events.removeAllListeners());

/** The PMO matrix of the project as the mock keeps it once saved or validated. */
const heldPmo = (projectId: number) =>
  currentMockBackend()!
    .state()
    .raciMatrices.find((matrix) => matrix.project_id === projectId && matrix.function === 'pmo');

/** The matrices' writes the screen sends (PUT and validate). */
function recordWrites() {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET' && request.url.includes('/raci/'))
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return sent;
}

const renderTab = (
  permissions: string[],
  path = '/projects/1/ownership-matrix',
  project = projectOf(1, 'Handmade Ball panel'),
) =>
  renderRoutes(
    [
      {
        path: `/projects/${project.id}/ownership-matrix`,
        element: <OwnershipMatrixTab project={project} permissions={permissions} />,
      },
    ],
    path,
  );

const cell = (role: string, activity: string) =>
  screen.getByRole('combobox', { name: `${role} for “${activity}”` });
const row = (activity: string) => screen.getByRole('rowheader', { name: new RegExp(activity) });

describe('the Ownership matrix tab', () => {
  it('shows a sub-tab per function the user may view, read-only without CAN_EDIT_RACI_MATRIX', async () => {
    renderTab(ALL_VIEW);
    const functions = await screen.findByRole('tablist', { name: 'Functions' });
    expect(
      within(functions)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['PMO', 'SLA', 'QMO']);
    const table = await screen.findByRole('table', {
      name: /PMO ownership matrix of Handmade Ball panel/,
    });
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).getAllByTitle('Accountable')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    expect(screen.getByText('Changed since its last validation')).toBeVisible();
    expect(
      screen.getByText(
        `Last saved by Alex Morgan (amorgan) on ${formatDateTime('2026-04-12T09:00:00.000Z')}`,
      ),
    ).toBeVisible();
  });

  it('says a matrix was never validated', async () => {
    renderTab(ALL_VIEW, '/projects/2/ownership-matrix', projectOf(2, 'Project 2'));
    await screen.findByRole('table', { name: /PMO ownership matrix/ });
    expect(screen.getByText('Never validated')).toBeVisible();
  });

  it('says so when no function’s matrix is open to the user', async () => {
    renderTab(['CAN_VIEW_RACI_SNAPSHOT']);
    expect(
      await screen.findByRole('heading', { name: 'No function’s matrix is open to you' }),
    ).toBeVisible();
  });

  it('shows a second A on its row, refuses to save, then saves the whole matrix once fixed', async () => {
    const sent = recordWrites();
    renderTab(EDITOR);
    await screen.findByRole('table', { name: /PMO ownership matrix/ });
    await userEvent.selectOptions(cell('QC lead', 'Maintain the project plan'), 'A');
    expect(row('Maintain the project plan')).toHaveTextContent(
      'Exactly one A (accountable) per activity: found 2.',
    );
    expect(cell('Client', 'Maintain the project plan')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ruleRefusal(1, 'saving'));
    expect(cell('Project manager', 'Maintain the project plan')).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.selectOptions(cell('Project manager', 'Maintain the project plan'), 'R');
    expect(row('Maintain the project plan')).not.toHaveTextContent('Exactly one A');
    expect(screen.getByText('2 cells changed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The PMO matrix has been saved.')).toBeVisible();
    expect(sent).toEqual(['PUT /api/projects/1/raci/pmo/']);
    // The whole matrix saved: the changed row and the others as they were.
    expect(heldPmo(1)).toMatchObject({
      status: 'draft',
      updated_by_id: 1,
      cells: expect.objectContaining({
        maintain_project_plan: {
          pm: 'R',
          dm: 'C',
          qcl: 'A',
          ado: 'I',
          architect: 'C',
          client: 'I',
          pmo_officer: 'R',
        },
        track_budget_and_forecast: { pm: 'R', dm: 'A', ado: 'I', pmo_officer: 'C' },
      }),
    });
    expect(Object.keys(heldPmo(1)!.cells)).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveFocus();
  });

  it('shows the server’s refusal on the row it names, keeping what was chosen', async () => {
    // The browser checks the mock's own rule before it sends, so the mock never refuses a row the
    // screen let through: a backend whose rule goes further is the one case left to stand in for.
    server.use(
      http.put(`${API}/api/projects/1/raci/pmo/`, () =>
        HttpResponse.json(
          {
            activities: {
              track_budget_and_forecast: ['Exactly one A (accountable) per activity: none found.'],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderTab(EDITOR);
    await screen.findByRole('table', { name: /PMO ownership matrix/ });
    await userEvent.selectOptions(cell('Client', 'Track the budget and forecast'), 'C');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await within(row('Track the budget and forecast')).findByText(/none found/),
    ).toBeVisible();
    expect(cell('Client', 'Track the budget and forecast')).toHaveValue('C');
    expect(cell('Project manager', 'Track the budget and forecast')).toHaveFocus();
    expect(heldPmo(1)).toBeUndefined();
  });

  it('asks before switching function with unsaved changes', async () => {
    const { router } = renderTab(EDITOR);
    await screen.findByRole('table', { name: /PMO ownership matrix/ });
    await userEvent.selectOptions(cell('QC lead', 'Track the budget and forecast'), 'I');
    await userEvent.click(screen.getByRole('tab', { name: 'SLA' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Leave the PMO matrix without saving?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(cell('QC lead', 'Track the budget and forecast')).toHaveValue('I');
    expect(screen.getByRole('tab', { name: 'PMO' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'SLA' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Leave the PMO matrix without saving?' }),
      ).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByRole('table', { name: /SLA ownership matrix/ })).toBeVisible();
    expect(urlParams(router)).toEqual({ function: 'sla' });
    // Nothing left to ask about: back to PMO at once, with the server's cells.
    await userEvent.click(screen.getByRole('tab', { name: 'PMO' }));
    expect(await screen.findByRole('table', { name: /PMO ownership matrix/ })).toBeVisible();
    expect(cell('QC lead', 'Track the budget and forecast')).toHaveValue('');
    expect(heldPmo(1)).toBeUndefined();
  });

  it('opens the function of the URL and switches at once without changes', async () => {
    renderTab(ALL_VIEW, '/projects/1/ownership-matrix?function=qmo');
    expect(await screen.findByRole('table', { name: /QMO ownership matrix/ })).toBeVisible();
    expect(
      screen.getByText(
        `Validated by Kraig Crooks (kcrooks) on ${formatDateTime('2026-09-03T09:00:00.000Z')}`,
        { exact: false },
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'SLA' }));
    expect(await screen.findByRole('table', { name: /SLA ownership matrix/ })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before validating, as validating replaces the last validated version', async () => {
    const sent = recordWrites();
    renderTab(EDITOR);
    const validate = await screen.findByRole('button', { name: 'Validate' });
    await userEvent.click(validate);
    const dialog = await screen.findByRole('dialog', {
      name: 'Validate the PMO matrix of Handmade Ball panel?',
    });
    expect(dialog).toHaveTextContent(
      'The matrix as it is now becomes its last validated version, in place of the one validated before, which is not kept.',
    );
    // The safest button has the focus; Escape cancels, sends nothing and gives the focus back.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(validate).toHaveFocus();
    expect(sent).toEqual([]);
    expect(screen.getByText('Changed since its last validation')).toBeVisible();
  });

  it('validates a valid draft and says who validated it and when', async () => {
    renderTab(EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: /^Validate the PMO matrix/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate matrix' }));
    await waitFor(() => expect(heldPmo(1)).toMatchObject({ status: 'validated' }));
    const held = heldPmo(1)!;
    expect(held.validated_by_id).toBe(1);
    expect(
      await screen.findByText(
        `Validated by Alex Morgan (amorgan) on ${formatDateTime(held.validated_at!)}`,
        { exact: false },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
  });

  it('refuses to validate a matrix that breaks the rule, without calling the server', async () => {
    const sent = recordWrites();
    renderTab(EDITOR, '/projects/2/ownership-matrix', projectOf(2, 'Project 2'));
    expect(await screen.findByText(/1 activity breaks the rule/)).toBeVisible();
    expect(row('Track the budget and forecast')).toHaveTextContent('none found');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ruleRefusal(1, 'validating'));
    expect(sent).toEqual([]);
    expect(heldPmo(2)).toBeUndefined();
  });

  it('shows the last validated version', async () => {
    renderTab(ALL_VIEW);
    const toggle = await screen.findByRole('button', { name: 'Last validated version' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(
      await screen.findByText(
        `Validated by Fernando Goodwin (fgoodwin) on ${formatDateTime('2026-02-26T09:00:00.000Z')}`,
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('table', {
        name: 'PMO ownership matrix of Handmade Ball panel, last validated version',
      }),
    ).toBeVisible();
  });

  it('says there is no validated version of a matrix never validated', async () => {
    renderTab(ALL_VIEW, '/projects/2/ownership-matrix', projectOf(2, 'Project 2'));
    await userEvent.click(await screen.findByRole('button', { name: 'Last validated version' }));
    expect(await screen.findByRole('heading', { name: 'Never validated' })).toBeVisible();
  });
});

describe('the matrix rules in the browser', () => {
  const activities: RaciMatrix['activities'] = [
    {
      code: 'maintain_project_plan',
      name: 'Maintain the project plan',
      cells: { pm: 'A', qcl: 'C', client: 'I' },
    },
    {
      code: 'run_steering_committee',
      name: 'Run the steering committee',
      cells: { pm: 'R', qcl: '', client: 'A' },
    },
  ];

  it('counts changed cells and finds the rows without exactly one A', () => {
    const rows = rowsOf(activities);
    expect(changedCells(activities, rows)).toBe(0);
    rows.maintain_project_plan = { pm: 'A', qcl: 'A', client: 'I' };
    rows.run_steering_committee = { pm: 'R', qcl: '', client: '' };
    expect(changedCells(activities, rows)).toBe(2);
    expect([...ruleProblems(activities, rows)]).toEqual([
      ['maintain_project_plan', 'Exactly one A (accountable) per activity: found 2.'],
      ['run_steering_committee', 'Exactly one A (accountable) per activity: none found.'],
    ]);
  });

  it('reads a refusal: activities by code on their rows, the rest above the actions', () => {
    expect(
      refusalOf({
        status: 400,
        data: {
          activities: { maintain_project_plan: ['found 2'] },
          non_field_errors: ['Already validated.'],
        },
      }),
    ).toEqual({
      byActivity: { maintain_project_plan: ['found 2'] },
      general: ['Already validated.'],
    });
    expect(refusalOf({ status: 400, data: { activities: ['This field is required.'] } })).toEqual({
      byActivity: {},
      general: ['This field is required.'],
    });
    expect(refusalOf({ status: 403, data: { detail: 'No.' } }).general).toEqual([
      'You may not change this matrix.',
    ]);
    expect(refusalOf({ status: 500 }).general[0]).toMatch(/could not be saved/);
    expect(refusalOf({ status: 'FETCH_ERROR' }).general[0]).toMatch(/Nothing you changed is lost/);
  });
});
