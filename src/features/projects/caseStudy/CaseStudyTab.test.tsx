import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { CASE_STUDY_MESSAGES } from '../../../api/contract/caseStudy';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { renderRoutes } from '../../../testing/renderRoutes';
import { CASE_STUDY_SAVED, MOVED, REVIEW_FIRST } from './CaseStudyForm';
import CaseStudyTab from './CaseStudyTab';

const VIEW = 'CAN_VIEW_CASE_STUDY';
const EDIT = 'CAN_EDIT_CASE_STUDY';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's project 1 has a
 * published case study (the client agreed), project 2 one in review whose client has not answered
 * yet, project 4 none.
 */
const PUBLISHED = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;
const IN_REVIEW = { id: 2, name: 'Tasty Gloves microchip' } as ProjectDetail;
const NONE = { id: 4, name: 'Unbranded Salad feed' } as ProjectDetail;

beforeEach(async () => {
  await useMockBackend('admin');
});

/** The project's case study as the mock holds it. */
const heldStudy = (projectId: number) =>
  currentMockBackend()!
    .state()
    .caseStudies.find((study) => study.project_id === projectId);

const renderTab = (permissions: string[], project: ProjectDetail) =>
  renderRoutes(
    [
      {
        path: `/projects/${project.id}/case-study`,
        element: (
          <>
            <CaseStudyTab project={project} permissions={permissions} />
            <ToastContainer />
          </>
        ),
      },
    ],
    `/projects/${project.id}/case-study`,
    { toasts: false },
  );

describe('CaseStudyTab', () => {
  it('shows the document read-only without the edit flag, and an empty state without a start', async () => {
    const { unmount } = renderTab([VIEW], PUBLISHED);
    expect(
      await screen.findByRole('heading', {
        name: 'Peak season without an outage: a weekly release train for an order platform',
      }),
    ).toBeVisible();
    expect(screen.getByText(/read-only for you/)).toBeVisible();
    expect(
      screen.getByText(
        '“For the first time our peak season was a non-event. We now ship every week with confidence.”',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Printable view' })).toHaveAttribute(
      'href',
      '/projects/1/case-study/print',
    );
    unmount();

    renderTab([VIEW], NONE);
    expect(await screen.findByRole('heading', { name: 'No case study yet' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start a case study' })).not.toBeInTheDocument();
  });

  it('starts one: checks the form, keeps the text when the server refuses, then saves the draft', async () => {
    renderTab([VIEW, EDIT], NONE);
    await userEvent.click(await screen.findByRole('button', { name: 'Start a case study' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give the case study a title.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(heldStudy(4)).toBeUndefined();

    // The client's answer dated in the future: only the server knows today.
    await userEvent.type(screen.getByLabelText('Title'), 'A release train');
    await userEvent.type(screen.getByLabelText(/^Challenge/), 'Releases took a weekend.');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.type(screen.getByLabelText('Answered by'), 'Legal department');
    await userEvent.type(screen.getByLabelText('Answered on'), '12/31/2099');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(CASE_STUDY_MESSAGES.answeredOnFuture)).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('A release train');
    expect(screen.getByLabelText(/^Challenge/)).toHaveValue('Releases took a weekend.');
    expect(heldStudy(4)).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('Answered on'));
    await userEvent.type(screen.getByLabelText('Answered on'), '10/14/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(CASE_STUDY_SAVED)).toBeVisible();
    expect(heldStudy(4)).toMatchObject({
      state: 'draft',
      title: 'A release train',
      challenge: 'Releases took a weekend.',
      approach: '',
      results: '',
      lessons: '',
      client_quote: '',
      client_quote_by: '',
      publish_permission: 'no',
      permission_given_by: 'Legal department',
      permission_given_on: '2026-10-14',
      created_by_id: 1,
    });
    expect(await screen.findByText(/^Last saved/)).toBeVisible();
  });

  it('says why Publish waits, and publishes once the permission is Yes (saving it first)', async () => {
    renderTab([VIEW, EDIT], IN_REVIEW);
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
    expect(heldStudy(2)).toMatchObject({
      state: 'published',
      publish_permission: 'yes',
      permission_given_by: 'Dana Whitfield, CTO',
      permission_given_on: '2026-10-14',
    });
    // Published: the document, with the way back to draft for an editor.
    expect(await screen.findByRole('button', { name: 'Back to draft' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });
});
