/**
 * Test helpers of the dashboard: a score explanation builder (for the one answer the mock never
 * gives, a record with an unsafe path), the table's viewport and a render helper with its four
 * routes. The tests take their answers from the mock backend (src/testing/mockBackend.ts).
 * Imported by the tests only.
 */
import { within } from '@testing-library/react';
import type { Contributor, ScoreExplanation } from '../../api/contract/dashboard';
import { giveRegionLayout } from '../../testing/jsdom';
import { renderRoutes } from '../../testing/renderRoutes';
import AccountDashboardPage from './AccountDashboardPage';
import DashboardPage from './DashboardPage';
import { TABLE_CAPTION_ID } from './DashboardTable';
import ScorePage from './ScorePage';

const DAVID = { id: 9, name: 'David Kowalski', login: 'dkowalski' };

export function makeContributor(overrides: Partial<Contributor> = {}): Contributor {
  return {
    type: 'risk',
    id: 1,
    title: 'The integration partner may miss the interface deadline',
    reason: 'High × High = 9',
    points: 9,
    project: { id: 3, name: 'Apollo Portal' },
    category: 'delivery',
    path: '/risks/1',
    ...overrides,
  };
}

/** Acme's riskiness explained: 22 points, Moderate; losing 8 brings it to Low. */
export function makeExplanation(overrides: Partial<ScoreExplanation> = {}): ScoreExplanation {
  return {
    kind: 'riskiness',
    account: { id: 12, name: 'Acme' },
    month: '2026-03',
    score: { level: 'moderate', score: 22, previous_level: 'moderate', previous_score: 18 },
    thresholds: { moderate: 15, high: 35 },
    contributors: [
      makeContributor(),
      makeContributor({
        id: 21,
        title: 'Key developer leaves before the release',
        reason: 'Moderate × High = 6',
        points: 6,
        category: 'people',
        path: '/risks/21',
      }),
      makeContributor({
        type: 'finding',
        id: 31,
        title: 'No signed change requests for two scope changes',
        reason: 'Major finding = 4',
        points: 4,
        project: { id: 4, name: 'Borealis' },
        category: null,
        path: '/checks/10',
      }),
      makeContributor({
        id: 22,
        title: 'Test data arrive late',
        reason: 'Low × Moderate = 2',
        points: 2,
        project: { id: 4, name: 'Borealis' },
        category: 'quality',
        path: '/risks/22',
      }),
    ],
    by_project: [
      { name: 'Apollo Portal', key: '3', points: 15 },
      { name: 'Borealis', key: '4', points: 6 },
      { name: 'Account level', key: null, points: 1 },
    ],
    by_category: [
      { name: 'Delivery', key: 'delivery', points: 9 },
      { name: 'People', key: 'people', points: 6 },
      { name: 'Audit findings', key: null, points: 4 },
    ],
    to_lower_level: { level: 'low', points_needed: 8, contributor_ids: ['risk:1'] },
    history: Array.from({ length: 12 }, (_, index) => ({
      month: `${index < 9 ? 2025 : 2026}-${String(((index + 3) % 12) + 1).padStart(2, '0')}`,
      score: 12 + index,
      level: 12 + index >= 15 ? ('moderate' as const) : ('low' as const),
    })),
    actual: [
      {
        id: 5,
        month: '2026-02',
        level: 'high',
        reason: 'The client is unhappy with the last release.',
        recorded_by: DAVID,
        recorded_at: '2026-02-20T10:00:00Z',
      },
    ],
    can_record_actual: true,
    ...overrides,
  };
}

/** Gives the accounts table a viewport, so that its virtualiser renders rows under jsdom. */
export const giveTableLayout = (height = 600) => giveRegionLayout(TABLE_CAPTION_ID, height);

/** The dashboard's routes at `path`, in a fresh signed-in store, with toasts. */
export function renderDashboard(path: string) {
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/account/:accountId', element: <AccountDashboardPage /> },
      { path: '/dashboard/account/:accountId/riskiness', element: <ScorePage /> },
      { path: '/dashboard/account/:accountId/issueness', element: <ScorePage /> },
    ],
    path,
  );
}

/**
 * A table as a phone shows it, one card a row: the text of each card's header (its first child,
 * a row header) and of its values. Each value is said under its column's name ('Points9'), so a
 * table that stayed a table, or a row whose header is not first, reads differently.
 */
export function cardsOf(table: HTMLElement) {
  const names = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [first, ...values] = [...row.children];
      return {
        title: first?.getAttribute('role') === 'rowheader' ? first.textContent : null,
        values: values.map((value, index) => {
          const text = value.textContent ?? '';
          const name = names[index + 1] ?? '';
          return text.startsWith(name) ? `${name}: ${text.slice(name.length)}` : text;
        }),
      };
    });
}
