import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LUCIA } from '../../../testing/msw/riskFixtures';
import { onAPhone } from '../../../testing/phone';
import { PRIYA, makeRisk, renderRiskRoute, serveRisk } from './detailTesting';

describe('the history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a card per change on a phone, the field first, the newest on top', async () => {
    onAPhone();
    serveRisk(makeRisk(), {
      history: [
        {
          id: 1,
          at: '2026-11-12T14:05:00',
          by: LUCIA,
          field: 'probability',
          old_value: 'low',
          new_value: 'moderate',
        },
        {
          id: 2,
          at: '2026-11-14T09:30:00',
          by: PRIYA,
          field: 'due_date',
          old_value: '',
          new_value: '2026-12-15',
        },
      ],
    });
    renderRiskRoute('/risks/1?tab=history');
    const table = await screen.findByRole('table', {
      name: 'Changes to this risk, sorted by When, descending',
    });
    const card = (index: number) => [...within(table).getAllByRole('row')[index]!.children];
    expect(card(1).map((cell) => cell.textContent)).toEqual([
      'Due date',
      'When11/14/2026 09:30',
      'WhoPriya Nair (pnair)',
      'Old value—empty',
      'New value12/15/2026',
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'When' }));
    expect(table).toHaveAccessibleName('Changes to this risk, sorted by When');
    expect(card(1)[0]).toHaveTextContent('Probability');
  });
});
