import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { renderRoute } from '../../../testing/renderRoutes';
import { useTimeZone } from '../../../testing/timeZone';
import ApprovalsTab from '../approvals/ApprovalsTab';
import ActionItemsTab from '../attributes/ActionItemsTab';

/**
 * The mock backend answers as `qcl`, Omar Haddad (src/testing/mockBackend.ts): the seed's project 1
 * has the pending request 'Exclude November 2026 from the on-time delivery KPI' (request 1), and
 * Omar sees three open action items of its risks and issues (117, 3 and 1).
 */
const PROJECT = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;
const REQUEST = 'Exclude November 2026 from the on-time delivery KPI';

beforeEach(async () => {
  await useMockBackend('qcl');
});

/** The pending request and every action item Omar sees, all due on `due`. */
function dueOn(due: string) {
  const state = currentMockBackend()!.runtime.db.getState();
  state.approvalRequests.find((request) => request.id === 1)!.due_by = due;
  for (const item of state.riskActionItems) if ([117, 3, 1].includes(item.id)) item.due_date = due;
}

/** Whether the Approvals tab marks the request overdue, and how many items the Action items tab does. */
async function overdueOnBothTabs(): Promise<[boolean, number]> {
  const approvals = renderRoute(<ApprovalsTab project={PROJECT} permissions={[]} />);
  const request = await screen.findByRole('article', { name: REQUEST });
  const requestOverdue = within(request).queryByText('Overdue') !== null;
  approvals.unmount();
  renderRoute(<ActionItemsTab project={PROJECT} permissions={[]} />);
  const table = await screen.findByRole('table');
  expect(within(table).getByText('Book a workshop with the client')).toBeVisible();
  const itemsOverdue = within(table).queryAllByText('Overdue').length;
  return [requestOverdue, itemsOverdue];
}

describe('overdue around midnight, outside UTC', () => {
  const zone = useTimeZone();
  afterEach(() => zone.restore());

  it('at 23:30 in UTC-5 (already tomorrow in UTC), nothing due today is overdue on either tab', async () => {
    dueOn('2026-11-20');
    zone.set('Etc/GMT+5');
    zone.at('2026-11-21T04:30:00Z');
    expect(await overdueOnBothTabs()).toEqual([false, 0]);
  });

  it('at 00:30 in UTC+2 (still yesterday in UTC), what was due yesterday is overdue on both', async () => {
    dueOn('2026-11-20');
    zone.set('Etc/GMT-2');
    zone.at('2026-11-20T22:30:00Z');
    expect(await overdueOnBothTabs()).toEqual([true, 3]);
  });
});
