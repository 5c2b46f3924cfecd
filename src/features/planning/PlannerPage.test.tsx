import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PLAN_RULES,
  START_PROBLEMS,
  START_RULES,
  type PlannedCheck,
  type PlannerGrid,
  type StartPreview,
} from '../../api/contract/planner';
import type { PollModelInfo } from '../../api/contract/polls';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { giveRegionLayout } from '../../testing/jsdom';
import { onAPhone } from '../../testing/phone';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { PLAN_MESSAGES } from './PlanDialog';
import { REMOVED_MESSAGE } from './PlannedCheckPanel';
import PlannerPage from './PlannerPage';
import { START_MESSAGES } from './StartPlannerDialog';

const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const JORDAN = { id: 3, name: 'Jordan Lee', login: 'jlee' };
const SAM = { id: 4, name: 'Sam Park', login: 'spark' };
const EDIT = ['CAN_VIEW_CHECK_PLANNER', 'CAN_EDIT_CHECK_PLANNER'];
const ALL = [...EDIT, 'CAN_START_CHECK_PLANNER', 'CAN_VIEW_PLANNER_PERIODS'];

const planned = (
  id: number,
  project_id: number,
  period_id: number,
  planned_week: string,
  experts: PlannedCheck['experts'] = [{ user_id: JORDAN.id, kind: 'main_expert' }],
): PlannedCheck => ({
  id,
  period_id,
  project_id,
  type: 'health_check',
  model: 'sdo',
  planned_week,
  experts,
  note: '',
  poll_id: null,
  updated_by: ALEX,
  updated_at: '2026-11-02T10:00:00Z',
});

const project = (id: number, name: string, due: boolean) => ({
  id,
  name,
  code: `P-${id}`,
  account_id: 7,
  status: 'active' as const,
  manager_id: ALEX.id,
  model: 'sdo' as const,
  last_check: due
    ? null
    : {
        id: 90 + id,
        type: 'health_check' as const,
        model: 'sdo' as const,
        finished_at: '2026-09-01T00:00:00Z',
      },
  due,
  due_since: null,
});

const GRID: PlannerGrid = {
  segments: [{ id: 1, name: 'Digital' }],
  lines: [{ id: 2, name: 'Cloud', segment_id: 1 }],
  accounts: [{ id: 7, name: 'Acme', line_id: 2 }],
  periods: [
    {
      id: 1,
      name: '2026 Q3',
      start_date: '2026-07-01',
      end_date: '2026-09-30',
      state: 'closed',
      planner_started_at: '2026-07-01T08:00:00Z',
    },
    {
      id: 2,
      name: '2026 Q4',
      start_date: '2026-10-01',
      end_date: '2026-12-31',
      state: 'open',
      planner_started_at: null,
    },
  ],
  projects: [project(1, 'Alpha', false), project(2, 'Beta', false), project(3, 'Gamma', true)],
  // Jordan leads both Alpha's and Beta's checks in the week of December 7: a conflict.
  checks: [planned(11, 1, 2, '2026-12-07'), planned(12, 2, 2, '2026-12-07')],
  people: [ALEX, JORDAN],
};

const MODELS: PollModelInfo[] = [
  { code: 'sdo', name: 'SDO', description: '', types: ['health_check', 'self_check'], drivers: [] },
  { code: 'qmo', name: 'QMO', description: '', types: ['qmo_health_check'], drivers: [] },
];

function serve(grid: PlannerGrid = GRID) {
  server.use(
    http.get(`${API}/api/planner/`, () => HttpResponse.json(grid)),
    http.get(`${API}/api/poll-models/`, () => HttpResponse.json(MODELS)),
    http.get(`${API}/api/users/`, ({ request }) => {
      const term = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json(
        page([JORDAN, SAM].filter((p) => p.name.toLowerCase().includes(term))),
      );
    }),
  );
}

const renderPage = (path = '/planning') =>
  renderRoutes([{ path: '/planning', element: <PlannerPage /> }], path);

const grid = () => screen.findByRole('table', { name: /Planned checks/ });

beforeAll(() => giveRegionLayout('planner-caption', 800, 1400));

describe('PlannerPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows projects against periods with planned checks, due flags and expert conflicts', async () => {
    signedInWith(EDIT);
    serve();
    renderPage();
    const table = await grid();
    expect(within(table).getByRole('columnheader', { name: /2026 Q4/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', {
        name: 'Health check for Alpha in 2026 Q4, Week of 12/07/2026, expert conflict',
      }),
    ).toBeInTheDocument();
    // Gamma was never checked: due, and plannable in the open period but not in the closed one.
    const gamma = within(table).getByRole('row', { name: /Gamma/ });
    expect(within(gamma).getByText('Due')).toBeInTheDocument();
    expect(
      within(gamma).getByRole('button', { name: 'Plan a check for Gamma in 2026 Q4' }),
    ).toBeInTheDocument();
    expect(within(gamma).queryByRole('button', { name: /in 2026 Q3/ })).toBeNull();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '3 projects · 2 planned in 2026 Q4 · 1 expert conflict',
    );
  });

  it('is a list of cards on a phone: the project first, then its selection, model and each period under its name', async () => {
    onAPhone();
    signedInWith(EDIT);
    serve();
    renderPage();
    const table = await grid();
    expect(table).toHaveAttribute('role', 'table');
    const gamma = within(table).getByRole('row', { name: /Gamma/ });
    const cells = [...gamma.children] as HTMLElement[];
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual([
      'rowheader',
      'cell',
      'cell',
      'cell',
      'cell',
    ]);
    expect(cells[0]).toHaveTextContent(/^Gamma/);
    expect(within(cells[1]!).getByRole('checkbox', { name: 'Select Gamma' })).toBeInTheDocument();
    expect(cells[3]).toHaveTextContent(/^2026 Q3—Not planned$/);
    expect(cells[4]).toHaveTextContent(/^2026 Q4/);
    expect(
      within(cells[4]!).getByRole('button', { name: 'Plan a check for Gamma in 2026 Q4' }),
    ).toBeInTheDocument();
    // Selecting every project stays at hand over the cards.
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select all 3 projects shown' }),
    );
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    signedInWith(EDIT);
    serve();
    const { router } = renderPage('/planning?due=1&plan=unplanned&segment=1');
    const table = await grid();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    // The form waits behind the button: the list starts at the top of the screen.
    expect(screen.queryByRole('checkbox', { name: 'Due for a check' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters, 3 in force' })).toBeVisible();
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Business segment: Digital',
      'In 2026 Q4: Not planned in the period',
      'Due for a check',
    ]);
    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter Due for a check' }),
    );
    expect(urlParams(router)).toEqual({ plan: 'unplanned', segment: '1' });
    // Alpha and Beta are planned in 2026 Q4: without the plan filter, all three show.
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove filter In 2026 Q4: Not planned in the period' }),
    );
    expect(urlParams(router)).toEqual({ segment: '1' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    // The whole form opens in a dialog.
    await userEvent.click(screen.getByRole('button', { name: 'Filters, 1 in force' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Due for a check' })).not.toBeChecked();
  });

  it('is read-only without CAN_EDIT_CHECK_PLANNER: no plan buttons, no selection actions', async () => {
    signedInWith(['CAN_VIEW_CHECK_PLANNER']);
    serve();
    renderPage();
    const table = await grid();
    expect(within(table).queryByRole('button', { name: /^Plan/ })).toBeNull();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Gamma' }));
    expect(screen.queryByRole('button', { name: /Plan 1 in/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start planner…' })).toBeNull();
  });

  it('filters by the URL: due projects only, and those not planned in the working period', async () => {
    signedInWith(EDIT);
    serve();
    renderPage('/planning?due=1');
    const table = await grid();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /Gamma/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Due for a check' }));
    await userEvent.selectOptions(screen.getByLabelText('In 2026 Q4'), 'planned');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByRole('row', { name: /Gamma/ })).toBeNull();
  });

  it('plans an empty cell, warning about an expert planned elsewhere that week', async () => {
    signedInWith(EDIT);
    serve();
    const bodies = recordJson('post', '/api/planner/checks/', (body) =>
      HttpResponse.json(
        { ...planned(13, 3, 2, '2026-12-07'), ...(body as object), id: 13 },
        { status: 201 },
      ),
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Plan a check for Gamma in 2026 Q4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Plan a check for Gamma' });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-12-07');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Add an expert' }), 'Jor');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Jordan Lee/ }));
    expect(
      within(dialog).getByText('Jordan Lee is already planned on Alpha, Beta that week.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan check' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      period_id: 2,
      project_id: 3,
      type: 'health_check',
      model: 'sdo',
      planned_week: '2026-12-07',
      experts: [{ user_id: 3, kind: 'main_expert' }],
      note: '',
    });
    expect(await screen.findByText(PLAN_MESSAGES.planned('Gamma', '2026 Q4'))).toBeInTheDocument();
    // The answer is in the grid at once, without reloading it.
    expect(
      await screen.findByRole('button', { name: /^Health check for Gamma in 2026 Q4/ }),
    ).toBeInTheDocument();
  });

  it('shows a refusal on its field and keeps what was chosen', async () => {
    signedInWith(EDIT);
    serve();
    recordJson('post', '/api/planner/checks/', () =>
      HttpResponse.json({ planned_week: [PLAN_RULES.weekMonday] }, { status: 400 }),
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Plan a check for Gamma in 2026 Q4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Plan a check for Gamma' });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Before the release');
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-12-14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan check' }));
    const week = within(dialog).getByLabelText('Week');
    await waitFor(() => expect(week).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(PLAN_RULES.weekMonday)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Before the release');
  });

  it('plans the selected projects at once, leaving out those planned already', async () => {
    signedInWith(EDIT);
    serve();
    const bodies = recordJson('post', '/api/planner/checks/bulk/', () =>
      HttpResponse.json({ checks: [planned(13, 3, 2, '2026-12-14', [])] }, { status: 201 }),
    );
    renderPage();
    const table = await grid();
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Select all 3 projects shown' }),
    );
    expect(
      screen.getByText(/2 of the selected projects already have a check in 2026 Q4/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan 1 in 2026 Q4…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a check for 1 projects' });
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveValue('sdo'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Week'), '2026-12-14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan 1 checks' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ period_id: 2, project_ids: [3], planned_week: '2026-12-14' });
    expect(await screen.findByText(PLAN_MESSAGES.plannedMany(1, '2026 Q4'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  it('opens a planned check in the side panel and takes it out of the plan after asking', async () => {
    signedInWith(EDIT);
    serve();
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/api/planner/checks/:id/`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Health check for Alpha in 2026 Q4/ }),
    );
    expect(urlParams(router).check).toBe('11');
    const panel = await screen.findByRole('dialog', { name: 'Planned check' });
    expect(within(panel).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(panel).getByText(/Also planned that week on 1 other check/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove from plan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take this check out of the plan?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove from plan' }));
    expect(await screen.findByText(REMOVED_MESSAGE)).toBeInTheDocument();
    expect(deleted).toEqual(['11']);
    await waitFor(() => expect(urlParams(router).check).toBeUndefined());
    expect(
      screen.getByRole('button', { name: 'Plan a check for Alpha in 2026 Q4' }),
    ).toBeInTheDocument();
  });

  it('starts the planner only without problems, and reports the count', async () => {
    signedInWith(ALL);
    serve();
    let preview: StartPreview = {
      period_id: 2,
      rows: [
        {
          planned_check_id: 11,
          project: { id: 1, name: 'Alpha' },
          account: { id: 7, name: 'Acme' },
          type: 'health_check',
          model: 'sdo',
          planned_week: '2026-12-07',
          due_date: '2026-12-11',
          problems: [START_PROBLEMS.noMainExpert],
        },
      ],
      ready: 0,
      with_problems: 1,
      blocked_by: null,
      next_week: '2026-11-30',
    };
    const starts: string[] = [];
    server.use(
      http.get(`${API}/api/planner-periods/2/start/`, () => HttpResponse.json(preview)),
      http.post(`${API}/api/planner-periods/2/start/`, () => {
        starts.push('2');
        return HttpResponse.json(
          {
            period: { ...GRID.periods[1], planner_started_at: '2026-11-26T09:00:00Z' },
            created: 1,
            poll_ids: [501],
          },
          { status: 201 },
        );
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    expect(await within(dialog).findByText(START_PROBLEMS.noMainExpert)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start planner' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    preview = {
      ...preview,
      rows: [{ ...preview.rows[0]!, problems: [] }],
      ready: 1,
      with_problems: 0,
    };
    await userEvent.click(screen.getByRole('button', { name: 'Start planner…' }));
    dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create 1 check' }));
    expect(await screen.findByText(START_MESSAGES.started(1, '2026 Q4'))).toBeInTheDocument();
    expect(starts).toEqual(['2']);
  });

  it('says when the start preview could not be loaded, keeps the start disabled, and tries again', async () => {
    signedInWith(ALL);
    serve();
    let reads = 0;
    server.use(
      http.get(`${API}/api/planner-periods/2/start/`, () => {
        reads += 1;
        return HttpResponse.json({ detail: 'Server error' }, { status: 500 });
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    expect(
      await within(dialog).findByRole('heading', { name: 'The preview could not be loaded' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Start planner' })).toBeDisabled();
    const before = reads;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads).toBe(before + 1));
  });
});

describe('the working period, the weeks a plan may choose, and weeks that are over at the start', () => {
  // Saturday, November 28, 2026: the week of November 23 is over, the next one can run.
  const onNovember28 = () =>
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 28, 12) });
  afterEach(() => vi.useRealTimers());

  const weekOptions = (dialog: HTMLElement) =>
    within(within(dialog).getByLabelText('Week'))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('lists each period once in the Working period menu, the default one marked', async () => {
    signedInWith(EDIT);
    serve();
    renderPage();
    const menu = await screen.findByRole('combobox', { name: 'Working period' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026 Q4 (default)', '2026 Q3']);
  });

  it('offers only the weeks that can still run', async () => {
    onNovember28();
    signedInWith(EDIT);
    serve();
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Plan a check for Gamma in 2026 Q4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Plan a check for Gamma' });
    expect(weekOptions(dialog)).toEqual([
      'Choose a week',
      '11/30/2026 – 12/04/2026',
      '12/07/2026 – 12/11/2026',
      '12/14/2026 – 12/18/2026',
      '12/21/2026 – 12/25/2026',
      '12/28/2026 – 01/01/2027',
    ]);
  });

  it("shows an edited check's week that is over as its value, without offering other weeks that are over", async () => {
    onNovember28();
    signedInWith(EDIT);
    serve({ ...GRID, checks: [...GRID.checks, planned(13, 3, 2, '2026-11-09')] });
    renderPage('/planning?check=13');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Week')).toHaveValue('2026-11-09');
    const options = weekOptions(dialog);
    expect(options[1]).toBe('11/09/2026 – 11/13/2026 (over: choose a later week)');
    expect(options.slice(2)[0]).toBe('11/30/2026 – 12/04/2026');
    expect(options).toHaveLength(7);
  });

  const staleRow = (id: number, name: string) => ({
    planned_check_id: id,
    project: { id, name },
    account: { id: 7, name: 'Acme' },
    type: 'health_check' as const,
    model: 'sdo' as const,
    planned_week: '2026-11-09',
    due_date: '2026-11-13',
    problems: [START_PROBLEMS.weekOver],
  });
  const STALE: StartPreview = {
    period_id: 2,
    rows: [
      staleRow(11, 'Alpha'),
      staleRow(12, 'Beta'),
      {
        ...staleRow(13, 'Gamma'),
        planned_week: '2026-12-07',
        due_date: '2026-12-11',
        problems: [],
      },
    ],
    ready: 1,
    with_problems: 2,
    blocked_by: START_RULES.problems(2),
    next_week: '2026-11-30',
  };
  const startedWith = (created: number) =>
    HttpResponse.json(
      {
        period: { ...GRID.periods[1]!, planner_started_at: '2026-11-28T09:00:00Z' },
        created,
        poll_ids: Array.from({ length: created }, (_, index) => 501 + index),
      },
      { status: 201 },
    );

  it('moves the checks whose week is over to the next week that can run, after asking, in one start', async () => {
    signedInWith(ALL);
    serve();
    server.use(http.get(`${API}/api/planner-periods/2/start/`, () => HttpResponse.json(STALE)));
    const starts = recordJson('post', '/api/planner-periods/2/start/', () => startedWith(3));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Move them to Week of 11/30/2026…' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'Move 2 planned checks to Week of 11/30/2026 and start?',
    });
    expect(confirm).toHaveTextContent('Then 3 checks are created in status New at once.');
    expect(starts).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Move and start' }));
    expect(await screen.findByText(START_MESSAGES.started(3, '2026 Q4'))).toBeInTheDocument();
    expect(starts).toEqual([{ stale_weeks: 'move' }]);
  });

  it('waits for the other problems to be fixed before offering to move or remove them', async () => {
    signedInWith(ALL);
    serve();
    const leaderless = {
      ...STALE.rows[2]!,
      problems: [START_PROBLEMS.noMainExpert],
    };
    server.use(
      http.get(`${API}/api/planner-periods/2/start/`, () =>
        HttpResponse.json({
          ...STALE,
          rows: [...STALE.rows.slice(0, 2), leaderless],
          ready: 0,
          with_problems: 3,
          blocked_by: START_RULES.problems(3),
        } satisfies StartPreview),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const move = await within(dialog).findByRole('button', {
      name: 'Move them to Week of 11/30/2026…',
    });
    expect(move).toBeDisabled();
    expect(
      within(dialog).getByRole('button', { name: 'Remove them from the plan…' }),
    ).toBeDisabled();
    expect(
      within(dialog).getByText('First fix the planned check with another problem below.'),
    ).toBeVisible();
  });

  it('removes them instead when asked, and sends nothing when the confirmation is cancelled', async () => {
    signedInWith(ALL);
    serve();
    server.use(http.get(`${API}/api/planner-periods/2/start/`, () => HttpResponse.json(STALE)));
    const starts = recordJson('post', '/api/planner-periods/2/start/', () => startedWith(1));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Start planner…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
    const remove = await within(dialog).findByRole('button', {
      name: 'Remove them from the plan…',
    });
    await userEvent.click(remove);
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove 2 planned checks from the plan and start?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(starts).toEqual([]);
    await userEvent.click(remove);
    await userEvent.click(
      within(
        await screen.findByRole('dialog', {
          name: 'Remove 2 planned checks from the plan and start?',
        }),
      ).getByRole('button', {
        name: 'Remove and start',
      }),
    );
    expect(await screen.findByText(START_MESSAGES.started(1, '2026 Q4'))).toBeInTheDocument();
    expect(starts).toEqual([{ stale_weeks: 'remove' }]);
  });
});
