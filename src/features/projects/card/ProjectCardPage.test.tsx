import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectPatch } from '../../../api/contract/projects';
import { TEST_USER } from '../../../testing/msw/fixtures';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/renderRoutes';
import ProjectCardPage from './ProjectCardPage';
// The tabs' chunks, loaded once up front: each test then waits on its own screen, not on a transform.
import '../tabs/OverviewTab';
import { PROJECT_OVERVIEW_SAVED } from '../tabs/ProjectOverviewTab';
import '../tabs/ProjectOverviewTab';

const PROJECT: ProjectDetail = {
  id: 7,
  name: 'Apollo Portal',
  code: 'APO-0007',
  status: 'active',
  high_ownership: true,
  account: { id: 3, name: 'Hudson - Bradtke' },
  business_line: { id: 1, name: 'Banking' },
  business_segment: { id: 1, name: 'Financial Services' },
  manager: { id: 2, name: 'Priya Nair', login: 'pnair' },
  start_date: '2025-08-14',
  end_date: null,
  description: 'Delivered for the bank.',
  expert_description: 'Check the evidence.',
  exclude_from_kpi: false,
  ada: false,
  profile_revenue: null,
  open_risks: 2,
  open_issues: 1,
  checks_in_progress: 1,
  team_size: 4,
};

const ROUTES = [{ path: '/projects/:projectId/:tab?', element: <ProjectCardPage /> }];

function serve(permissions: string[], project = PROJECT) {
  server.use(
    http.get(`${API}/api/auth/self/`, () => HttpResponse.json({ ...TEST_USER, permissions })),
    http.get(`${API}/api/projects/7/`, () => HttpResponse.json(project)),
    http.post(`${API}/api/stats/`, () => HttpResponse.json({}, { status: 201 })),
    http.get(`${API}/api/projects/7/targets/`, () => HttpResponse.json([])),
    http.get(`${API}/api/projects/7/gen-ai-usage/`, () =>
      HttpResponse.json({ tools: [], unapproved_tools: [] }),
    ),
  );
}

describe('ProjectCardPage', { timeout: 15_000 }, () => {
  it('shows the header facts and only the tabs the user may view', async () => {
    serve(['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_PROJECT_DETAILS']);
    renderRoutes(ROUTES, '/projects/7/project-overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apollo Portal' })).toBeVisible();
    expect(screen.getByText('High ownership')).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Project card sections' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toContain('Project overview');
    // CAN_VIEW_TEAM, CAN_VIEW_CHECKS and CAN_VIEW_RISKS are missing: their tabs are not there.
    expect(names).not.toContain('Team');
    expect(names).not.toContain('Checks');
    expect(names).not.toContain('Risks');
    // Read-only without CAN_EDIT_PROJECT_DETAILS.
    // The tab's panel is its own chunk: the first load may take a moment.
    expect(
      await screen.findByText('Delivered for the bank.', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('is the not-found state for a tab the user may not view', async () => {
    serve(['CAN_VIEW_PROJECT_CARD']);
    renderRoutes(ROUTES, '/projects/7/team');
    expect(await screen.findByText('Looks like something went wrong')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the project portfolio' })).toBeVisible();
  });

  it('saves the Project overview with PATCH, and keeps the text and shows the field error on a 400', async () => {
    serve(['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_PROJECT_DETAILS', 'CAN_EDIT_PROJECT_DETAILS']);
    const sent: ProjectPatch[] = [];
    let refuse = true;
    server.use(
      http.patch(`${API}/api/projects/7/`, async ({ request }) => {
        const body = (await request.json()) as ProjectPatch;
        sent.push(body);
        if (refuse)
          return HttpResponse.json(
            { description: ['This text may not mention a client by name.'] },
            { status: 400 },
          );
        return HttpResponse.json({ ...PROJECT, ...body });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(ROUTES, '/projects/7/project-overview');
    const description = await screen.findByLabelText('Description', undefined, {
      timeout: 5000,
    });
    await user.clear(description);
    await user.type(description, 'Ask ACME first.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      (await screen.findAllByText('This text may not mention a client by name.')).length,
    ).toBeGreaterThan(0);
    expect(description).toHaveValue('Ask ACME first.');
    expect(description).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.clear(description);
    await user.type(description, 'Delivered in three releases.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Saved, the form is clean: Save is off, and keeps the focus it had.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveFocus();
    // And says so (issue 33: every save says so).
    expect(await screen.findByText(PROJECT_OVERVIEW_SAVED)).toBeVisible();
    expect(sent.at(-1)).toEqual({
      description: 'Delivered in three releases.',
      expert_description: 'Check the evidence.',
    });
  });

  it('asks before changing the KPI exclusion, and sends it after the confirmation', async () => {
    serve(['CAN_VIEW_PROJECT_CARD', 'CAN_EXCLUDE_FROM_KPI']);
    const sent: ProjectPatch[] = [];
    server.use(
      http.patch(`${API}/api/projects/7/`, async ({ request }) => {
        const body = (await request.json()) as ProjectPatch;
        sent.push(body);
        return HttpResponse.json({ ...PROJECT, ...body });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(ROUTES, '/projects/7');
    await user.click(await screen.findByRole('button', { name: 'Set “Excluded from KPI”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set “Excluded from KPI”?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(sent).toEqual([{ exclude_from_kpi: true }]));
    // No button for ADA without CAN_EDIT_ADA.
    expect(screen.queryByRole('button', { name: /ADA/ })).toBeNull();
  });
});
