import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { urlParams } from '../../../testing/renderRoutes';
import ActionItemsTab, { filterItems, isItemOverdue } from './ActionItemsTab';
import { makeItems, PROJECT, renderTab, useActionItemsBackend } from './attributesTesting';

const renderItems = (permissions: string[], project = PROJECT) =>
  renderTab('action-items', <ActionItemsTab project={project} permissions={permissions} />);

// The seed (of the seed's day) is built once per worker, seconds on two busy cores: ahead of the
// first test.
beforeAll(() => useActionItemsBackend().then(() => vi.useRealTimers()), 60_000);
afterEach(() => vi.useRealTimers());

describe('the Action items tab', { timeout: 20_000 }, () => {
  it('lists each item with its source link, owner and due date, the overdue ones marked', async () => {
    await useActionItemsBackend();
    renderItems([]);
    const table = await screen.findByRole('table', { name: 'Open action items of Apollo Portal' });
    const [, overdue, , finding, later] = within(table).getAllByRole('row');
    expect(overdue).toHaveTextContent('Book a workshop with the client');
    expect(within(overdue!).getByRole('link', { name: 'Risk 119' })).toHaveAttribute(
      'href',
      '/risks/119',
    );
    expect(overdue).toHaveTextContent('Lucia Romero (lromero)');
    expect(overdue).toHaveTextContent('08/08/2026 Overdue');
    expect(later).toHaveTextContent('Book a dedicated environment with the infrastructure team');
    expect(within(later!).getByRole('link', { name: 'Issue 2' })).toHaveAttribute(
      'href',
      '/risks/2',
    );
    expect(later).not.toHaveTextContent('Overdue');
    expect(finding).toHaveTextContent('Risk register not reviewed monthly');
    expect(within(finding!).getByRole('link', { name: 'Audit check AUD_10' })).toHaveAttribute(
      'href',
      '/audit-survey/10/outcomes',
    );
    expect(finding).toHaveTextContent('Priya Nair (pnair)');
    // Without CAN_RESOLVE_ACTION_PLAN: nothing to press.
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('filters by source and owner and searches, in the URL', async () => {
    await useActionItemsBackend();
    const { router } = renderItems([]);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Issues');
    expect(urlParams(router)).toEqual({ source: 'issue' });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 of 5 open action items')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Audits');
    expect(urlParams(router)).toEqual({ source: 'check' });
    expect(screen.getAllByRole('link', { name: 'Audit check AUD_10' })).toHaveLength(2);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Issues');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Owner' }),
      'Priya Nair (pnair)',
    );
    expect(screen.getByText('No action item matches the filters')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'environment');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('marks an item done after a confirmation', async () => {
    const backend = await useActionItemsBackend();
    const item3 = () => backend.state().riskActionItems.find((item) => item.id === 3)!;
    renderItems(['CAN_RESOLVE_ACTION_PLAN']);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Mark done: Book a dedicated environment with the infrastructure team',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Mark “Book a dedicated environment with the infrastructure team” done?',
    });
    expect(item3().done).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('The action item has been marked done.')).toBeInTheDocument();
    expect(item3().done).toBe(true);
    // Finding 3, of the same number, stays open.
    expect(backend.state().outcomes.find((outcome) => outcome.id === 3)!.done_at).toBeNull();
  });

  it("marks a finding's corrective action done through its own call", async () => {
    const backend = await useActionItemsBackend();
    renderItems(['CAN_RESOLVE_ACTION_PLAN']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark done: Risk register not reviewed monthly' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The finding’s corrective action is marked done in Audit check AUD_10',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(backend.state().outcomes.find((outcome) => outcome.id === 3)!.done_at).not.toBeNull(),
    );
    // Issue 2's item 3, of the same number, stays open.
    expect(backend.state().riskActionItems.find((item) => item.id === 3)!.done).toBe(false);
  });

  it('names without a link an audit the user may not open (its action is theirs)', async () => {
    // Priya (pm) owns AUD_10's corrective actions but may not open its findings.
    await useActionItemsBackend('pm');
    renderItems([]);
    const table = await screen.findByRole('table');
    const findings = within(table)
      .getAllByRole('row')
      .filter((row) => row.textContent?.includes('Audit check AUD_10'));
    expect(findings).toHaveLength(2);
    for (const row of findings) expect(within(row).queryByRole('link')).toBeNull();
    expect(within(table).getByRole('link', { name: 'Risk 119' })).toBeInTheDocument();
  });

  it('says when the project has no open action item', async () => {
    await useActionItemsBackend();
    // Project 4 of the seed has none.
    renderItems([], { ...PROJECT, id: 4 });
    expect(await screen.findByText('No open action items')).toBeInTheDocument();
  });
});

describe('action item rules', () => {
  it('is overdue only before today, and filters by every criterion', () => {
    expect(isItemOverdue({ due_date: '2026-11-24' }, new Date(2026, 10, 25, 12))).toBe(true);
    expect(isItemOverdue({ due_date: '2026-11-25' }, new Date(2026, 10, 25, 12))).toBe(false);
    expect(isItemOverdue({ due_date: null }, new Date(2026, 10, 25, 12))).toBe(false);
    const items = makeItems();
    expect(filterItems(items, { q: 'REGULATION' }).map((i) => i.id)).toEqual([117]);
    const keys = (found: typeof items) => found.map((i) => `${i.source.type} ${i.id}`);
    expect(keys(filterItems(items, { owner: '2' }))).toEqual(['issue 3', 'check 3']);
    expect(keys(filterItems(items, { q: 'aud_10' }))).toEqual(['check 3']);
    expect(keys(filterItems(items, { source: 'check' }))).toEqual(['check 3']);
    expect(filterItems(items, { source: 'risk', owner: '2' })).toEqual([]);
  });
});
