import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { CASE_STUDY_MESSAGES, type CaseStudy } from '../../../api/contract/caseStudy';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/renderRoutes';
import { CASE_STUDY_SAVED, MOVED, REVIEW_FIRST } from './CaseStudyForm';
import CaseStudyTab from './CaseStudyTab';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const ONE = '/api/projects/7/case-study/';
const VIEW = 'CAN_VIEW_CASE_STUDY';
const EDIT = 'CAN_EDIT_CASE_STUDY';

const study = (changes: Partial<CaseStudy> = {}): CaseStudy => ({
  title: 'Peak season without an outage',
  challenge: 'Releases took a weekend.',
  approach: 'One pipeline, weekly releases.',
  results: 'Lead time from 19 days to 2.',
  lessons: '',
  client_quote: 'Peak season was a non-event.',
  client_quote_by: 'Dana Whitfield, CTO',
  publish_permission: 'pending',
  permission_given_by: '',
  permission_given_on: null,
  state: 'draft',
  created_by: PRIYA,
  created_at: '2026-09-02T10:00:00Z',
  updated_by: PRIYA,
  updated_at: '2026-10-20T14:30:00Z',
  published_at: null,
  ...changes,
});

/** The case study the server holds, changed by the handlers the test adds. */
function serve(initial: CaseStudy | null) {
  const held = { current: initial };
  server.use(
    http.get(`${API}${ONE}`, () =>
      held.current ? HttpResponse.json(held.current) : new HttpResponse(null, { status: 204 }),
    ),
  );
  return held;
}

const renderTab = (permissions: string[]) =>
  renderRoutes(
    [
      {
        path: '/projects/7/case-study',
        element: (
          <>
            <CaseStudyTab project={PROJECT} permissions={permissions} />
            <ToastContainer />
          </>
        ),
      },
    ],
    '/projects/7/case-study',
    { toasts: false },
  );

describe('CaseStudyTab', () => {
  it('shows the document read-only without the edit flag, and an empty state without a start', async () => {
    serve(study({ state: 'published', publish_permission: 'yes', permission_given_by: 'Dana' }));
    const { unmount } = renderTab([VIEW]);
    expect(
      await screen.findByRole('heading', { name: 'Peak season without an outage' }),
    ).toBeVisible();
    expect(screen.getByText(/read-only for you/)).toBeVisible();
    expect(screen.getByText('“Peak season was a non-event.”')).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Printable view' })).toHaveAttribute(
      'href',
      '/projects/7/case-study/print',
    );
    unmount();

    serve(null);
    renderTab([VIEW]);
    expect(await screen.findByRole('heading', { name: 'No case study yet' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start a case study' })).not.toBeInTheDocument();
  });

  it('starts one: checks the form, keeps the text when the server refuses, then saves the draft', async () => {
    const held = serve(null);
    let calls = 0;
    const bodies = recordJson('post', ONE, (body) => {
      if (++calls === 1)
        return HttpResponse.json(
          { client_quote_by: [CASE_STUDY_MESSAGES.quoteByNeeded] },
          { status: 400 },
        );
      held.current = study({ ...(body as Partial<CaseStudy>) });
      return HttpResponse.json(held.current, { status: 201 });
    });
    renderTab([VIEW, EDIT]);
    await userEvent.click(await screen.findByRole('button', { name: 'Start a case study' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give the case study a title.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.type(screen.getByLabelText('Title'), 'A release train');
    await userEvent.type(screen.getByLabelText(/^Challenge/), 'Releases took a weekend.');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(CASE_STUDY_MESSAGES.quoteByNeeded)).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('A release train');
    expect(screen.getByLabelText(/^Challenge/)).toHaveValue('Releases took a weekend.');

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(CASE_STUDY_SAVED)).toBeVisible();
    expect(bodies[1]).toEqual({
      title: 'A release train',
      challenge: 'Releases took a weekend.',
      approach: '',
      results: '',
      lessons: '',
      client_quote: '',
      client_quote_by: '',
      publish_permission: 'pending',
      permission_given_by: '',
      permission_given_on: null,
    });
    expect(await screen.findByText(/^Last saved/)).toBeVisible();
  });

  it('says why Publish waits, and publishes once the permission is Yes (saving it first)', async () => {
    const held = serve(study({ state: 'in_review' }));
    const patches = recordJson('patch', ONE, (body) => {
      held.current = study({ ...held.current!, ...(body as Partial<CaseStudy>) });
      return HttpResponse.json(held.current);
    });
    const moves = recordJson('post', `${ONE}state/`, (body) => {
      held.current = study({ ...held.current!, ...(body as Partial<CaseStudy>) });
      return HttpResponse.json(held.current);
    });
    renderTab([VIEW, EDIT]);
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(
      `Publish is not available yet. ${CASE_STUDY_MESSAGES.permissionNeeded}`,
    );
    expect(screen.queryByText(REVIEW_FIRST)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(publish).toBeEnabled();
    await userEvent.click(publish);
    expect(await screen.findByText(CASE_STUDY_MESSAGES.answeredByNeeded)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Answered by'), 'Dana Whitfield, CTO');
    await userEvent.type(screen.getByLabelText('Answered on'), '10/14/2026');
    await userEvent.click(publish);
    expect(await screen.findByText(MOVED.published)).toBeVisible();
    expect(patches).toEqual([
      expect.objectContaining({
        publish_permission: 'yes',
        permission_given_by: 'Dana Whitfield, CTO',
        permission_given_on: '2026-10-14',
      }),
    ]);
    expect(moves).toEqual([{ state: 'published' }]);
    // Published: the document, with the way back to draft for an editor.
    expect(await screen.findByRole('button', { name: 'Back to draft' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });
});
