import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import type { RaciMatrix, RaciMatrixPut } from '../../../api/contract/raci';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoutes, urlParams } from '../../../testing/renderRoutes';
import { changedCells, refusalOf, ruleProblems, rowsOf, ruleRefusal } from './matrix';
import OwnershipMatrixTab from './OwnershipMatrixTab';

const PROJECT: ProjectDetail = {
  id: 1,
  name: 'Apollo Portal',
  code: 'APP-0001',
  status: 'active',
  high_ownership: false,
  account: { id: 1, name: 'Acme' },
  business_line: { id: 1, name: 'Media' },
  business_segment: { id: 1, name: 'Retail' },
  manager: { id: 2, name: 'Priya Nair', login: 'pnair' },
  start_date: '2025-01-01',
  end_date: null,
  description: '',
  expert_description: '',
  exclude_from_kpi: false,
  ada: false,
  profile_revenue: null,
  open_risks: 0,
  open_issues: 0,
  checks_in_progress: 0,
  team_size: 2,
};

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };

const matrixOf = (fn: RaciMatrix['function'], changes: Partial<RaciMatrix> = {}): RaciMatrix => ({
  project_id: 1,
  function: fn,
  roles: [
    { id: 'pm', name: 'Project manager' },
    { id: 'qcl', name: 'QC lead' },
    { id: 'client', name: 'Client' },
  ],
  activities: [
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
    {
      code: 'track_budget_and_forecast',
      name: 'Track the budget',
      cells: { pm: 'A', qcl: '', client: '' },
    },
  ],
  status: 'draft',
  validated_by: null,
  validated_at: null,
  updated_by: PRIYA,
  updated_at: '2026-11-20T09:00:00Z',
  has_snapshot: false,
  ...changes,
});

const ALL_VIEW = [
  'CAN_VIEW_RACI_PMO_TAB',
  'CAN_VIEW_RACI_SLA_TAB',
  'CAN_VIEW_RACI_QMO_TAB',
  'CAN_VIEW_RACI_SNAPSHOT',
];
const EDITOR = [...ALL_VIEW, 'CAN_EDIT_RACI_MATRIX', 'CAN_VALIDATE_RACI_MATRIX'];

/** The matrices by function; records every PUT and validation. */
function serve(matrices: Partial<Record<string, RaciMatrix>> = {}) {
  const store: Record<string, RaciMatrix> = {
    pmo: matrixOf('pmo'),
    sla: matrixOf('sla'),
    qmo: matrixOf('qmo'),
    ...matrices,
  } as Record<string, RaciMatrix>;
  const puts: RaciMatrixPut[] = [];
  const validations: string[] = [];
  server.use(
    http.get(`${API}/api/projects/1/raci/:fn/`, ({ params }) =>
      HttpResponse.json(store[String(params.fn)]),
    ),
    http.put(`${API}/api/projects/1/raci/:fn/`, async ({ params, request }) => {
      const body = (await request.json()) as RaciMatrixPut;
      puts.push(body);
      const fn = String(params.fn);
      const current = store[fn]!;
      store[fn] = {
        ...current,
        status: 'draft',
        validated_by: null,
        validated_at: null,
        updated_by: ALEX,
        activities: current.activities.map((activity) => ({
          ...activity,
          cells: body.activities[activity.code] as RaciMatrix['activities'][number]['cells'],
        })),
      };
      return HttpResponse.json(store[fn]);
    }),
    http.post(`${API}/api/projects/1/raci/:fn/validate/`, ({ params }) => {
      const fn = String(params.fn);
      validations.push(fn);
      store[fn] = {
        ...store[fn]!,
        status: 'validated',
        validated_by: ALEX,
        validated_at: '2026-11-25T10:30:00Z',
        has_snapshot: true,
      };
      return HttpResponse.json(store[fn]);
    }),
    http.get(`${API}/api/projects/1/raci/:fn/snapshot/`, () =>
      HttpResponse.json(
        { detail: 'The PMO matrix of this project was never validated.' },
        { status: 404 },
      ),
    ),
  );
  return { puts, validations };
}

const renderTab = (permissions: string[], path = '/projects/1/ownership-matrix') =>
  renderRoutes(
    [
      {
        path: '/projects/1/ownership-matrix',
        element: <OwnershipMatrixTab project={PROJECT} permissions={permissions} />,
      },
    ],
    path,
  );

const cell = (role: string, activity: string) =>
  screen.getByRole('combobox', { name: `${role} for “${activity}”` });
const row = (activity: string) => screen.getByRole('rowheader', { name: new RegExp(activity) });

describe('the Ownership matrix tab', () => {
  it('shows a sub-tab per function the user may view, read-only without CAN_EDIT_RACI_MATRIX', async () => {
    serve();
    renderTab(ALL_VIEW);
    const functions = await screen.findByRole('tablist', { name: 'Functions' });
    expect(
      within(functions)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['PMO', 'SLA', 'QMO']);
    const table = await screen.findByRole('table', { name: /PMO ownership matrix/ });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).getAllByTitle('Accountable')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    expect(screen.getByText('Never validated')).toBeVisible();
    expect(screen.getByText(/Last saved by Priya Nair \(pnair\) on 11\/20\/2026/)).toBeVisible();
  });

  it('says so when no function’s matrix is open to the user', async () => {
    serve();
    renderTab(['CAN_VIEW_RACI_SNAPSHOT']);
    expect(
      await screen.findByRole('heading', { name: 'No function’s matrix is open to you' }),
    ).toBeVisible();
  });

  it('shows a second A on its row, refuses to save, then saves the whole matrix once fixed', async () => {
    const { puts } = serve();
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
    expect(puts).toEqual([]);

    await userEvent.selectOptions(cell('Project manager', 'Maintain the project plan'), 'R');
    expect(row('Maintain the project plan')).not.toHaveTextContent('Exactly one A');
    expect(screen.getByText('2 cells changed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      activities: {
        maintain_project_plan: { pm: 'R', qcl: 'A', client: 'I' },
        run_steering_committee: { pm: 'R', qcl: '', client: 'A' },
        track_budget_and_forecast: { pm: 'A', qcl: '', client: '' },
      },
    });
    expect(await screen.findByText('The PMO matrix has been saved.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveFocus();
  });

  it('shows the server’s refusal on the row it names, keeping what was chosen', async () => {
    serve();
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
    await userEvent.selectOptions(cell('Client', 'Track the budget'), 'C');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(row('Track the budget')).findByText(/none found/)).toBeVisible();
    expect(cell('Client', 'Track the budget')).toHaveValue('C');
    expect(cell('Project manager', 'Track the budget')).toHaveFocus();
  });

  it('asks before switching function with unsaved changes', async () => {
    serve();
    const { router } = renderTab(EDITOR);
    await screen.findByRole('table', { name: /PMO ownership matrix/ });
    await userEvent.selectOptions(cell('QC lead', 'Track the budget'), 'I');
    await userEvent.click(screen.getByRole('tab', { name: 'SLA' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Leave the PMO matrix without saving?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(cell('QC lead', 'Track the budget')).toHaveValue('I');
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
    expect(cell('QC lead', 'Track the budget')).toHaveValue('');
  });

  it('opens the function of the URL and switches at once without changes', async () => {
    serve();
    renderTab(ALL_VIEW, '/projects/1/ownership-matrix?function=qmo');
    expect(await screen.findByRole('table', { name: /QMO ownership matrix/ })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'SLA' }));
    expect(await screen.findByRole('table', { name: /SLA ownership matrix/ })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates a valid draft and says who validated it and when', async () => {
    const { validations } = serve();
    renderTab(EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(validations).toEqual(['pmo']));
    expect(
      await screen.findByText('Validated by Alex Morgan (amorgan) on 11/25/2026', { exact: false }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
  });

  it('refuses to validate a matrix that breaks the rule, without calling the server', async () => {
    const broken = matrixOf('pmo');
    broken.activities[2]!.cells = { pm: 'R', qcl: '', client: '' };
    const { validations } = serve({ pmo: broken });
    renderTab(EDITOR);
    expect(await screen.findByText(/1 activity breaks the rule/)).toBeVisible();
    expect(row('Track the budget')).toHaveTextContent('none found');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ruleRefusal(1, 'validating'));
    expect(validations).toEqual([]);
  });

  it('shows the last validated version, or that there is none', async () => {
    serve();
    renderTab(ALL_VIEW);
    const toggle = await screen.findByRole('button', { name: 'Last validated version' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Never validated' })).toBeVisible();
  });
});

describe('the matrix rules in the browser', () => {
  const activities = matrixOf('pmo').activities;

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
