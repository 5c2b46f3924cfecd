import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../../testing/mockBackend';
import { onAPhone } from '../../../testing/phone';
import { renderRiskRoute } from './detailTesting';

const FIRST = 'Pair a second engineer on the payment integration';

/**
 * The mock backend answers as `risk_owner` (src/testing/mockBackend.ts): the seed's risk 1 has
 * two action items, Lucia Romero's open one (due 12/01/2026) and Priya Nair's runbook, done
 * (due 11/25/2026).
 */
// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);

describe('the action plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a card per item on a phone, the action first, and edits an item in its place', async () => {
    onAPhone();
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/1?tab=action-items');
    const table = await screen.findByRole('table', { name: 'Action items of this risk' });
    const card = (index: number) => within(table).getAllByRole('row')[index]!;
    expect([...card(1).children].map((cell) => cell.textContent)).toEqual([
      'Pair a second engineer on the payment integration',
      'Done',
      'OwnerLucia Romero (lromero)',
      'Due12/01/2026',
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
      'Write down the integration runbook',
    );

    // Edit: the item's form takes its card's place.
    await userEvent.click(
      within(card(2)).getByRole('button', { name: /^Edit ?Pair a second engineer/ }),
    );
    const form = within(card(2)).getByRole('form', {
      name: 'Change “Pair a second engineer on the payment integration”',
    });
    expect(within(form).getByRole('textbox', { name: 'Action' })).toHaveValue(FIRST);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card(2)).getByRole('rowheader')).toHaveTextContent(FIRST);
  });
});
