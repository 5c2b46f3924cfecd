import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { urlParams } from '../../../testing/renderRoutes';
import ActionItemsTab, { filterItems, isItemOverdue } from './ActionItemsTab';
import { makeItems, PROJECT, renderTab, serveAttributes } from './attributesTesting';

const renderItems = (permissions: string[]) =>
  renderTab('action-items', <ActionItemsTab project={PROJECT} permissions={permissions} />);

describe('the Action items tab', { timeout: 20_000 }, () => {
  it('lists each item with its source link, owner and due date, the overdue one marked', async () => {
    serveAttributes();
    renderItems([]);
    const table = await screen.findByRole('table', { name: 'Open action items of Apollo Portal' });
    const [, overdue, later, finding] = within(table).getAllByRole('row');
    expect(overdue).toHaveTextContent('Book a workshop with the client');
    expect(within(overdue!).getByRole('link', { name: 'Risk 119' })).toHaveAttribute(
      'href',
      '/risks/119',
    );
    expect(overdue).toHaveTextContent('Lucia Romero (lromero)');
    expect(overdue).toHaveTextContent('08/08/2020 Overdue');
    expect(within(later!).getByRole('link', { name: 'Issue 2' })).toHaveAttribute(
      'href',
      '/risks/2',
    );
    expect(later).not.toHaveTextContent('Overdue');
    expect(within(finding!).getByRole('link', { name: 'Audit check AUD_10' })).toHaveAttribute(
      'href',
      '/audit-survey/10/outcomes',
    );
    expect(finding).toHaveTextContent('Audit check AUD_10');
    // Without CAN_RESOLVE_ACTION_PLAN: nothing to press.
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('filters by source and owner and searches, in the URL', async () => {
    serveAttributes();
    const { router } = renderItems([]);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Issues');
    expect(urlParams(router)).toEqual({ source: 'issue' });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 of 3 open action items')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Audits');
    expect(urlParams(router)).toEqual({ source: 'check' });
    expect(screen.getByRole('link', { name: 'Audit check AUD_10' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Issues');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Owner' }),
      'Lucia Romero (lromero)',
    );
    expect(screen.getByText('No action item matches the filters')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'environment');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('marks an item done after a confirmation', async () => {
    const sent = serveAttributes();
    renderItems(['CAN_RESOLVE_ACTION_PLAN']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark done: Book a dedicated environment' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Mark “Book a dedicated environment” done?',
    });
    expect(sent.resolved).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(sent.resolved).toEqual(['item 3']));
    expect(await screen.findByText('The action item has been marked done.')).toBeInTheDocument();
  });

  it("marks a finding's corrective action done through its own call", async () => {
    const sent = serveAttributes();
    renderItems(['CAN_RESOLVE_ACTION_PLAN']);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Mark done: Sign change requests for the two scope changes',
      }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The finding’s corrective action is marked done in Audit check AUD_10',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(sent.resolved).toEqual(['finding 3']));
  });

  it('names without a link an audit the user may not open (its action is theirs)', async () => {
    const [, , finding] = makeItems();
    serveAttributes({ items: [{ ...finding!, source: { ...finding!.source, can_open: false } }] });
    renderItems([]);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Audit check AUD_10')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it('says when the project has no open action item', async () => {
    serveAttributes({ items: [] });
    renderItems([]);
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
