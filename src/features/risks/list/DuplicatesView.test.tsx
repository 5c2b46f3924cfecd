import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '../../../api/contract/risks';
import type { MockBackend } from '../../../testing/mockBackend';
import { recordRequests } from '../../../testing/recordRequests';
import { urlParams } from '../../../testing/renderRoutes';
import { renderRisks, useRiskBackend } from './listTesting';
import { buildSeedFirst } from '../../../testing/mockBackend';

/**
 * Against the mock backend as Alex Morgan (admin, who resolves risks) on the seed's clock. The
 * seed's one group of duplicates, group 1, is project 2's (Tasty Gloves microchip): Lucia
 * Romero's risk 4 first created, then Priya Nair's risk 5 and David Kowalski's risk 6.
 */
const INITIAL = 'Client acceptance criteria are not agreed for the reporting module';
const PRIYAS = 'Acceptance criteria for the reporting module are not agreed with the client';
const DAVIDS = 'The client has not agreed the acceptance criteria of the reporting module';

const group = () => screen.getByRole('article', { name: /Group 1/ });
const duplicateItem = (statement: string) =>
  within(group()).getByRole('link', { name: statement }).closest('li') as HTMLElement;

/** How risk `id` stands in the mock's state: open, or closed and why. */
const standing = (backend: MockBackend, id: number) => {
  const risk = backend.state().risks.find((one) => one.id === id)!;
  return { status: risk.status, resolution: risk.resolution };
};

buildSeedFirst('seed');

describe('duplicates', () => {
  it('keeps the search of the list: its box shows it and only groups with a match are listed', async () => {
    const backend = await useRiskBackend('admin');
    // A second group, set up in the mock's state: project 1's risks 1 (Key developer) and 7.
    const state = backend.runtime.db.getState();
    state.duplicateGroups.push({ id: 2, risk_ids: [1, 7], excluded: [] });
    for (const risk of state.risks) if (risk.id === 1 || risk.id === 7) risk.duplicates_group = 2;
    renderRisks('/risks?view=duplicates&search=acceptance');
    await screen.findByRole('article', { name: /Group 1/ });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('acceptance');
    expect(screen.queryByRole('article', { name: /Group 2/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 group of duplicates');
    // Without the search, both.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(await screen.findByRole('article', { name: /Group 2/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 groups of duplicates');
  });

  it('shows each group with its initial risk first and links to every risk', async () => {
    await useRiskBackend('admin');
    const seen = recordRequests('/api/risk-duplicates/');
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({});
    expect(screen.getByRole('link', { name: 'Duplicates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(group()).getByText('Initial · first created')).toBeInTheDocument();
    expect(within(group()).getByText('Project risk · Tasty Gloves microchip')).toBeInTheDocument();
    const links = within(group()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/risks/4',
      '/risks/5',
      '/risks/6',
    ]);
    expect(duplicateItem(PRIYAS)).toHaveTextContent('Priya Nair (pnair)');
    expect(
      within(duplicateItem(PRIYAS)).getByRole('button', {
        name: 'Close as duplicate',
      }),
    ).toHaveAccessibleDescription(PRIYAS);
  });

  it('merges a group into its initial risk after explaining what happens', async () => {
    const backend = await useRiskBackend('admin');
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.click(within(group()).getByRole('button', { name: 'Merge to initial' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge to the initial risk?' });
    expect(dialog).toHaveTextContent(
      `The action items of the 2 duplicates move into the action plan of the initial risk “${INITIAL}”, and they are closed as duplicates.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge to initial' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeInTheDocument();
    expect([4, 5, 6].map((id) => standing(backend, id))).toEqual([
      { status: 'open', resolution: null },
      { status: 'closed', resolution: 'duplicate' },
      { status: 'closed', resolution: 'duplicate' },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'No duplicates to review' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes one duplicate, or takes one out of the group, each after confirming', async () => {
    const backend = await useRiskBackend('admin');
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.click(
      within(duplicateItem(PRIYAS)).getByRole('button', {
        name: 'Close as duplicate',
      }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Close as duplicate?' });
    expect(dialog).toHaveTextContent(
      `“${PRIYAS}” is closed as a duplicate of “${INITIAL}”. Its action items are not merged.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(standing(backend, 5)).toEqual({ status: 'open', resolution: null });

    await userEvent.click(
      within(duplicateItem(PRIYAS)).getByRole('button', {
        name: 'Close as duplicate',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Close as duplicate?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close as duplicate' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeInTheDocument();
    expect(standing(backend, 5)).toEqual({ status: 'closed', resolution: 'duplicate' });
    await waitFor(() => expect(within(group()).queryByText(PRIYAS)).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Group 1/));

    await userEvent.click(
      within(duplicateItem(DAVIDS)).getByRole('button', {
        name: 'Not a duplicate',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Not a duplicate?' });
    expect(dialog).toHaveTextContent('leaves this group and is never shown in it again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not a duplicate' }));
    await waitFor(() =>
      expect(backend.state().duplicateGroups.find((one) => one.id === 1)!.excluded).toEqual([6]),
    );
    expect(standing(backend, 6)).toEqual({ status: 'open', resolution: null });
    expect(
      await screen.findByRole('heading', { name: 'No duplicates to review' }),
    ).toBeInTheDocument();
  });

  it('narrows the groups to a level and a scope, in the URL', async () => {
    await useRiskBackend('admin');
    const seen = recordRequests('/api/risk-duplicates/');
    const { router } = renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Project level');
    expect(urlParams(router)).toEqual({ view: 'duplicates', level: 'project' });
    const picker = screen.getByRole('combobox', { name: 'Project' });
    await userEvent.type(picker, 'tasty glo');
    await userEvent.click(await screen.findByRole('option', { name: 'Tasty Gloves microchip' }));
    expect(urlParams(router)).toEqual({ view: 'duplicates', level: 'project', scope: '2' });
    await waitFor(() =>
      expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
        level: 'project',
        scope: '2',
      }),
    );
  });
});
