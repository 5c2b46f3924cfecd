/**
 * What the survey's tests share: the survey's routes rendered at a path, the submit and its
 * confirmation, and set-ups of the mock backend's checks (src/testing/mockBackend.ts) for the
 * cases the seed lacks. Imported by the tests only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../api/config';
import type { Driver, DriverDetail } from '../../api/contract/polls';
import { readCookie } from '../../shared/lib/cookies';
import { currentMockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { renderRoutes } from '../../testing/renderRoutes';
import AuditReport from './AuditReport';
import DriverStep from './DriverStep';
import OutcomesStep from './OutcomesStep';
import ResultsPage from './ResultsPage';
import RisksStep from './RisksStep';
import SummaryStep from './SummaryStep';
import { SurveyLayout } from './SurveyLayout';

/** The survey's steps under `/survey/:pollId` (or `/audit-survey/:pollId`), at `path`. */
export function renderSurvey(path: string, audit = false) {
  const base = audit ? 'audit-survey' : 'survey';
  return renderRoutes(
    [
      {
        path: `${base}/:pollId`,
        element: <SurveyLayout audit={audit} />,
        children: [
          { path: 'drivers/:driverSlug', element: <DriverStep /> },
          { path: 'risks', element: <RisksStep /> },
          { path: 'summary', element: <SummaryStep /> },
          { path: 'report', element: <AuditReport /> },
          { path: 'outcomes', element: <OutcomesStep /> },
          { path: 'results', element: <p>Results page</p> },
          { path: 'results-page', element: <ResultsPage /> },
        ],
      },
      { path: 'checks/:pollId', element: <p>Check details</p> },
    ],
    path,
  );
}

/** Submit survey, then the confirmation's own Submit survey. */
export async function submitAndConfirm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Submit survey' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Submit the survey?' })).getByRole('button', {
      name: 'Submit survey',
    }),
  );
}

/** The mock backend's state, to set a case up (tracked: the mock's views see the change). */
export const mockState = () => currentMockBackend()!.runtime.db.getState();

/** The mock backend's check `id`, to set a case up. */
export const storedPoll = (id: number) => mockState().polls.find((poll) => poll.id === id)!;

/** The check `id` as the mock holds it now, to assert what a step changed. */
export const pollNow = (id: number) =>
  currentMockBackend()!
    .state()
    .polls.find((poll) => poll.id === id)!;

/** A call to the mock backend as the test's persona, as the app makes it (to set a case up). */
async function ask<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `JWT ${currentMockBackend()!.credentials.access}`,
      'Content-Type': 'application/json',
      [CSRF_HEADER_NAME]: readCookie(CSRF_COOKIE_NAME) ?? '',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The persona answers every question of check `pollId` it has left, through the mock's own route. */
export async function answerTheRest(pollId: number) {
  const drivers = await ask<Driver[]>('GET', `/api/polls/${pollId}/drivers/`);
  for (const driver of drivers.filter((entry) => entry.reply_count < entry.questions_count)) {
    const detail = await ask<DriverDetail>('GET', `/api/polls/${pollId}/drivers/${driver.id}/`);
    for (const question of detail.questions.filter((entry) => entry.user_reply === null))
      await ask('PUT', `/api/polls/${pollId}/questions/${question.id}/reply/`, {
        answer: question.options[0]!.value,
        comment: '',
      });
  }
}

/**
 * The findings of audit 3 (on a backend signed in as `auditor`), a finding titled `title` typed
 * into the form and, if given, its corrective action's `owner` chosen by the first word of the
 * name; the form, to go on.
 */
export async function typeAFinding(title: string, owner?: string) {
  renderSurvey('/audit-survey/3/outcomes', true);
  const form = await screen.findByRole('form', { name: 'Record a finding' });
  await userEvent.type(within(form).getByLabelText('Title'), title);
  if (owner) {
    await userEvent.type(
      within(form).getByRole('combobox', { name: 'Owner' }),
      owner.split(' ')[0]!,
    );
    await userEvent.click(await screen.findByRole('option', { name: owner }));
  }
  return form;
}
