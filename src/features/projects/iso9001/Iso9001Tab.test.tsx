import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import {
  ISO_REQUIREMENTS,
  ISO_RULES,
  type IsoAssessment,
  type IsoEvidenceOption,
} from '../../../api/contract/iso9001';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { UNSAFE_TARGETS, unsafeHrefs } from '../../../testing/unsafeLinks';
import { ISO_MESSAGES } from './AssessmentDialog';
import Iso9001Tab from './Iso9001Tab';

const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/iso-9001/';
const EDIT = ['CAN_VIEW_PROJECT_CARD', 'CAN_EDIT_PROJECT_CARD'];

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
const SEEDED: Record<number, Partial<IsoAssessment>> = {
  401: {
    state: 'compliant',
    evidence: [
      {
        kind: 'agreement',
        id: 1,
        label: 'Contract MSA-2025-007 (Signed)',
        path: '/projects/7/project-agreements',
      },
    ],
    responsible: PRIYA,
    review_date: '2027-02-01',
  },
  402: { state: 'partly', note: 'The user list is not agreed yet.' },
  403: { state: 'not_applicable', justification: 'The client sets the scope.' },
  902: { state: 'not_compliant', review_date: '2026-10-01', review_overdue: true },
};
const ROWS = ISO_REQUIREMENTS.map((requirement) => ({
  ...blank(requirement.id),
  ...SEEDED[requirement.id],
}));
const OPTIONS: IsoEvidenceOption[] = [
  { kind: 'check', id: 71, label: 'Check 71: Health check (SDO), Finished', path: '/checks/71' },
  { kind: 'risk', id: 1, label: 'Risk 1: Key people leave (Open)', path: '/risks/1' },
];

function serve(rows: IsoAssessment[] = ROWS) {
  server.use(
    http.get(`${API}${LIST}`, () => HttpResponse.json(rows)),
    http.get(`${API}${LIST}evidence-options/`, () => HttpResponse.json(OPTIONS)),
  );
}

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
    serve();
    renderTab(['CAN_VIEW_PROJECT_CARD']);
    const summary = await screen.findByRole('table', { name: /by clause$/ });
    const context = within(summary).getByRole('row', { name: /^4 Context of the organization/ });
    // Compliant, partly, not compliant, not applicable, not assessed; 1 of 3 applicable.
    expect(context).toHaveTextContent('4 Context of the organization1101133%0');
    const total = within(summary).getByRole('row', { name: /^All clauses/ });
    expect(total).toHaveTextContent(`All clauses1111${ROWS.length - 4}4%1`);
    expect(screen.getByText('1 review overdue')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('28 requirements · read-only for you');
    expect(screen.queryByRole('button', { name: /^Assess/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('links evidence and files only to in-app paths: a data:, vbscript: or javascript: answer is plain text', async () => {
    const targets = Object.entries(UNSAFE_TARGETS);
    serve(
      ROWS.map((row) =>
        row.requirement === 401
          ? {
              ...row,
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
            }
          : row,
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
    serve();
    const { router } = renderTab(EDIT, '/?state=overdue');
    expect(await screen.findByRole('heading', { name: '9.2 Internal audit' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 28 requirements');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'not_applicable');
    expect(urlParams(router)).toEqual({ state: 'not_applicable' });
    expect(screen.getByText('The client sets the scope.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: '9.2 Internal audit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(urlParams(router)).toEqual({});
    expect(screen.getByRole('status')).toHaveTextContent('28 requirements');
  });

  it('asks for a justification before not applicable, and sends evidence picked from the project', async () => {
    serve();
    const bodies = recordJson('patch', `${LIST}701/`, () =>
      HttpResponse.json({ ...blank(701), state: 'not_applicable' }),
    );
    renderTab(EDIT, '/?state=not_assessed');
    await userEvent.click(await screen.findByRole('button', { name: 'Assess 7.1' }));
    const dialog = screen.getByRole('dialog', { name: 'Assess 7.1 Resources' });
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Compliance state'),
      'not_applicable',
    );
    await userEvent.click(await within(dialog).findByLabelText(OPTIONS[0]!.label));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await within(dialog).findByText(ISO_RULES.justificationNeeded)).toBeVisible();
    expect(within(dialog).getByLabelText('Justification')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Justification'), 'The client provides it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await screen.findByText(ISO_MESSAGES.saved)).toBeVisible();
    expect(bodies).toEqual([
      {
        state: 'not_applicable',
        justification: 'The client provides it.',
        evidence: [{ kind: 'check', id: 71 }],
        responsible_id: null,
        review_date: null,
        note: '',
      },
    ]);
  });

  it('shows the server’s field errors on their fields', async () => {
    serve();
    recordJson('patch', `${LIST}401/`, () =>
      HttpResponse.json({ evidence: [ISO_RULES.notOwnEvidence] }, { status: 400 }),
    );
    renderTab(EDIT, '/?state=compliant');
    await userEvent.click(await screen.findByRole('button', { name: 'Assess 4.1' }));
    const dialog = screen.getByRole('dialog', { name: /^Assess 4.1/ });
    expect(within(dialog).getByLabelText('Compliance state')).toHaveValue('compliant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assessment' }));
    expect(await within(dialog).findByText(ISO_RULES.notOwnEvidence)).toBeVisible();
  });
});
