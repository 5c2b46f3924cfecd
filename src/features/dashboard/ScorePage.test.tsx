import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTUAL_REASON_MAX } from '../../api/contract/dashboard';
import { signedInWith } from '../../testing/msw/session';
import { UNSAFE_TARGETS, unsafeHrefs } from '../../testing/unsafeLinks';
import {
  DAVID,
  makeContributor,
  makeExplanation,
  renderDashboard,
  serveExplanation,
  serveRecordActual,
} from './testing';

beforeEach(() => signedInWith(['CAN_VIEW_RISK_DASHBOARD']));

const contributorsTable = () =>
  screen.getByRole('table', {
    name: 'Records that add points to the riskiness, the most points first',
  });

describe('/dashboard/account/{id}/riskiness', () => {
  it('explains the score: definition, thresholds, every contributor and what would bring it down a level', async () => {
    const seen = serveExplanation(makeExplanation());
    renderDashboard('/dashboard/account/12/riskiness');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riskiness of Acme' }),
    ).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/12/riskiness/');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      '/dashboard/account/12',
    );
    expect(
      screen.getByText(/^Riskiness is the sum of points of every open risk/),
    ).toHaveTextContent('probability × impact, each Low 1, Moderate 2, High 3');
    expect(
      screen.getByText(
        'Mar 2026: 22 points, Moderate. Low below 15 points, Moderate from 15, High from 35.',
      ),
    ).toBeInTheDocument();

    const lower = screen.getByRole('region', { name: 'What would bring it down a level' });
    expect(lower).toHaveTextContent(
      '8 points less would make it Low. Resolving this record would do it',
    );
    expect(
      within(lower).getByRole('link', {
        name: 'The integration partner may miss the interface deadline',
      }),
    ).toHaveAttribute('href', '/risks/1');

    const rows = within(contributorsTable()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/risks/1');
    expect(rows[0]).toHaveTextContent('Resolving it brings the level down');
    expect(rows[0]).toHaveTextContent('High × High = 9');
    expect(rows[1]).not.toHaveTextContent('Resolving it brings the level down');
    expect(
      within(rows[2]!).getByRole('link', {
        name: 'No signed change requests for two scope changes',
      }),
    ).toHaveAttribute('href', '/checks/10');
    expect(rows[2]).toHaveTextContent('Audit finding');
    expect(rows[2]).toHaveTextContent('Major finding = 4');

    const byProject = screen.getByRole('table', { name: 'Points by project' });
    expect(within(byProject).getByRole('row', { name: /Apollo Portal/ })).toHaveTextContent('15');
    const byCategory = screen.getByRole('table', { name: 'Points by category' });
    expect(within(byCategory).getByRole('row', { name: /People/ })).toHaveTextContent('6');

    expect(
      screen.getByText(
        'From Apr 2025 to Mar 2026, the riskiness went from 12 (Low) to 23 (Moderate); its highest was 23 in Mar 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('names a record without a link when its path is not an in-app one', async () => {
    const contributors = Object.entries(UNSAFE_TARGETS).map(([name, path], index) =>
      makeContributor({ id: 90 + index, title: `Record with a ${name} path`, path }),
    );
    serveExplanation(
      makeExplanation({
        contributors,
        to_lower_level: {
          level: 'low',
          points_needed: 8,
          contributor_ids: contributors.map((contributor) => `risk:${contributor.id}`),
        },
      }),
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
    serveExplanation(
      makeExplanation({
        score: { level: 'low', score: 9, previous_level: 'low', previous_score: 9 },
        contributors: [makeContributor()],
        to_lower_level: null,
      }),
    );
    renderDashboard('/dashboard/account/12/riskiness');
    const lower = await screen.findByRole('region', { name: 'What would bring it down a level' });
    expect(lower).toHaveTextContent('It is Low, the lowest level.');
    expect(contributorsTable()).not.toHaveTextContent('Resolving it brings the level down');
  });

  it('lists the actual riskiness records, marking a disagreement with the computed level', async () => {
    serveExplanation(
      makeExplanation({
        actual: [
          {
            id: 6,
            month: '2026-03',
            level: 'moderate',
            reason: 'As computed.',
            recorded_by: DAVID,
            recorded_at: '2026-03-03T09:15:00Z',
          },
          ...makeExplanation().actual,
        ],
      }),
    );
    renderDashboard('/dashboard/account/12/riskiness');
    const table = await screen.findByRole('table', {
      name: 'Actual riskiness records, the newest first',
    });
    const [, march, february] = within(table).getAllByRole('row');
    expect(march).toHaveTextContent('Mar 2026');
    expect(march).not.toHaveTextContent('Disagrees');
    expect(february).toHaveTextContent('Feb 2026');
    expect(february).toHaveTextContent('High');
    expect(february).toHaveTextContent('Disagrees with the computed Moderate');
    expect(february).toHaveTextContent('The client is unhappy with the last release.');
    expect(february).toHaveTextContent('David Kowalski (dkowalski)');
  });

  it('checks the form before sending: a level, and a reason of at most 200 characters', async () => {
    serveExplanation(makeExplanation());
    const bodies = serveRecordActual(() => HttpResponse.json({}, { status: 201 }));
    renderDashboard('/dashboard/account/12/riskiness');
    const submit = await screen.findByRole('button', { name: 'Record actual riskiness' });
    expect(
      screen.getByRole('heading', { level: 3, name: 'Record the actual riskiness of Mar 2026' }),
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
  });

  it('puts a refusal on its field and keeps what was typed; then records and says so', async () => {
    serveExplanation(makeExplanation());
    let refuse = true;
    const bodies = serveRecordActual(() =>
      refuse
        ? HttpResponse.json({ reason: ['Say what changed since last month.'] }, { status: 400 })
        : HttpResponse.json(
            {
              id: 9,
              month: '2026-03',
              level: 'high',
              reason: 'Two escalations this month.',
              recorded_by: DAVID,
              recorded_at: '2026-03-12T10:00:00Z',
            },
            { status: 201 },
          ),
    );
    renderDashboard('/dashboard/account/12/riskiness');
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
      await screen.findByText('The actual riskiness of Mar 2026 has been recorded.'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    await waitFor(() => expect(screen.getByLabelText('Reason')).toHaveValue(''));
  });

  it('tells who may record it when this user may not, with no button', async () => {
    serveExplanation(makeExplanation({ can_record_actual: false }));
    renderDashboard('/dashboard/account/12/riskiness');
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
    serveExplanation(HttpResponse.json({ detail: 'You may not.' }, { status: 403 }));
    renderDashboard('/dashboard/account/12/riskiness');
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
    const seen = serveExplanation(
      makeExplanation({
        kind: 'issueness',
        thresholds: { moderate: 12, high: 30 },
        contributors: [
          makeContributor({
            type: 'action_item',
            id: 40,
            title: 'Send the revised plan',
            reason: 'Overdue since 02/11/2026 = 3',
            points: 3,
            category: 'delivery',
            path: '/risks/2',
          }),
        ],
        to_lower_level: { level: 'low', points_needed: 3, contributor_ids: ['action_item:40'] },
        actual: [],
        can_record_actual: false,
      }),
    );
    renderDashboard('/dashboard/account/12/issueness');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Issueness of Acme' }),
    ).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/12/issueness/');
    expect(screen.getByText(/^Issueness is the sum of points/)).toHaveTextContent(
      '3 points for every overdue action item',
    );
    const table = screen.getByRole('table', {
      name: 'Records that add points to the issueness, the most points first',
    });
    expect(within(table).getByRole('link', { name: 'Send the revised plan' })).toHaveAttribute(
      'href',
      '/risks/2',
    );
    expect(table).toHaveTextContent('Overdue action item');
    expect(table).toHaveTextContent('Resolving it brings the level down');
    expect(screen.queryByRole('heading', { name: 'Actual riskiness' })).not.toBeInTheDocument();
  });
});
