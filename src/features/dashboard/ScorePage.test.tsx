import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTUAL_REASON_MAX } from '../../api/contract/dashboard';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { recordRequests } from '../../testing/recordRequests';
import { onTheSeedClock } from '../../testing/seedClock';
import { UNSAFE_TARGETS, unsafeHrefs } from '../../testing/unsafeLinks';
import { onAPhone } from '../../testing/phone';
import { cardsOf, makeContributor, makeExplanation, renderDashboard } from './testing';

/**
 * The mock backend answers as `account_owner` (David Kowalski) on the seed's clock (November
 * 2026): his account Stanton - Wyman (18) is High at 43 points from ten open risks, the account
 * margin (9 points) alone above the High threshold; he judged it Moderate this month.
 */
let backend: MockBackend;
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('account_owner');
});
afterEach(() => {
  vi.useRealTimers();
});

const contributorsTable = () =>
  screen.getByRole('table', {
    name: 'Records that add points to the riskiness, the most points first',
  });

const MARGIN = 'Account margin below target for two quarters';
const actualOf = (accountId: number) =>
  backend.state().actualRiskiness.filter((record) => record.account_id === accountId);

describe('/dashboard/account/{id}/riskiness', () => {
  it('explains the score: definition, thresholds, every contributor and what would bring it down a level', async () => {
    const seen = recordRequests('/api/dashboard/accounts/:accountId/:kind/');
    renderDashboard('/dashboard/account/18/riskiness');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riskiness of Stanton - Wyman' }),
    ).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/18/riskiness/');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Stanton - Wyman' })).toHaveAttribute(
      'href',
      '/dashboard/account/18',
    );
    expect(
      screen.getByText(/^Riskiness is the sum of points of every open risk/),
    ).toHaveTextContent('probability × impact, each Low 1, Moderate 2, High 3');
    expect(
      screen.getByText(
        'Nov 2026: 43 points, High. Low below 15 points, Moderate from 15, High from 35.',
      ),
    ).toBeInTheDocument();

    const lower = screen.getByRole('region', { name: 'What would bring it down a level' });
    expect(lower).toHaveTextContent(
      '9 points less would make it Moderate. Resolving this record would do it',
    );
    expect(within(lower).getByRole('link', { name: MARGIN })).toHaveAttribute('href', '/risks/8');

    const rows = within(contributorsTable()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/risks/8');
    expect(rows[0]).toHaveTextContent('Resolving it brings the level down');
    expect(rows[0]).toHaveTextContent('High × High = 9');
    expect(rows[1]).not.toHaveTextContent('Resolving it brings the level down');
    expect(
      within(rows[1]!).getByRole('link', { name: 'Key developer may leave before the release' }),
    ).toHaveAttribute('href', '/risks/1');
    expect(rows[1]).toHaveTextContent('Moderate × High = 6');

    // Each project's points lead to the project; the account's own level has no page.
    const byProject = screen.getByRole('table', { name: 'Points by project' });
    expect(
      within(byProject).getByRole('row', { name: /Ergonomic Salad application/ }),
    ).toHaveTextContent('12');
    expect(
      within(byProject).getByRole('link', { name: 'Ergonomic Salad application' }),
    ).toHaveAttribute('href', '/projects/109');
    expect(
      within(within(byProject).getByRole('row', { name: /Account level/ })).queryByRole('link'),
    ).not.toBeInTheDocument();
    expect(
      within(rows[2]!).getByRole('link', { name: 'Ergonomic Salad application' }),
    ).toHaveAttribute('href', '/projects/109');
    const byCategory = screen.getByRole('table', { name: 'Points by category' });
    expect(within(byCategory).getByRole('row', { name: /People/ })).toHaveTextContent('9');

    expect(
      screen.getByText(
        'From Dec 2025 to Nov 2026, the riskiness went from 52 (High) to 43 (High); its highest was 54 in Jan 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('counts an audit finding, linked to its check', async () => {
    // Hauck, Schmidt and Kessler: AUD_10's major finding on Elegant Chips card.
    renderDashboard('/dashboard/account/27/riskiness');
    const finding = await within(
      await screen.findByRole('table', {
        name: 'Records that add points to the riskiness, the most points first',
      }),
    ).findByRole('row', { name: /No signed change requests for two scope changes/ });
    expect(
      within(finding).getByRole('link', {
        name: 'No signed change requests for two scope changes',
      }),
    ).toHaveAttribute('href', '/checks/10');
    expect(finding).toHaveTextContent('Audit finding');
    expect(finding).toHaveTextContent('Major finding = 4');
  });

  it('names a record without a link when its path is not an in-app one', async () => {
    const contributors = Object.entries(UNSAFE_TARGETS).map(([name, path], index) =>
      makeContributor({ id: 90 + index, title: `Record with a ${name} path`, path }),
    );
    // A path that is not an in-app one the mock never sends: the SPA's guard against a server
    // that does.
    server.use(
      http.get(`${API}/api/dashboard/accounts/:accountId/:kind/`, () =>
        HttpResponse.json(
          makeExplanation({
            contributors,
            to_lower_level: {
              level: 'low',
              points_needed: 8,
              contributor_ids: contributors.map((contributor) => `risk:${contributor.id}`),
            },
          }),
        ),
      ),
    );
    renderDashboard('/dashboard/account/12/riskiness');
    const lower = await screen.findByRole('region', { name: 'What would bring it down a level' });
    for (const name of Object.keys(UNSAFE_TARGETS)) {
      const title = `Record with a ${name} path`;
      expect(lower).toHaveTextContent(`${title} (9 points)`);
      expect(within(contributorsTable()).getByText(title)).toBeVisible();
      expect(screen.queryByRole('link', { name: title })).not.toBeInTheDocument();
    }
    expect(unsafeHrefs()).toEqual([]);
  });

  it('says the lowest level has nothing to bring down', async () => {
    // Rohan - Nader is Low at 4 points.
    renderDashboard('/dashboard/account/35/riskiness');
    const lower = await screen.findByRole('region', { name: 'What would bring it down a level' });
    expect(lower).toHaveTextContent('It is Low, the lowest level.');
    expect(contributorsTable()).not.toHaveTextContent('Resolving it brings the level down');
  });

  it('lists the actual riskiness records, marking a disagreement with the computed level', async () => {
    renderDashboard('/dashboard/account/18/riskiness');
    const table = await screen.findByRole('table', {
      name: 'Actual riskiness records, the newest first',
    });
    const [, november, october] = within(table).getAllByRole('row');
    expect(october).toHaveTextContent('Oct 2026');
    expect(october).toHaveTextContent('High');
    expect(october).not.toHaveTextContent('Disagrees');
    expect(november).toHaveTextContent('Nov 2026');
    expect(november).toHaveTextContent('Moderate');
    expect(november).toHaveTextContent('Disagrees with the computed High');
    expect(november).toHaveTextContent(
      'The margin recovery plan signed with the client this month takes most of the commercial risk away.',
    );
    expect(november).toHaveTextContent('David Kowalski (dkowalski)');
  });

  it('checks the form before sending: a level, and a reason of at most 200 characters', async () => {
    const bodies = recordJson('post', '/api/dashboard/accounts/:accountId/actual-riskiness/');
    renderDashboard('/dashboard/account/18/riskiness');
    const submit = await screen.findByRole('button', { name: 'Record actual riskiness' });
    expect(
      screen.getByRole('heading', { level: 3, name: 'Record the actual riskiness of Nov 2026' }),
    ).toBeInTheDocument();

    await userEvent.click(submit);
    expect(
      await screen.findByText('Choose the level you judge the account at.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Say in a sentence why.')).toBeInTheDocument();
    expect(screen.getByLabelText('Level')).toHaveFocus();

    const reason = screen.getByLabelText('Reason');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'High');
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(ACTUAL_REASON_MAX + 1));
    expect(
      await screen.findByText(`Keep the reason to ${ACTUAL_REASON_MAX} characters or fewer.`),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`${ACTUAL_REASON_MAX + 1} of ${ACTUAL_REASON_MAX} characters`),
    ).toBeInTheDocument();
    await userEvent.click(submit);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    expect(actualOf(18)).toHaveLength(2);
  });

  it('puts a refusal on its field and keeps what was typed; then records and says so', async () => {
    // The form lets no reason through that the mock refuses: the refusal of a rule only the
    // server knows is an override, once; then the mock records.
    let refuse = true;
    const bodies = recordJson('post', '/api/dashboard/accounts/:accountId/actual-riskiness/', () =>
      refuse
        ? HttpResponse.json({ reason: ['Say what changed since last month.'] }, { status: 400 })
        : undefined,
    );
    renderDashboard('/dashboard/account/18/riskiness');
    const submit = await screen.findByRole('button', { name: 'Record actual riskiness' });
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'High');
    await userEvent.type(screen.getByLabelText('Reason'), 'Two escalations this month.');
    await userEvent.click(submit);

    const reason = screen.getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(/Say what changed since last month\./);
    expect(reason).toHaveValue('Two escalations this month.');
    expect(screen.getByLabelText('Level')).toHaveValue('high');
    expect(bodies).toEqual([{ level: 'high', reason: 'Two escalations this month.' }]);

    refuse = false;
    await userEvent.type(reason, ' ');
    await userEvent.click(submit);
    expect(
      await screen.findByText('The actual riskiness of Nov 2026 has been recorded.'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(actualOf(18).at(-1)).toMatchObject({
      month: '2026-11',
      level: 'high',
      reason: 'Two escalations this month.',
      recorded_by_id: 9,
    });
    await waitFor(() => expect(screen.getByLabelText('Reason')).toHaveValue(''));
  });

  it('tells who may record it when this user may not, with no button', async () => {
    // Lucia Romero, a risk owner, sees the dashboard but looks after no account.
    await useMockBackend('risk_owner');
    renderDashboard('/dashboard/account/18/riskiness');
    expect(
      await screen.findByText(
        'The account’s delivery owner and their assistants with the permission to create actual account riskiness record it.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Record actual riskiness' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();
  });

  it('names the permission when the server refuses', async () => {
    // Priya Nair, a project manager, has no CAN_VIEW_RISK_DASHBOARD: the mock's 403.
    await useMockBackend('pm');
    renderDashboard('/dashboard/account/18/riskiness');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This riskiness is not part of your role',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_RISK_DASHBOARD/)).toBeInTheDocument();
  });
});

describe('/dashboard/account/{id}/issueness', () => {
  it('explains the issueness in its own words, without actual riskiness', async () => {
    const seen = recordRequests('/api/dashboard/accounts/:accountId/:kind/');
    renderDashboard('/dashboard/account/18/issueness');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Issueness of Stanton - Wyman' }),
    ).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/18/issueness/');
    expect(screen.getByText(/^Issueness is the sum of points/)).toHaveTextContent(
      '3 points for every overdue action item',
    );
    const table = screen.getByRole('table', {
      name: 'Records that add points to the issueness, the most points first',
    });
    const workshop = within(table).getByRole('row', { name: /Book a workshop with the client/ });
    expect(
      within(workshop).getByRole('link', { name: 'Book a workshop with the client' }),
    ).toHaveAttribute('href', '/risks/485');
    expect(workshop).toHaveTextContent('Overdue action item');
    expect(workshop).toHaveTextContent('Overdue since 07/17/2026 = 3');
    expect(
      within(table).getByRole('row', { name: /Scope creep in the reporting module/ }),
    ).toHaveTextContent('Resolving it brings the level down');
    expect(screen.queryByRole('heading', { name: 'Actual riskiness' })).not.toBeInTheDocument();
  });
});

describe('/dashboard/account/{id}/riskiness on a phone', () => {
  it('shows every table as cards, the record, project, category or month first', async () => {
    onAPhone();
    renderDashboard('/dashboard/account/18/riskiness');
    await screen.findByRole('heading', { level: 1, name: 'Riskiness of Stanton - Wyman' });
    const table = (name: string) => screen.getByRole('table', { name });

    // Each record first, marked when resolving it brings the level down; its project a link.
    const contributors = contributorsTable();
    expect(cardsOf(contributors).slice(0, 2)).toEqual([
      {
        title: `${MARGIN}Resolving it brings the level down`,
        values: [
          'Kind: Risk',
          'Project: Account level',
          'Category: Commercial',
          'Reason: High × High = 9',
          'Points: 9',
        ],
      },
      {
        title: 'Key developer may leave before the release',
        values: [
          'Kind: Risk',
          'Project: Handmade Ball panel',
          'Category: People',
          'Reason: Moderate × High = 6',
          'Points: 6',
        ],
      },
    ]);
    expect(
      within(within(contributors).getAllByRole('row')[2]!).getByRole('link', {
        name: 'Handmade Ball panel',
      }),
    ).toHaveAttribute('href', '/projects/1');

    expect(cardsOf(table('Points by project'))).toEqual(
      expect.arrayContaining([
        { title: 'Ergonomic Salad application', values: ['Points: 12'] },
        { title: 'Account level', values: ['Points: 9'] },
      ]),
    );
    expect(cardsOf(table('Points by category'))[0]).toEqual({
      title: 'Commercial',
      values: ['Points: 22'],
    });
    expect(cardsOf(table('The riskiness, month by month'))[0]).toEqual({
      title: 'Dec 2025',
      values: ['Score: 52', 'Level: High'],
    });
    expect(cardsOf(table('Actual riskiness records, the newest first'))[0]).toEqual({
      title: 'Nov 2026',
      values: [
        'Level: ModerateDisagrees with the computed High',
        'Reason: The margin recovery plan signed with the client this month takes most of the commercial risk away.',
        'By: David Kowalski (dkowalski)',
        'When: 11/02/2026 09:30',
      ],
    });
  });
});
