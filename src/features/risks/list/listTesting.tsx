/**
 * What the risk lists' tests share: the mock backend (src/testing/mockBackend.ts) on the seed's
 * clock, records added to its state for the volumes the seed lacks, and a render helper with the
 * list route and a toast container. Imported by the tests only.
 */
import { onTestFinished, vi } from 'vitest';
import { giveRegionLayout } from '../../../testing/jsdom';
import { useMockBackend, type MockBackend } from '../../../testing/mockBackend';
import { renderRoutes } from '../../../testing/renderRoutes';
import { onTheSeedClock } from '../../../testing/seedClock';
import RisksPage from '../RisksPage';

/**
 * Project 1 of the seed, Handmade Ball panel, with five records: Lucia Romero's risks 7 (Client
 * data export format, Moderate, no due date), 1 (Key developer, Moderate × High, due 12/15/2026,
 * labels staffing and release), 3 (Vendor delivers the payment component late, closed as
 * resolved) and issue 2 (Test environment is down twice a week, due 11/30/2026, label
 * environment); Clara Lebsack's risk 119 (Offshore team, Low, due 10/22/2026, raised in check 71).
 */
export const PROJECT_1 = '/risks?level=project&scope=1';

/**
 * The mock backend signed in as `persona` on the seed's clock (only `Date` is faked, until the
 * test ends): the seed's dates, due and overdue, answer the same whatever day the tests run.
 */
export function useRiskBackend(persona: string): Promise<MockBackend> {
  onTheSeedClock();
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return useMockBackend(persona);
}

type StoredRisk = ReturnType<MockBackend['state']>['risks'][number];

/**
 * Adds `count` copies of seed risk `like` to the mock's state (tracked, so its register sees
 * them), the `index`th (1…count) changed by `change`, with ids after the seed's and created one
 * minute apart, the last newest.
 */
export function addRisks(
  backend: MockBackend,
  count: number,
  like: number,
  change: (index: number) => Partial<StoredRisk> = () => ({}),
): void {
  const { risks } = backend.runtime.db.getState();
  // From the untracked state: the tracked one's proxies cannot be cloned.
  const model = structuredClone(backend.state().risks.find((risk) => risk.id === like)!);
  const firstId = Math.max(...risks.map((risk) => risk.id)) + 1;
  const start = Date.parse('2026-01-01T00:00:00Z');
  const added: StoredRisk[] = [];
  for (let index = 1; index <= count; index += 1) {
    added.push({
      ...model,
      id: firstId + index - 1,
      duplicates_group: null,
      created_at: new Date(start + index * 60_000).toISOString(),
      ...change(index),
    });
  }
  risks.push(...added);
}

/** The risk list's scroll box gets a viewport, so the virtualiser renders the first rows. */
export const giveTableLayout = (height = 600) => giveRegionLayout('risk-table-caption', height);

/** The risk list route at `path`, in a fresh signed-in store, with toasts. */
export function renderRisks(path: string) {
  return renderRoutes(
    [
      { path: '/risks', element: <RisksPage /> },
      { path: '/risks/:riskId', element: <p>Risk details</p> },
    ],
    path,
  );
}
