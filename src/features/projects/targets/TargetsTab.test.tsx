import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { periodOf } from '../../../api/contract/targets';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { renderRoute } from '../../../testing/renderRoutes';
import { dexSetupApi } from '../dexSetup/api';
import TargetsTab from './TargetsTab';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the DEX set up of the seed's
 * project 1 asks for four targets of this quarter (on-time delivery, CSAT, budget variance, defect
 * leakage), all set, and for checks and checklists (not listed here).
 */
const PROJECT = {
  id: 1,
  name: 'Handmade Ball panel',
  account: { id: 18, name: 'Stanton - Wyman' },
} as ProjectDetail;
const PERIOD = periodOf(new Date());
const ASKED_TARGETS = ['on_time_delivery', 'csat', 'budget_variance', 'defect_leakage'];

beforeEach(async () => {
  await useMockBackend('admin');
});

const projectTargets = () =>
  currentMockBackend()!
    .state()
    .targets.filter((target) => target.project_id === PROJECT.id);

/** Takes out the project's targets the test names, as if never set. */
function unset(keep: (target: ReturnType<typeof projectTargets>[number]) => boolean) {
  const targets = currentMockBackend()!.runtime.db.getState().targets;
  for (let index = targets.length - 1; index >= 0; index -= 1)
    if (targets[index]!.project_id === PROJECT.id && !keep(targets[index]!))
      targets.splice(index, 1);
}

const renderTab = (permissions: string[]) =>
  renderRoute(<TargetsTab project={PROJECT} permissions={permissions} />);
const asked = () => screen.findByRole('list', { name: 'Targets the DEX scope asks for' });

describe('TargetsTab: asked for by the DEX scope', () => {
  it('sets a missing target from the scope: metric and quarter filled in, then In place', async () => {
    unset((target) => target.metric !== 'csat' || target.period !== PERIOD);
    const before = projectTargets().length;
    renderTab(['CAN_EDIT_TARGETS']);
    const list = await asked();
    const item = (label: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((entry) => entry.textContent!.startsWith(label))!;
    const csat = item('Customer satisfaction (CSAT)');
    const onTime = item('On-time delivery %');
    expect(csat).toHaveTextContent(`Customer satisfaction (CSAT)MissingNo target for ${PERIOD}`);
    expect(onTime).toHaveTextContent(`On-time delivery %In placeTarget set for ${PERIOD}`);
    // Only the targets of the scope; a set one offers nothing.
    expect(list).not.toHaveTextContent('Health check');
    expect(within(onTime).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DEX set up' })).toHaveAttribute(
      'href',
      '/projects/1/dex-set-up',
    );

    await userEvent.click(
      within(csat).getByRole('button', { name: 'Set target: Customer satisfaction (CSAT)' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Add project target' });
    expect(within(dialog).getByLabelText('Metric')).toHaveValue('csat');
    expect(within(dialog).getByLabelText('Period')).toHaveValue(PERIOD);
    await userEvent.type(within(dialog).getByLabelText('Planned value'), '4.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add target' }));

    // The scope's answer read again: the mock finds the target set.
    expect(await within(csat).findByText('In place')).toBeVisible();
    expect(csat).toHaveTextContent(`Target set for ${PERIOD}`);
    expect(within(csat).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(projectTargets()).toHaveLength(before + 1);
    expect(
      projectTargets().filter((target) => target.metric === 'csat' && target.period === PERIOD),
    ).toEqual([expect.objectContaining({ kind: 'project', planned: 4.5, actual: null })]);
  });

  it('offers no "Set target" to who may not edit the project’s targets', async () => {
    unset((target) => target.metric !== 'csat');
    renderTab(['CAN_EDIT_ACCOUNT_PROJECT_TARGETS']);
    const list = await asked();
    expect(list).toHaveTextContent('Missing');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is hidden when the scope asks for no target', async () => {
    // No target set, and none asked for: the set up leaves the target practices out of scope.
    unset(() => false);
    const setup = currentMockBackend()!
      .runtime.db.getState()
      .dexSetups.find((row) => row.project_id === PROJECT.id)!;
    for (const practice of setup.practices)
      if (ASKED_TARGETS.includes(practice.code)) practice.in_scope = false;
    const { store } = renderTab(['CAN_EDIT_TARGETS']);
    expect(await screen.findByText(/No project targets yet/)).toBeVisible();
    await waitFor(() =>
      expect(dexSetupApi.endpoints.getDexSetup.select(1)(store.getState()).isSuccess).toBe(true),
    );
    expect(
      screen.queryByRole('heading', { name: 'Asked for by the DEX scope' }),
    ).not.toBeInTheDocument();
  });
});
