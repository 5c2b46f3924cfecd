import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../../testing/mockBackend';
import { onAPhone } from '../../../testing/phone';
import { renderRiskRoute } from './detailTesting';

/**
 * The mock backend answers as `risk_owner` (src/testing/mockBackend.ts): the seed's risk 1 has
 * seven changes, Priya Nair's due date change (12/31/2026 to 12/15/2026) the newest and Lucia
 * Romero's creation of the risk the oldest.
 */
// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);

describe('the history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a card per change on a phone, the field first, the newest on top', async () => {
    onAPhone();
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/1?tab=history');
    const table = await screen.findByRole('table', {
      name: 'Changes to this risk, sorted by When, descending',
    });
    const card = (index: number) => [...within(table).getAllByRole('row')[index]!.children];
    expect(card(1).map((cell) => cell.textContent)).toEqual([
      'Due date',
      expect.stringMatching(/^When11\/18\/2026 \d\d:14$/),
      'WhoPriya Nair (pnair)',
      'Old value12/31/2026',
      'New value12/15/2026',
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'When' }));
    expect(table).toHaveAccessibleName('Changes to this risk, sorted by When');
    expect(card(1).map((cell) => cell.textContent)).toEqual([
      'Created',
      expect.stringMatching(/^When10\/11\/2026 \d\d:40$/),
      'WhoLucia Romero (lromero)',
      'Old value—empty',
      'New valueKey developer may leave before the release',
    ]);
  });
});
