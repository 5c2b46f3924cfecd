import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInWith } from '../../../testing/msw/session';
import { urlParams } from '../../../testing/renderRoutes';
import {
  giveTableLayout,
  makeIssue,
  makeRisk,
  renderRisks,
  serveRisks,
  serveScopes,
} from './listTesting';

const ROWS = [
  makeRisk({ id: 1, statement: 'A', probability: 'high', impact: 'moderate', rating: 'high' }),
  makeRisk({ id: 2, statement: 'B', probability: 'high', impact: 'moderate', rating: 'high' }),
  makeRisk({ id: 3, statement: 'C', probability: 'low', impact: 'low', rating: 'low' }),
  makeRisk({
    id: 4,
    statement: 'D',
    probability: 'high',
    impact: 'moderate',
    status: 'closed',
    resolution: 'resolved',
  }),
  makeRisk({
    id: 5,
    statement: 'E',
    probability: 'high',
    impact: 'moderate',
    owner: { id: 5, name: 'Ravi Patel', login: 'rpatel' },
  }),
  makeIssue({ id: 6, statement: 'F' }),
];

const cell = (name: string) => screen.getByRole('button', { name });
const statements = () =>
  within(screen.getByRole('table', { name: /risks and issues/ }))
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

beforeAll(() => giveTableLayout());
beforeEach(() => {
  signedInWith([]);
  serveScopes([]);
});

describe('probability × impact heat map', () => {
  it('counts the open risks the other filters show, cell by cell', async () => {
    serveRisks(ROWS);
    renderRisks('/risks?level=project');
    await screen.findByRole('table', { name: /risks and issues/ });

    const map = await screen.findByRole('region', { name: 'Open risks by probability and impact' });
    expect(within(map).getAllByRole('button')).toHaveLength(9);
    // Closed risks and issues are not counted.
    expect(cell('Probability High, impact Moderate: 3 risks')).toHaveTextContent('3');
    expect(cell('Probability Low, impact Low: 1 risk')).toHaveTextContent('1');
    expect(cell('Probability High, impact High: 0 risks')).toHaveTextContent('0');
    expect(within(map).getByText(/4 open risks/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'Ravi Patel (rpatel)');
    expect(
      await screen.findByRole('button', { name: 'Probability High, impact Moderate: 1 risk' }),
    ).toBeInTheDocument();
  });

  it('lists the open risks of a cell, in the URL, as many as it counts, and clears it when pressed again', async () => {
    const seen = serveRisks(ROWS);
    const { router } = renderRisks('/risks?level=project');
    await screen.findByRole('table', { name: /risks and issues/ });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Probability High, impact Moderate: 3 risks' }),
    );
    expect(urlParams(router)).toEqual({
      level: 'project',
      probability: 'high',
      impact: 'moderate',
      status: 'open',
    });
    // The server filters (newest first): the cell's count is the list's.
    await waitFor(() => expect(statements()).toEqual(['E', 'B', 'A']));
    expect(seen.at(-1)?.searchParams.get('probability')).toBe('high');
    expect(seen.at(-1)?.searchParams.get('impact')).toBe('moderate');
    expect(screen.getByText('3 risks and issues')).toBeInTheDocument();
    expect(cell('Probability High, impact Moderate: 3 risks')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The other cells keep their counts, so the user sees where the rest lie.
    expect(cell('Probability Low, impact Low: 1 risk')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Probability')).toHaveValue('high');
    expect(screen.getByLabelText('Impact')).toHaveValue('moderate');

    cell('Probability High, impact Moderate: 3 risks').focus();
    await userEvent.keyboard('{Enter}');
    expect(urlParams(router)).toEqual({ level: 'project', status: 'open' });
    await waitFor(() => expect(statements()).toHaveLength(5));

    cell('Probability Low, impact Low: 1 risk').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(statements()).toEqual(['C']));
  });
});
