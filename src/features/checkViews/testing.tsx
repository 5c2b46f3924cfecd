/**
 * Test scenarios of the views across checks: row builders, a server set-up that records every
 * call (MSW override) and a render helper with the three routes. Imported by the tests only.
 */
import { http, HttpResponse } from 'msw';
import type {
  CheckOutcomeRow,
  CheckOverviewRow,
  CheckSummaryRow,
  CheckViewRowBase,
} from '../../api/contract/checkViews';
import type { Paginated } from '../../api/contract/drf';
import { API } from '../../testing/msw/handlers';
import { MEI } from '../../testing/msw/pollFixtures';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import OutcomesPage from './OutcomesPage';
import OverviewsPage from './OverviewsPage';
import SummariesPage from './SummariesPage';

export const LONG_TEXT =
  'The portal replaces three legacy intranet tools for the client’s field staff. Release 2 adds offline work orders, ' +
  'a new approval flow for the regional managers, and the migration of ten years of archived reports.';

function base(overrides: Partial<CheckViewRowBase> = {}): CheckViewRowBase {
  return {
    check: {
      id: 7,
      index: 'HC_7',
      type: 'health_check',
      model: 'sdo',
      status: 'finished',
      due_date: '2026-11-30',
    },
    project: { id: 3, name: 'Apollo Portal' },
    account: { id: 9, name: 'Acme' },
    ...overrides,
  };
}

export function makeOverviewRow(overrides: Partial<CheckOverviewRow> = {}): CheckOverviewRow {
  return { ...base(), description: LONG_TEXT, expert_description: '', ...overrides };
}

export function makeSummaryRow(overrides: Partial<CheckSummaryRow> = {}): CheckSummaryRow {
  return {
    ...base(),
    experts_summary: {
      risk_status: 'One high risk on the integration deadline, escalated to the account.',
      summary: 'Healthy delivery with a stable team.',
    },
    pms_summary: { risk_status: '', summary: 'We are on track.' },
    comparable: { checks: 1, roles: true },
    ...overrides,
  };
}

export function makeOutcomeRow(overrides: Partial<CheckOutcomeRow> = {}): CheckOutcomeRow {
  return {
    ...base({
      check: {
        id: 10,
        index: 'AUD_10',
        type: 'audit_check',
        model: 'audit_pm',
        status: 'review_completed',
        due_date: '2026-10-15',
      },
    }),
    finding: {
      id: 31,
      title: 'No signed change requests for two scope changes',
      severity: 'major',
      description: 'The client asked for two reports in September; no change request was signed.',
      owner: MEI,
      due_date: '2026-10-29',
      done_at: null,
    },
    ...overrides,
  };
}

type Answer<Row> = (url: URL) => Paginated<Row> | Response | Promise<Paginated<Row> | Response>;

/** Answers one view's call (`check-summaries`) and records every URL it was asked. */
export function serveView<Row>(path: string, answer: Answer<Row>) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/${path}/`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const body = await answer(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return seen;
}

/** The three views at `path`, in a fresh signed-in store, with toasts. */
export function renderViews(path: string) {
  return renderRoutes(
    [
      { path: '/overview', element: <OverviewsPage /> },
      { path: '/summary', element: <SummariesPage /> },
      { path: '/outcomes', element: <OutcomesPage /> },
    ],
    path,
  );
}
