import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { ISO_REQUIREMENTS, ISO_RULES, type IsoAssessment } from '../../../api/contract/iso9001';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { UNSAFE_TARGETS, unsafeHrefs } from '../../../testing/unsafeLinks';
import { ISO_MESSAGES } from './AssessmentDialog';
import Iso9001Tab from './Iso9001Tab';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts). The seed's project 7 assesses
 * 11 of the 28 requirements from its own records: 4.1–4.3, 7.5 and 8.2 compliant; 5.3, 6.1 and 6.3
 * partly; 9.1 and 9.2 not compliant, 9.2's review overdue; 8.4 not applicable (no suppliers).
 */
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/iso-9001/';
const EDIT = ['CAN_VIEW_PROJECT_CARD', 'CAN_EDIT_PROJECT_CARD'];

beforeEach(async () => {
  await useMockBackend('admin');
});

/** Project 7's assessment of `requirement` as the mock holds it. */
const held = (requirement: number) =>
  currentMockBackend()!
    .state()
    .isoAssessments.find((row) => row.project_id === 7 && row.requirement === requirement);

const blank = (requirement: number): IsoAssessment => ({
  requirement,
  state: 'not_assessed',
  evidence: [],
  files: [],
  responsible: null,
  review_date: null,
  review_overdue: false,
  note: '',
  justification: '',
  updated_at: null,
  updated_by: null,
});

const renderTab = (permissions: string[], path = '/') =>
  renderRoute(
    <>
      <Iso9001Tab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
    { path },
  );

describe('Iso9001Tab', () => {
  it('sums up readiness by clause and is read-only without the flag', async () => {
    renderTab(['CAN_VIEW_PROJECT_CARD']);
    const summary = await screen.findByRole('table', { name: /by clause$/ });
    const context = within(summary).getByRole('row', { name: /^4 Context of the organization/ });
    // Compliant, partly, not compliant, not applicable, not assessed; 3 of 4 applicable, no
    // review overdue.
    expect(context).toHaveTextContent('4 Context of the organization3000175%0');
    const total = within(summary).getByRole('row', { name: /^All clauses/ });
    // 5 of the 27 applicable compliant; 9.2's review overdue.
    expect(total).toHaveTextContent('All clauses53211719%1');
    expect(screen.getByText('1 review overdue')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('28 requirements · read-only for you');
    expect(screen.queryByRole('button', { name: /^Assess/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('links evidence and files only to in-app paths: a data:, vbscript: or javascript: answer is plain text', async () => {
    // A hostile answer the mock never gives: its paths and signed links are its own.
    const targets = Object.entries(UNSAFE_TARGETS);
    const hostile: IsoAssessment = {
      ...blank(401),
      state: 'compliant',
      evidence: targets.map(([name, path], index) => ({
        kind: 'check' as const,
        id: index + 1,
        label: `Evidence with a ${name} path`,
        path,
      })),
      files: targets.map(([name, url], index) => ({
        id: index + 1,
        file_name: `${name}.pdf`,
        size: 1024,
        uploaded_at: '2026-11-02T10:00:00Z',
        uploaded_by: PRIYA,
        url,
      })),
    };
    server.use(
      http.get(`${API}${LIST}`, () =>
        HttpResponse.json(ISO_REQUIREMENTS.map(({ id }) => (id === 401 ? hostile : blank(id)))),
      ),
    );
    renderTab(['CAN_VIEW_PROJECT_CARD'], '/?state=compliant');
    expect(await screen.findByText('Evidence with a data path')).toBeVisible();
    for (const [name] of targets) {
      expect(screen.getByText(`Evidence with a ${name} path`)).toBeVisible();
      expect(screen.getByText(`${name}.pdf`)).toBeVisible();
      expect(screen.queryByRole('link', { name: new RegExp(name) })).not.toBeInTheDocument();
    }
    expect(unsafeHrefs()).toEqual([]);
  });

  it('filters by state through the URL, the matching clauses open', async () => {
    const { router } = renderTab(EDIT, '/?state=overdue');
    expect(await screen.findByRole('heading', { name: '9.2 Internal audit' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 28 requirements');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'not_applicable');
    expect(urlParams(router)).toEqual({ state: 'not_applicable' });
    expect(
      screen.getByText('The project has no subcontractors or external suppliers.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: '9.2 Internal audit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(urlParams(router)).toEqual({});
    expect(screen.getByRole('status')).toHaveTextContent('28 requirements');
  });

  it('asks for a justification before not applicable, and saves evidence picked from the project', async () => {
    renderTab(EDIT, '/?state=not_assessed');
    await userEvent.click(await screen.findByRole('button', { name: 'Assess 7.1' }));
    const dialog = screen.getByRole('dialog', { name: 'Assess 7.1 Resources' });
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Compliance state'),
      'not_applicable',
    );
    await userEvent.click(
      await within(dialog).findByLabelText('Check 7: QMO self check (QMO), Pre-start'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await within(dialog).findByText(ISO_RULES.justificationNeeded)).toBeVisible();
    expect(within(dialog).getByLabelText('Justification')).toHaveFocus();
    expect(held(701)).toBeUndefined();

    await userEvent.type(within(dialog).getByLabelText('Justification'), 'The client provides it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await screen.findByText(ISO_MESSAGES.saved)).toBeVisible();
    expect(held(701)).toMatchObject({
      state: 'not_applicable',
      justification: 'The client provides it.',
      evidence: [{ kind: 'check', id: 7 }],
      note: '',
      updated_by: { id: 1 },
    });
  });

  it('shows the server’s field errors on their fields', async () => {
    renderTab(EDIT, '/?state=compliant');
    await userEvent.click(await screen.findByRole('button', { name: 'Assess 4.1' }));
    const dialog = screen.getByRole('dialog', { name: /^Assess 4.1/ });
    expect(within(dialog).getByLabelText('Compliance state')).toHaveValue('compliant');
    // Meanwhile 4.1's contract (agreement 31) moves to project 8: it is no longer this
    // project's evidence, and the mock refuses it.
    currentMockBackend()!
      .runtime.db.getState()
      .agreements.find((row) => row.id === 31)!.project_id = 8;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await within(dialog).findByText(ISO_RULES.notOwnEvidence)).toBeVisible();
    expect(held(401)).toMatchObject({ evidence: [{ kind: 'agreement', id: 31 }] });
  });
});
