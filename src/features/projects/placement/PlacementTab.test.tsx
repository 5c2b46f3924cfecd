import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import { PLACEMENT_TOASTS } from './PlacementDialogs';
import PlacementTab from './PlacementTab';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), on Saturday, November 28,
 * 2026: the seed's project 1, Handmade Ball panel of Stanton - Wyman, is in the programme Media
 * platform renewal, at the top of its hierarchy over Elegant Chair matrix and Refined Towels
 * program, related to Ergonomic Salad application; it depends on Elegant Chair matrix, and
 * Ergonomic Salad application (due 11/10/2026) and Refined Towels program depend on it. Project
 * 200, Sleek Computer feed, has no link.
 */
const PROJECT = {
  id: 1,
  name: 'Handmade Ball panel',
  account: { id: 18, name: 'Stanton - Wyman' },
  business_line: { id: 8, name: 'Media' },
  business_segment: { id: 4, name: 'Retail and Media' },
} as ProjectDetail;

const URL = '/api/projects/1/placement/';

beforeEach(async () => {
  // The clock first: the seed of that day, whatever day the tests run on.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
  await useMockBackend('admin');
});
afterEach(() => vi.useRealTimers());

const EDIT = ['CAN_VIEW_PROJECT_CARD', 'CAN_EDIT_PROJECT_CARD'];
const renderTab = (permissions: string[], project = PROJECT) =>
  renderRoute(
    <>
      <PlacementTab project={project} permissions={permissions} />
      <ToastContainer />
    </>,
    { path: '/' },
  );

const pick = async (dialog: HTMLElement, label: string, text: string, option: RegExp) => {
  const box = within(dialog).getByRole('combobox', { name: label });
  await userEvent.clear(box);
  await userEvent.type(box, text);
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('PlacementTab', () => {
  it('shows the place, programme, hierarchy, related projects and both directions, read-only without the flag', async () => {
    renderTab(['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_ACCOUNT_TAB']);
    expect(await screen.findByText('Media platform renewal')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Stanton - Wyman' })).toHaveAttribute(
      'href',
      '/accounts/18',
    );
    // Without their flags, the line and segment are names, not links.
    expect(screen.queryByRole('link', { name: 'Media' })).not.toBeInTheDocument();
    expect(screen.getByText(/is at the top of its hierarchy/)).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Refined Towels program' })[0]).toHaveAttribute(
      'href',
      '/projects/19/project-portfolio',
    );
    const dependsOn = screen.getByRole('table', { name: 'Handmade Ball panel depends on' });
    expect(within(dependsOn).getByRole('rowheader')).toHaveTextContent('Elegant Chair matrix');
    const dependedOn = screen.getByRole('table', {
      name: 'Projects that depend on Handmade Ball panel',
    });
    expect(within(dependedOn).getByRole('row', { name: /Ergonomic Salad/ })).toHaveTextContent(
      '11/10/2026 Past due',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Read-only for you.');
    expect(screen.queryByRole('button', { name: /Change programme/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add dependency' })).not.toBeInTheDocument();
  });

  it('refuses the project as its own parent on the form, shows the server’s field error, then saves', async () => {
    const bodies = recordJson('patch', URL);
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change programme and parent' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Programme and parent project' });
    const programme = within(dialog).getByLabelText('Programme');
    // Only the programmes of the project's account are offered.
    expect(
      within(programme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'No programme',
      'Data and analytics (PRG-SW-02)',
      'Media platform renewal (PRG-SW-01)',
    ]);
    await pick(dialog, 'Parent project', 'Handmade', /^Handmade Ball panel/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A project cannot be its own parent.')).toBeVisible();
    expect(bodies).toEqual([]);

    await pick(dialog, 'Parent project', 'Towels', /^Refined Towels program/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/cannot be placed under its own sub-project/),
    ).toBeVisible();

    await pick(dialog, 'Parent project', 'Pants', /^Intelligent Pants panel/);
    await userEvent.selectOptions(programme, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLACEMENT_TOASTS.placed)).toBeVisible();
    expect(bodies[1]).toEqual({ programme_id: 2, parent_id: 213 });
    expect(
      currentMockBackend()!
        .state()
        .projectPlacements.find((row) => row.project_id === 1),
    ).toMatchObject({ programme_id: 2, parent_id: 213 });
  });

  it('adds a dependency the other project depends on, after checking the form', async () => {
    const bodies = recordJson('post', '/api/projects/1/dependencies/');
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Add dependency' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a dependency' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add dependency' }));
    expect(await within(dialog).findByText('Choose the other project.')).toBeVisible();
    expect(within(dialog).getByText('Choose the type of dependency.')).toBeVisible();
    await userEvent.click(within(dialog).getByLabelText('It depends on this project'));
    await pick(dialog, 'Other project', 'Pants', /^Intelligent Pants panel/);
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'finish_to_start');
    await userEvent.type(within(dialog).getByLabelText(/^Due date/), '01/15/2027');
    await userEvent.type(within(dialog).getByLabelText(/^Note/), 'After the API release.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add dependency' }));
    expect(await screen.findByText(PLACEMENT_TOASTS.dependencyAdded)).toBeVisible();
    expect(bodies).toEqual([
      {
        direction: 'depended_on_by',
        project_id: 213,
        type: 'finish_to_start',
        note: 'After the API release.',
        due_date: '2027-01-15',
      },
    ]);
    const dependedOn = screen.getByRole('table', {
      name: 'Projects that depend on Handmade Ball panel',
    });
    expect(
      await within(dependedOn).findByRole('row', { name: /Intelligent Pants panel/ }),
    ).toHaveTextContent('01/15/2027');
  });

  it('removes a related project and deletes a dependency only after a confirmation', async () => {
    const backend = currentMockBackend()!;
    const related = () =>
      backend.state().projectRelations.filter(({ project_ids }) => project_ids.includes(1));
    const dependsOn = () =>
      backend.state().projectDependencies.filter((dep) => dep.from_project_id === 1);
    expect(related().map(({ project_ids }) => project_ids)).toEqual([[1, 109]]);
    expect(dependsOn().map((dep) => dep.id)).toEqual([2]);
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove “Ergonomic Salad application”' }),
    );
    const unrelate = screen.getByRole('dialog', {
      name: 'Remove “Ergonomic Salad application” from the related projects?',
    });
    expect(related()).toHaveLength(1);
    await userEvent.click(within(unrelate).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PLACEMENT_TOASTS.unrelated)).toBeVisible();

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Actions for the dependency with “Elegant Chair matrix”',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the dependency with “Elegant Chair matrix”?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PLACEMENT_TOASTS.dependencyDeleted)).toBeVisible();
    expect(related()).toEqual([]);
    expect(dependsOn()).toEqual([]);
    expect(screen.getByText('No related project.')).toBeVisible();
    expect(screen.getByText('Handmade Ball panel depends on no other project.')).toBeVisible();
  });

  it('says when nothing is linked yet, and when the tab could not be loaded', async () => {
    const first = renderTab(EDIT, {
      ...PROJECT,
      id: 200,
      name: 'Sleek Computer feed',
    } as ProjectDetail);
    expect(await screen.findByText('Not part of a programme')).toBeVisible();
    expect(screen.getByText('No related project.')).toBeVisible();
    expect(screen.getByText('Sleek Computer feed depends on no other project.')).toBeVisible();
    first.unmount();
    server.use(http.get(`${API}${URL}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab(EDIT);
    expect(
      await screen.findByText('The project’s portfolio links could not be loaded'),
    ).toBeVisible();
    // The place comes from the card itself and shows all the same.
    expect(screen.getByText('Retail and Media')).toBeVisible();
  });
});
