import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeedFirst } from '../../../testing/mockBackend';
import { renderRoutes } from '../../../testing/renderRoutes';
import { giveTableLayout, PROJECT_1, renderRisks, useRiskBackend } from './listTesting';
import { RiskListView } from './RiskListView';

/** Project 1's list as its Risks tab shows it: the page is the scope. */
const renderProjectTab = () =>
  renderRoutes(
    [{ path: '/projects/1/risks', element: <RiskListView level="project" scope={1} fixedScope /> }],
    '/projects/1/risks',
  );

const headers = async () =>
  within(await screen.findByRole('table', { name: /risks and issues/ }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

const REGISTER_KEY = 'pep.risk-list.hidden-columns';
const TAB_KEY = 'pep.risk-list.fixed-scope.hidden-columns';

buildSeedFirst('seed');
beforeEach(() => giveTableLayout());

describe('the columns a risk list shows', () => {
  it('leaves out the scope on a page that is the scope, where every row has the same', async () => {
    await useRiskBackend('qcl');
    renderProjectTab();
    expect(await headers()).toEqual([
      'ID',
      'Kind',
      'Statement',
      'Status',
      'Rating',
      'Owner',
      'Due',
    ]);

    // Shown on asking, kept for the tab, not for the register.
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Show columns' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Level / scope' }));
    expect(await headers()).toContain('Level / scope');
    expect(JSON.parse(localStorage.getItem(TAB_KEY) ?? '[]')).not.toContain('scope');
    expect(localStorage.getItem(REGISTER_KEY)).toBeNull();
    // Reset: the tab's defaults again.
    await userEvent.click(screen.getByRole('button', { name: 'Back to the default columns' }));
    expect(await headers()).not.toContain('Level / scope');
  });

  it('honours a choice of columns kept from before, on the register and on the tab', async () => {
    // Chosen before the defaults changed: every column but Kind.
    localStorage.setItem(REGISTER_KEY, JSON.stringify(['kind']));
    await useRiskBackend('qcl');
    const { unmount } = renderRisks(PROJECT_1);
    const all = ['Probability', 'Impact', 'Rating', 'Priority', 'Severity', 'Owner', 'Due'];
    expect(await headers()).toEqual([
      'ID',
      'Statement',
      'Level / scope',
      'Status',
      ...all,
      'Labels',
      'Updated',
    ]);
    unmount();
    renderProjectTab();
    expect(await headers()).toEqual(['ID', 'Statement', 'Status', ...all, 'Labels', 'Updated']);
  });
});
