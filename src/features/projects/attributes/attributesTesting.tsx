/**
 * Test set-ups of the Attributes and Action items tabs: a project, action items for the filter's
 * rules, the mock backend set up for the Action items tab, a render helper, a file.
 * Imported by tests only.
 */
import type { ReactElement } from 'react';
import type { ProjectActionItem } from '../../../api/contract/projectAttributes';
import type { ProjectDetail } from '../../../api/contract/projects';
import { useMockBackend, type MockBackend } from '../../../testing/mockBackend';
import { renderRoutes } from '../../../testing/renderRoutes';
import { onTheSeedClock } from '../../../testing/seedClock';

export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };

export const PROJECT: ProjectDetail = {
  id: 1,
  name: 'Apollo Portal',
  code: 'APO-0001',
  status: 'active',
  high_ownership: false,
  account: { id: 1, name: 'Initech' },
  business_line: { id: 1, name: 'Banking' },
  business_segment: { id: 1, name: 'Financial services' },
  manager: PRIYA,
  start_date: '2025-01-01',
  end_date: null,
  description: '',
  expert_description: '',
  exclude_from_kpi: false,
  ada: false,
  profile_revenue: null,
  open_risks: 2,
  open_issues: 1,
  checks_in_progress: 0,
  team_size: 2,
};

export function makeItems(): ProjectActionItem[] {
  return [
    {
      id: 117,
      title: 'Book a workshop with the client',
      owner: LUCIA,
      due_date: '2020-08-08',
      created_at: '2020-07-01T00:00:00Z',
      source: {
        type: 'risk',
        id: 119,
        title: 'Scope creep from the new regulation',
        can_open: true,
      },
    },
    {
      id: 3,
      title: 'Book a dedicated environment',
      owner: PRIYA,
      due_date: '2999-11-28',
      created_at: '2026-10-01T00:00:00Z',
      source: {
        type: 'issue',
        id: 2,
        title: 'Test environment is down twice a week',
        can_open: true,
      },
    },
    {
      // A finding's corrective action: its number is the issue item's too.
      id: 3,
      title: 'Sign change requests for the two scope changes',
      owner: PRIYA,
      due_date: '2999-12-01',
      created_at: '2026-10-14T12:00:00Z',
      source: { type: 'check', id: 10, title: 'Audit check AUD_10', can_open: true },
    },
  ];
}

/**
 * The mock backend (src/testing/mockBackend.ts) for the Action items tab, on the seed's clock
 * (November 20, 2026), with audit 10 (AUD_10, report approved) moved onto project 1. Project 1's
 * open action items are then, earliest due first: risk 119's "Book a workshop with the client"
 * (Lucia's, due 08/08/2026), AUD_10's findings 31 and 3 (Priya's corrective actions; the finding's
 * number 3 is also an issue item's), issue 2's item 3 "Book a dedicated environment with the
 * infrastructure team" (Lucia's, due 11/28/2026) and risk 1's item 1. Undo the clock with
 * `vi.useRealTimers()`.
 */
export function useActionItemsBackend(persona = 'admin'): Promise<MockBackend> {
  onTheSeedClock();
  return useMockBackend(persona).then((backend) => {
    backend.runtime.db.getState().polls.find((poll) => poll.id === 10)!.project_id = 1;
    return backend;
  });
}

/** A tab of the card at /projects/1/{slug}, with a link elsewhere to leave it by. */
export function renderTab(slug: string, element: ReactElement) {
  return renderRoutes([{ path: `/projects/:id/${slug}`, element }], `/projects/1/${slug}`);
}

export const file = (name: string, type: string, content = `content of ${name}`) =>
  new File([content], name, { type });
