import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionItem } from '../../../api/contract/risks';
import { LUCIA } from '../../../testing/msw/riskFixtures';
import { onAPhone } from '../../../testing/phone';
import { PRIYA, makeRisk, renderRiskRoute, serveRisk } from './detailTesting';

const ITEMS: ActionItem[] = [
  {
    id: 1,
    title: 'Pair a second engineer on the payment integration',
    owner: LUCIA,
    due_date: '2026-12-20',
    done: false,
    created_at: '2026-11-01T09:00:00Z',
  },
  {
    id: 2,
    title: 'Write down the release runbook',
    owner: PRIYA,
    due_date: '2026-12-05',
    done: true,
    created_at: '2026-11-02T09:00:00Z',
  },
];

describe('the action plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a card per item on a phone, the action first, and edits an item in its place', async () => {
    onAPhone();
    serveRisk(makeRisk({ action_items_count: 2 }), { items: ITEMS });
    renderRiskRoute('/risks/1?tab=action-items');
    const table = await screen.findByRole('table', { name: 'Action items of this risk' });
    const card = (index: number) => within(table).getAllByRole('row')[index]!;
    expect([...card(1).children].map((cell) => cell.textContent)).toEqual([
      'Pair a second engineer on the payment integration',
      'Done',
      'OwnerLucia Romero (lromero)',
      'Due12/20/2026',
      'Edit Pair a second engineer on the payment integrationDelete Pair a second engineer on the payment integration',
    ]);
    expect(
      within(card(1)).getByRole('checkbox', {
        name: 'Done: Pair a second engineer on the payment integration',
      }),
    ).not.toBeChecked();

    // Sorted by Due, the earlier item comes first, and the caption says so.
    await userEvent.click(within(table).getByRole('button', { name: 'Due' }));
    expect(table).toHaveAccessibleName('Action items of this risk, sorted by Due');
    expect(within(card(1)).getByRole('rowheader')).toHaveTextContent(
      'Write down the release runbook',
    );

    // Edit: the item's form takes its card's place.
    await userEvent.click(
      within(card(2)).getByRole('button', { name: /^Edit ?Pair a second engineer/ }),
    );
    const form = within(card(2)).getByRole('form', {
      name: 'Change “Pair a second engineer on the payment integration”',
    });
    expect(within(form).getByRole('textbox', { name: 'Action' })).toHaveValue(ITEMS[0]!.title);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card(2)).getByRole('rowheader')).toHaveTextContent(ITEMS[0]!.title);
  });
});
