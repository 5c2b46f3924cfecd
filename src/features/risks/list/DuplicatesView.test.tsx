import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { RISK_MESSAGES, type DuplicatesGroup } from '../../../api/contract/risks';
import { signedInWith } from '../../../testing/msw/session';
import { urlParams } from '../../../testing/renderRoutes';
import {
  makeRisk,
  RAVI,
  recordPost,
  renderRisks,
  serveDuplicates,
  serveScopes,
} from './listTesting';

const project2 = { id: 2, name: 'Borealis', level: 'project' as const };
const GROUP: DuplicatesGroup = {
  id: 1,
  initial: makeRisk({
    id: 4,
    statement: 'Vendor API may change without notice',
    scope: project2,
    duplicates_group: 1,
    created_at: '2026-09-01T09:00:00Z',
  }),
  duplicates: [
    makeRisk({
      id: 5,
      statement: 'Vendor may change the API',
      scope: project2,
      owner: RAVI,
      duplicates_group: 1,
    }),
    makeRisk({ id: 6, statement: 'API of the vendor is unstable', scope: project2 }),
  ],
};

const group = () => screen.getByRole('article', { name: /Group 1/ });
const duplicateItem = (statement: string) =>
  within(group()).getByRole('link', { name: statement }).closest('li') as HTMLElement;

beforeEach(() => {
  signedInWith([]);
  serveScopes([project2]);
});

describe('duplicates', () => {
  it('keeps the search of the list: its box shows it and only groups with a match are listed', async () => {
    const other: DuplicatesGroup = {
      id: 2,
      initial: makeRisk({ id: 8, statement: 'Budget may overrun', scope: project2 }),
      duplicates: [makeRisk({ id: 9, statement: 'Costs could exceed budget', scope: project2 })],
    };
    serveDuplicates(() => [GROUP, other]);
    renderRisks('/risks?view=duplicates&search=unstable');
    await screen.findByRole('article', { name: /Group 1/ });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('unstable');
    expect(screen.queryByRole('article', { name: /Group 2/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 group of duplicates');
  });

  it('shows each group with its initial risk first and links to every risk', async () => {
    const seen = serveDuplicates(() => [GROUP]);
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({});
    expect(screen.getByRole('link', { name: 'Duplicates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(group()).getByText('Initial · first created')).toBeInTheDocument();
    expect(within(group()).getByText('Project risk · Borealis')).toBeInTheDocument();
    const links = within(group()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/risks/4',
      '/risks/5',
      '/risks/6',
    ]);
    expect(duplicateItem('Vendor may change the API')).toHaveTextContent('Ravi Patel (rpatel)');
    expect(
      within(duplicateItem('Vendor may change the API')).getByRole('button', {
        name: 'Close as duplicate',
      }),
    ).toHaveAccessibleDescription('Vendor may change the API');
  });

  it('merges a group into its initial risk after explaining what happens', async () => {
    let groups = [GROUP];
    serveDuplicates(() => groups);
    const merges = recordPost('/api/risk-duplicates/1/merge/', () => {
      groups = [];
      return HttpResponse.json(null);
    });
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.click(within(group()).getByRole('button', { name: 'Merge to initial' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge to the initial risk?' });
    expect(dialog).toHaveTextContent(
      'The action items of the 2 duplicates move into the action plan of the initial risk “Vendor API may change without notice”, and they are closed as duplicates.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge to initial' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeInTheDocument();
    expect(merges).toEqual([{}]);
    expect(
      await screen.findByRole('heading', { name: 'No duplicates to review' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes one duplicate, or takes one out of the group, each after confirming', async () => {
    let groups = [GROUP];
    serveDuplicates(() => groups);
    const closes = recordPost('/api/risk-duplicates/1/close/', (body) => {
      const riskId = (body as { risk_id: number }).risk_id;
      groups = [{ ...GROUP, duplicates: GROUP.duplicates.filter((risk) => risk.id !== riskId) }];
      return HttpResponse.json(groups[0]);
    });
    const kept = recordPost('/api/risk-duplicates/1/not-duplicate/', () => {
      groups = [];
      return HttpResponse.json(null);
    });
    renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.click(
      within(duplicateItem('Vendor may change the API')).getByRole('button', {
        name: 'Close as duplicate',
      }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Close as duplicate?' });
    expect(dialog).toHaveTextContent(
      '“Vendor may change the API” is closed as a duplicate of “Vendor API may change without notice”. Its action items are not merged.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(closes).toEqual([]);

    await userEvent.click(
      within(duplicateItem('Vendor may change the API')).getByRole('button', {
        name: 'Close as duplicate',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Close as duplicate?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close as duplicate' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeInTheDocument();
    expect(closes).toEqual([{ risk_id: 5 }]);
    await waitFor(() =>
      expect(within(group()).queryByText('Vendor may change the API')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Group 1/));

    await userEvent.click(
      within(duplicateItem('API of the vendor is unstable')).getByRole('button', {
        name: 'Not a duplicate',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Not a duplicate?' });
    expect(dialog).toHaveTextContent('leaves this group and is never shown in it again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not a duplicate' }));
    expect(kept).toEqual([{ risk_id: 6 }]);
    expect(
      await screen.findByRole('heading', { name: 'No duplicates to review' }),
    ).toBeInTheDocument();
  });

  it('narrows the groups to a level and a scope, in the URL', async () => {
    const seen = serveDuplicates(() => [GROUP]);
    const { router } = renderRisks('/risks?view=duplicates');
    await screen.findByRole('article', { name: /Group 1/ });

    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Project level');
    expect(urlParams(router)).toEqual({ view: 'duplicates', level: 'project' });
    const picker = screen.getByRole('combobox', { name: 'Project' });
    await userEvent.type(picker, 'bor');
    await userEvent.click(await screen.findByRole('option', { name: 'Borealis' }));
    expect(urlParams(router)).toEqual({ view: 'duplicates', level: 'project', scope: '2' });
    await waitFor(() =>
      expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
        level: 'project',
        scope: '2',
      }),
    );
  });
});
