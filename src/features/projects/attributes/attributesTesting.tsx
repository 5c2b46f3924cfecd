/**
 * Test set-ups of the Attributes and Action items tabs: a project, its attributes, its profile
 * validation and action items, MSW handlers that serve and record them, a render helper.
 * Imported by tests only.
 */
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import type {
  AttributeDefinition,
  ProfileValidation,
  ProjectActionItem,
  ProjectAttribute,
} from '../../../api/contract/projectAttributes';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/renderRoutes';

export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };
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

const definition = (
  key: string,
  label: string,
  type: AttributeDefinition['type'],
  extra: Partial<AttributeDefinition> = {},
): AttributeDefinition => ({
  key,
  label,
  type,
  hint: `About ${label.toLowerCase()}.`,
  unit: null,
  min: null,
  max: null,
  decimals: null,
  max_length: null,
  choices: [],
  ...extra,
});

const attribute = (
  base: AttributeDefinition,
  value: ProjectAttribute['value'],
  validated = false,
): ProjectAttribute => ({
  ...base,
  value,
  updated_by: value === null ? null : PRIYA,
  updated_at: value === null ? null : '2026-10-01T09:00:00Z',
  validation: validated ? { by: OMAR, at: '2026-10-04T10:00:00Z' } : null,
});

/** Four attributes: a validated choice, a validated number, a date and an empty text. */
export function makeAttributes(): ProjectAttribute[] {
  return [
    attribute(
      definition('delivery_model', 'Delivery model', 'choice', {
        choices: [
          { value: 'fixed_price', label: 'Fixed price' },
          { value: 'managed_service', label: 'Managed service' },
        ],
      }),
      'fixed_price',
      true,
    ),
    attribute(
      definition('offshore_share', 'Offshore share', 'number', {
        unit: '%',
        min: 0,
        max: 100,
        decimals: 0,
      }),
      35,
      true,
    ),
    attribute(definition('agile', 'Agile', 'boolean'), true),
    attribute(definition('support_hours', 'Support hours', 'text', { max_length: 50 }), null),
  ];
}

export function makeValidation(files = 2): ProfileValidation {
  return {
    status: 'in_progress',
    comment: 'Waiting for the signed profile.',
    updated_by: PRIYA,
    updated_at: '2026-10-20T09:30:00Z',
    files: Array.from({ length: files }, (_, index) => ({
      id: 500_001 + index,
      file_name: `Evidence ${index + 1}.pdf`,
      size: 2048,
      uploaded_at: '2026-10-18T14:05:00Z',
      uploaded_by: PRIYA,
      url: `/api/project-files/${500_001 + index}/?signature=x`,
    })),
  };
}

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

/** Serves the tab's reads; returns what the writes sent. */
export function serveAttributes({
  attributes = makeAttributes(),
  validation = makeValidation(),
  items = makeItems(),
}: {
  attributes?: ProjectAttribute[];
  validation?: ProfileValidation;
  items?: ProjectActionItem[];
} = {}) {
  const sent = {
    patches: [] as unknown[],
    validations: [] as string[],
    uploads: [] as number[],
    resolved: [] as string[],
  };
  const base = `${API}/api/projects/1`;
  server.use(
    http.get(`${base}/attributes/`, () => HttpResponse.json(attributes)),
    http.patch(`${base}/attributes/`, async ({ request }) => {
      sent.patches.push(await request.json());
      return HttpResponse.json(attributes);
    }),
    http.post(`${base}/attributes/:key/validation/`, ({ params }) => {
      sent.validations.push(String(params.key));
      const found = attributes.find((a) => a.key === params.key)!;
      return HttpResponse.json({ ...found, validation: { by: OMAR, at: '2026-11-25T10:00:00Z' } });
    }),
    http.get(`${base}/profile-validation/`, () => HttpResponse.json(validation)),
    http.post(`${base}/profile-validation/files/`, async ({ request }) => {
      const form = await request.formData();
      sent.uploads.push(form.getAll('files').length);
      return HttpResponse.json(validation, { status: 201 });
    }),
    http.post(`${base}/profile-revenue/`, async ({ request }) => {
      const form = await request.formData();
      sent.uploads.push(form.getAll('files').length);
      return HttpResponse.json(
        {
          id: 1_000_000,
          file_name: 'Revenue.xlsx',
          size: 10,
          uploaded_at: '2026-11-25T10:00:00Z',
          uploaded_by: PRIYA,
        },
        { status: 201 },
      );
    }),
    http.get(`${base}/action-items/`, () => HttpResponse.json(items)),
    http.post(`${base}/action-items/:itemId/resolve/`, ({ params }) => {
      sent.resolved.push(`item ${String(params.itemId)}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${base}/action-items/outcomes/:outcomeId/resolve/`, ({ params }) => {
      sent.resolved.push(`finding ${String(params.outcomeId)}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

/** A tab of the card at /projects/1/{slug}, with a link elsewhere to leave it by. */
export function renderTab(slug: string, element: ReactElement) {
  return renderRoutes([{ path: `/projects/:id/${slug}`, element }], `/projects/1/${slug}`);
}

export const file = (name: string, type: string, content = `content of ${name}`) =>
  new File([content], name, { type });
