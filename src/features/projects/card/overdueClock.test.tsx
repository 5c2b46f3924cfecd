import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../api/contract/approvals';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { signedInAs } from '../../../testing/msw/session';
import { renderRoute } from '../../../testing/renderRoutes';
import { useTimeZone } from '../../../testing/timeZone';
import ApprovalsTab from '../approvals/ApprovalsTab';
import ActionItemsTab from '../attributes/ActionItemsTab';
import { LUCIA, PRIYA, PROJECT, serveAttributes } from '../attributes/attributesTesting';

const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };

/** One pending request and one action item, both due on `due`. */
function serveBoth(due: string) {
  const request: ApprovalRequest = {
    id: 1,
    kind: 'kpi_exclusion',
    subject: 'Exclude November from the KPI',
    origin: 'project',
    requester: PRIYA,
    approver: OMAR,
    state: 'pending',
    raised_at: '2026-11-10T09:00:00Z',
    due_by: due,
    comment: '',
    decision: null,
    history: [{ event: 'raised', at: '2026-11-10T09:00:00Z', by: PRIYA, comment: '' }],
    last_reminded_at: null,
    can_decide: false,
    can_withdraw: false,
    can_remind: false,
  };
  server.use(http.get(`${API}/api/projects/1/approvals/`, () => HttpResponse.json([request])));
  serveAttributes({
    items: [
      {
        id: 117,
        title: 'Book a workshop with the client',
        owner: LUCIA,
        due_date: due,
        created_at: '2026-10-01T00:00:00Z',
        source: { type: 'risk', id: 119, title: 'Scope creep', can_open: true },
      },
    ],
  });
}

/** Whether the Approvals tab and the Action items tab each mark their record overdue. */
async function overdueOnBothTabs(): Promise<[boolean, boolean]> {
  signedInAs(OMAR);
  const approvals = renderRoute(<ApprovalsTab project={PROJECT} permissions={[]} />);
  const request = await screen.findByRole('article', { name: 'Exclude November from the KPI' });
  const requestOverdue = within(request).queryByText('Overdue') !== null;
  approvals.unmount();
  renderRoute(<ActionItemsTab project={PROJECT} permissions={[]} />);
  const table = await screen.findByRole('table');
  const itemOverdue = within(table).queryByText('Overdue') !== null;
  return [requestOverdue, itemOverdue];
}

describe('overdue around midnight, outside UTC', () => {
  const zone = useTimeZone();
  afterEach(() => zone.restore());

  it('at 23:30 in UTC-5 (already tomorrow in UTC), nothing due today is overdue on either tab', async () => {
    zone.set('Etc/GMT+5');
    zone.at('2026-11-21T04:30:00Z');
    serveBoth('2026-11-20');
    expect(await overdueOnBothTabs()).toEqual([false, false]);
  });

  it('at 00:30 in UTC+2 (still yesterday in UTC), what was due yesterday is overdue on both', async () => {
    zone.set('Etc/GMT-2');
    zone.at('2026-11-20T22:30:00Z');
    serveBoth('2026-11-20');
    expect(await overdueOnBothTabs()).toEqual([true, true]);
  });
});
