import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../../testing/mockBackend';
import { recordRequests } from '../../../testing/recordRequests';
import { urlParams } from '../../../testing/renderRoutes';
import { onTheSeedClock } from '../../../testing/seedClock';
import { giveTableLayout, renderRisks } from './listTesting';
import { buildSeedFirst } from '../../../testing/mockBackend';

/**
 * The mock backend answers as `admin` on the seed's clock. Project 1 (Handmade Ball panel) holds
 * five records in the seed: three open risks, one in each of the cells Moderate × High (Lucia
 * Romero's key developer), Moderate × Moderate (hers too) and Low × Low (Clara Lebsack's offshore
 * team); a closed risk at Low × Moderate and an open issue, which the map does not count.
 */
const KEY_DEVELOPER = 'Key developer may leave before the release';
const OFFSHORE = 'Offshore team ramp-up slower than planned (billing)';
const PROJECT = '/risks?level=project&scope=1';

const cell = (name: string) => screen.getByRole('button', { name });
const statements = () =>
  within(screen.getByRole('table', { name: /risks and issues/ }))
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

buildSeedFirst('seed');
beforeEach(() => giveTableLayout());
beforeEach(async () => {
  onTheSeedClock();
  await useMockBackend('admin');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('probability × impact heat map', () => {
  it('counts the open risks the other filters show, cell by cell', async () => {
    renderRisks(PROJECT);
    await screen.findByRole('table', { name: /risks and issues/ });

    const map = await screen.findByRole('region', { name: 'Open risks by probability and impact' });
    expect(within(map).getAllByRole('button')).toHaveLength(9);
    // The closed risk and the issue are not counted.
    expect(cell('Probability Moderate, impact High: 1 risk')).toHaveTextContent('1');
    expect(cell('Probability Low, impact Low: 1 risk')).toHaveTextContent('1');
    expect(cell('Probability Low, impact Moderate: 0 risks')).toHaveTextContent('0');
    expect(within(map).getByText(/3 open risks/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'Clara Lebsack (clebsack)');
    expect(
      await screen.findByRole('button', { name: 'Probability Moderate, impact High: 0 risks' }),
    ).toBeInTheDocument();
    expect(cell('Probability Low, impact Low: 1 risk')).toBeInTheDocument();
  });

  it('lists the open risks of a cell, in the URL, as many as it counts, and clears it when pressed again', async () => {
    const seen = recordRequests('/api/risks/');
    const { router } = renderRisks(PROJECT);
    await screen.findByRole('table', { name: /risks and issues/ });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Probability Moderate, impact High: 1 risk' }),
    );
    expect(urlParams(router)).toEqual({
      level: 'project',
      scope: '1',
      probability: 'moderate',
      impact: 'high',
      status: 'open',
    });
    // The server filters: the cell's count is the list's.
    await waitFor(() => expect(statements()).toEqual([KEY_DEVELOPER]));
    expect(seen.at(-1)?.searchParams.get('probability')).toBe('moderate');
    expect(seen.at(-1)?.searchParams.get('impact')).toBe('high');
    expect(screen.getByText('1 risk or issue')).toBeInTheDocument();
    expect(cell('Probability Moderate, impact High: 1 risk')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The other cells keep their counts, so the user sees where the rest lie.
    expect(cell('Probability Low, impact Low: 1 risk')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Probability')).toHaveValue('moderate');
    expect(screen.getByLabelText('Impact')).toHaveValue('high');

    cell('Probability Moderate, impact High: 1 risk').focus();
    await userEvent.keyboard('{Enter}');
    expect(urlParams(router)).toEqual({ level: 'project', scope: '1', status: 'open' });
    // The three open risks and the open issue.
    await waitFor(() => expect(statements()).toHaveLength(4));

    cell('Probability Low, impact Low: 1 risk').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(statements()).toEqual([OFFSHORE]));
  });
});
