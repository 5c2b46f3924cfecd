import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { recordJson } from '../../../testing/msw/recordJson';
import { signedInWith } from '../../../testing/msw/session';
import { renderRoutes } from '../../../testing/renderRoutes';
import { ERROR_TITLE } from '../../../shared/ui/ErrorScreen';
import { NOT_FOUND_TITLE } from '../../errors/embed';
import ProjectCardPage from './ProjectCardPage';
import { CARD_TABS } from './tabs';
// The tabs' chunks, loaded once up front: each test then waits on its own screen, not on a transform.
import '../tabs/OverviewTab';
import { PROJECT_OVERVIEW_SAVED } from '../tabs/ProjectOverviewTab';
import '../tabs/ProjectOverviewTab';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's project 2, Tasty
 * Gloves microchip, of high ownership; `signedInWith` narrows the flags the screen sees.
 */
const DESCRIPTION = /^Tasty Gloves microchip is delivered for Doyle - Jacobs/;
const EXPERT_DESCRIPTION =
  'Experts: check the answers of the project manager and the QC lead against the evidence, then add your own.';

const ROUTES = [{ path: '/projects/:projectId/:tab?', element: <ProjectCardPage /> }];

beforeEach(async () => {
  await useMockBackend('admin');
});

describe('ProjectCardPage', { timeout: 15_000 }, () => {
  it('shows the header facts and only the tabs the user may view', async () => {
    signedInWith(['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_PROJECT_DETAILS']);
    renderRoutes(ROUTES, '/projects/2/project-overview');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasty Gloves microchip' }),
    ).toBeVisible();
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
    expect(await screen.findByText(DESCRIPTION, undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  // Issue 33: a tab the user may not view, an unknown tab and an unknown project are the app's
  // not-found page, not the crash screen, each with its way back.
  const notFound = async () => {
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    expect(screen.queryByText(ERROR_TITLE)).toBeNull();
  };

  it.each(CARD_TABS.filter((tab) => tab.view))(
    'is the not-found page for the hidden $label tab, with the way back to the project',
    async ({ slug, label }) => {
      signedInWith(['CAN_VIEW_PROJECT_CARD']);
      renderRoutes(ROUTES, `/projects/2/${slug}`);
      await notFound();
      expect(
        screen.getByText(`The ${label} of Tasty Gloves microchip is not open to your role.`, {
          exact: false,
        }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to Tasty Gloves microchip' })).toHaveAttribute(
        'href',
        '/projects/2',
      );
      expect(screen.queryByRole('tablist')).toBeNull();
    },
  );

  it('is the not-found page for a tab the card does not have, naming the address', async () => {
    renderRoutes(ROUTES, '/projects/2/no-such-tab');
    await notFound();
    expect(screen.getByText('/projects/2/no-such-tab')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Tasty Gloves microchip' })).toHaveAttribute(
      'href',
      '/projects/2',
    );
  });

  it.each(['/projects/999999', '/projects/abc/team'])(
    'is the not-found page for a project that is not there (%s), back to the portfolio',
    async (path) => {
      renderRoutes(ROUTES, path);
      await notFound();
      expect(screen.getByText(path)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to the project portfolio' })).toHaveAttribute(
        'href',
        '/projects',
      );
    },
  );

  it('saves the Project overview with PATCH, and keeps the text and shows the field error on a 400', async () => {
    signedInWith(['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_PROJECT_DETAILS', 'CAN_EDIT_PROJECT_DETAILS']);
    // The mock has no rule on a client's name: the first save is refused here, the next one saved.
    let refuse = true;
    const sent = recordJson('patch', '/api/projects/2/', () => {
      if (!refuse) return undefined;
      return HttpResponse.json(
        { description: ['This text may not mention a client by name.'] },
        { status: 400 },
      );
    });
    const user = userEvent.setup();
    renderRoutes(ROUTES, '/projects/2/project-overview');
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
      expert_description: EXPERT_DESCRIPTION,
    });
    expect(
      currentMockBackend()!
        .state()
        .projectDetails.find((details) => details.project_id === 2),
    ).toMatchObject({ description: 'Delivered in three releases.' });
  });

  it('asks before changing the KPI exclusion, and sends it after the confirmation', async () => {
    signedInWith(['CAN_VIEW_PROJECT_CARD', 'CAN_EXCLUDE_FROM_KPI']);
    const sent = recordJson('patch', '/api/projects/2/');
    const user = userEvent.setup();
    renderRoutes(ROUTES, '/projects/2');
    await user.click(await screen.findByRole('button', { name: 'Set “Excluded from KPI”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set “Excluded from KPI”?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(sent).toEqual([{ exclude_from_kpi: true }]));
    await waitFor(() =>
      expect(
        currentMockBackend()!
          .state()
          .projectDetails.find((details) => details.project_id === 2),
      ).toMatchObject({ exclude_from_kpi: true }),
    );
    // No button for ADA without CAN_EDIT_ADA.
    expect(screen.queryByRole('button', { name: /ADA/ })).toBeNull();
  });
});
