import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  ACTION_ITEM_DONE_ALREADY,
  ACTION_ITEM_SOURCES,
  PROFILE_VALIDATION_STATUSES,
  REJECTION_NEEDS_COMMENT,
  type AttributeType,
} from '../../../api/contract/projectAttributes';
import { FILE_ERROR } from '../../../api/contract/risks';
import { drfDetail, fieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { EXAMPLE_ACCESS, createPact } from '../../../testing/pact/provider';
import { statePath } from '../../../testing/pact/riskShapes';
import { ATTRIBUTE_STATES } from '../../../testing/pact/states';
import { projectAttributesApi } from './api';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';

const { boolean, eachLike, integer, number, regex, string } = MatchersV3;
const api = projectAttributesApi.endpoints;

const PRIYA = () => personShape(2, 'Priya Nair', 'pnair');
const OMAR = () => personShape(5, 'Omar Haddad', 'ohaddad');
const ADMIN = () => personShape(1, 'Alex Morgan', 'amorgan');
const AT = '2026-10-20T09:30:00.000Z';

/** `/api/projects/${projectId}/…` with the id the provider state names. */
const projectPath = (suffix: string) =>
  statePath(`/api/projects/\${projectId}/${suffix}`, `/api/projects/1/${suffix}`);

interface AttributeExample {
  key: string;
  type: AttributeType;
  value: unknown;
  validated?: boolean;
  /** Who set it: Priya by default; null for a value never set. */
  by?: ReturnType<typeof personShape> | null;
  unit?: string | null;
  bounds?: [number, number, number];
  maxLength?: number;
  choice?: [string, string];
}

/** One attribute as the API answers it: the definition exactly, the value by type. */
function attributeShape({
  key,
  type,
  value,
  validated = false,
  by = PRIYA(),
  unit = null,
  bounds,
  maxLength,
  choice,
}: AttributeExample) {
  return {
    key,
    label: string('Attribute'),
    type,
    hint: string('What the attribute says.'),
    unit,
    min: bounds ? number(bounds[0]) : null,
    max: bounds ? number(bounds[1]) : null,
    decimals: bounds ? integer(bounds[2]) : null,
    max_length: maxLength === undefined ? null : integer(maxLength),
    choices: choice ? eachLike({ value: string(choice[0]), label: string(choice[1]) }) : [],
    value,
    updated_by: by,
    updated_at: by ? timeMatcher(AT) : null,
    validation: validated ? { by: OMAR(), at: timeMatcher(AT) } : null,
  };
}

/** Project 1's attributes as the fixtures hold them, with `changes` by key. */
function project1Attributes(changes: Record<string, Partial<AttributeExample>> = {}) {
  const examples: AttributeExample[] = [
    {
      key: 'delivery_model',
      type: 'choice',
      value: string('fixed_price'),
      validated: true,
      choice: ['fixed_price', 'Fixed price'],
    },
    {
      key: 'contract_value',
      type: 'number',
      value: number(1_250_000),
      validated: true,
      unit: 'EUR',
      bounds: [0, 1_000_000_000, 2],
    },
    { key: 'go_live_date', type: 'date', value: dateMatcher('2027-03-15') },
    {
      key: 'offshore_share',
      type: 'number',
      value: number(35),
      validated: true,
      unit: '%',
      bounds: [0, 100, 0],
    },
    { key: 'agile', type: 'boolean', value: boolean(true) },
    { key: 'client_industry', type: 'text', value: string('Banking'), maxLength: 200 },
    { key: 'regulated_domain', type: 'boolean', value: boolean(true), validated: true },
    { key: 'main_technology', type: 'text', value: string('Java'), maxLength: 200 },
    {
      key: 'team_location',
      type: 'choice',
      value: string('distributed'),
      choice: ['onshore', 'Onshore'],
    },
    { key: 'support_hours', type: 'text', value: null, by: null, maxLength: 50 },
  ];
  return examples.map((example) => attributeShape({ ...example, ...changes[example.key] }));
}

const fileShape = {
  id: integer(500_001),
  file_name: string('Profile review minutes.pdf'),
  size: integer(601),
  uploaded_at: timeMatcher(AT),
  uploaded_by: PRIYA(),
  url: regex(
    '^/api/project-files/\\d+/\\?user=\\d+&expires=\\d+&signature=[0-9a-f]{64}$',
    `/api/project-files/500001/?user=1&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
};

const validationShape = (status = 'in_progress') => ({
  status: status === 'in_progress' ? oneOf(PROFILE_VALIDATION_STATUSES, status) : status,
  comment: string('Waiting for the signed profile from the account delivery owner.'),
  updated_by: personShape(2, 'Priya Nair', 'pnair'),
  updated_at: timeMatcher(AT),
  files: eachLike(fileShape),
});

describe('project attribute calls', () => {
  const interaction = interactionsOf(createPact());
  const filePath = examplesFolder('attributes');
  /** A stored zip entry's local header and its data: what a spreadsheet's content checks read. */
  const zipEntry = (name: string, data: string) => {
    const u16 = (n: number) => String.fromCharCode(n & 0xff, n >> 8);
    const u32 = (n: number) => u16(n & 0xffff) + u16(n >>> 16);
    return `PK\x03\x04${u16(20)}${u16(0)}${u16(0)}${u16(0)}${u16(0)}${u32(0)}${u32(data.length)}${u32(data.length)}${u16(name.length)}${u16(0)}${name}${data}`;
  };
  // An OpenDocument spreadsheet opens on its stored, uncompressed mimetype entry.
  const ODS_TYPE = 'application/vnd.oasis.opendocument.spreadsheet';
  const ODS =
    zipEntry('mimetype', ODS_TYPE) + zipEntry('content.xml', '<office:document-content/>');

  describe('attributes', () => {
    it('GET /api/projects/{id}/attributes/ lists every attribute with its value and validation', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a request for the attributes of project 1')
        .get(projectPath('attributes/'))
        .willRespondWith(200, (b) => b.jsonBody(project1Attributes()))
        .executeTest(async (mock) => {
          const list = await dataFrom(mock, api.getProjectAttributes, 1);
          expect(list).toHaveLength(10);
          expect(list[0]?.validation?.by.login).toBe('ohaddad');
        }));

    it('GET …/attributes/ of an unknown project answers 404', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a request for the attributes of no project')
        .get('/api/projects/99999/attributes/')
        .willRespondWith(404, (b) => b.jsonBody(notFound()))
        .executeTest(async (mock) => {
          expect((await errorFrom(mock, api.getProjectAttributes, 99999))?.status).toBe(404);
        }));

    it('PATCH /api/projects/{id}/attributes/ fills a value and answers the list', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'the support hours of project 1 filled in')
        .patch(projectPath('attributes/'), { support_hours: '8x5 CET' })
        .willRespondWith(200, (b) =>
          b.jsonBody(
            project1Attributes({ support_hours: { value: string('8x5 CET'), by: PRIYA() } }),
          ),
        )
        .executeTest(async (mock) => {
          const list = await dataFrom(mock, api.patchProjectAttributes, {
            projectId: 1,
            values: { support_hours: '8x5 CET' },
          });
          expect(list.find((a) => a.key === 'support_hours')?.value).toBe('8x5 CET');
        }));

    it('PATCH …/attributes/ with a value that does not fit answers 400 by attribute key', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'an offshore share above 100 %')
        .patch(projectPath('attributes/'), { offshore_share: 101 })
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ offshore_share: 'Enter a number from 0 to 100.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProjectAttributes, {
            projectId: 1,
            values: { offshore_share: 101 },
          });
          expect(error?.status).toBe(400);
        }));

    it('PATCH …/attributes/ of a validated value with the fill flag alone answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'a validated delivery model changed by pm')
        .patch(projectPath('attributes/'), { delivery_model: 'managed_service' })
        .willRespondWith(403, (b) =>
          b.jsonBody(
            drfDetail('"delivery_model" is validated: changing it needs CAN_EDIT_ATTRIBUTES.'),
          ),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProjectAttributes, {
            projectId: 1,
            values: { delivery_model: 'managed_service' },
          });
          expect(error?.status).toBe(403);
        }));

    it('POST /api/projects/{id}/attributes/{key}/validation/ validates the value', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a validation of the main technology')
        .post(projectPath('attributes/main_technology/validation/'), {})
        .willRespondWith(200, (b) =>
          b.jsonBody({
            ...attributeShape({
              key: 'main_technology',
              type: 'text',
              value: string('Java / Spring Boot'),
              maxLength: 200,
            }),
            validation: { by: ADMIN(), at: timeMatcher(AT) },
          }),
        )
        .executeTest(async (mock) => {
          const attribute = await dataFrom(mock, api.validateAttribute, {
            projectId: 1,
            key: 'main_technology',
          });
          expect(attribute.validation?.by.id).toBe(1);
        }));

    it('POST …/validation/ of an empty value answers 400 non_field_errors', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a validation of the empty support hours')
        .post(projectPath('attributes/support_hours/validation/'), {})
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ non_field_errors: 'Fill in a value before validating it.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.validateAttribute, {
            projectId: 1,
            key: 'support_hours',
          });
          expect(error?.status).toBe(400);
        }));

    it('POST …/validation/ without CAN_VALIDATE_ATTRIBUTES answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'a validation of the agile flag by pm')
        .post(projectPath('attributes/agile/validation/'), {})
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_VALIDATE_ATTRIBUTES).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.validateAttribute, {
            projectId: 1,
            key: 'agile',
          });
          expect(error?.status).toBe(403);
        }));

    it('DELETE …/attributes/{key}/validation/ clears the validation', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'the validation of the delivery model cleared')
        .delete(projectPath('attributes/delivery_model/validation/'))
        .willRespondWith(200, (b) =>
          b.jsonBody(
            attributeShape({
              key: 'delivery_model',
              type: 'choice',
              value: string('fixed_price'),
              choice: ['fixed_price', 'Fixed price'],
            }),
          ),
        )
        .executeTest(async (mock) => {
          const attribute = await dataFrom(mock, api.clearAttributeValidation, {
            projectId: 1,
            key: 'delivery_model',
          });
          expect(attribute.validation).toBeNull();
        }));
  });

  describe('profile validation status', () => {
    it('GET /api/projects/{id}/profile-validation/ answers the status, comment and files', () =>
      interaction(
        ATTRIBUTE_STATES.adminProject1,
        'a request for the profile validation of project 1',
      )
        .get(projectPath('profile-validation/'))
        .willRespondWith(200, (b) => b.jsonBody(validationShape()))
        .executeTest(async (mock) => {
          const validation = await dataFrom(mock, api.getProfileValidation, 1);
          expect(validation.files[0]?.url).toMatch(/^\/api\/project-files\//);
        }));

    it('PATCH …/profile-validation/ changes the status and the comment', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'the profile of project 1 validated')
        .patch(projectPath('profile-validation/'), { status: 'validated', comment: 'Signed off.' })
        .willRespondWith(200, (b) =>
          b.jsonBody({
            ...validationShape('validated'),
            comment: 'Signed off.',
            updated_by: ADMIN(),
          }),
        )
        .executeTest(async (mock) => {
          const validation = await dataFrom(mock, api.patchProfileValidation, {
            projectId: 1,
            status: 'validated',
            comment: 'Signed off.',
          });
          expect(validation.status).toBe('validated');
        }));

    it('PATCH …/profile-validation/ rejecting without a comment answers 400 on the comment', () =>
      interaction(
        ATTRIBUTE_STATES.adminProject1,
        'the profile of project 1 rejected without a word',
      )
        .patch(projectPath('profile-validation/'), { status: 'rejected', comment: '' })
        .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ comment: REJECTION_NEEDS_COMMENT })))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProfileValidation, {
            projectId: 1,
            status: 'rejected',
            comment: '',
          });
          expect(error?.status).toBe(400);
        }));

    it('PATCH …/profile-validation/ without the flag answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'the profile validation status changed by pm')
        .patch(projectPath('profile-validation/'), { status: 'validated' })
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_EDIT_PROFILE_VALIDATION_STATUS).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProfileValidation, {
            projectId: 1,
            status: 'validated',
          });
          expect(error?.status).toBe(403);
        }));

    it('POST …/profile-validation/files/ as multipart adds a file', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a PDF added to the profile validation')
        .withRequest('POST', projectPath('profile-validation/files/'), (b) =>
          b.multipartBody(
            'application/pdf',
            filePath('signed-profile.pdf', PDF),
            'files',
            'pep-validation-boundary',
          ),
        )
        .willRespondWith(201, (b) => b.jsonBody(validationShape()))
        .executeTest(async (mock) => {
          const validation = await dataFrom(mock, api.uploadValidationFiles, {
            projectId: 1,
            files: [new File([PDF], 'signed-profile.pdf', { type: 'application/pdf' })],
          });
          expect(validation.files.length).toBeGreaterThan(0);
        }));

    it('POST …/profile-validation/files/ with a type not listed answers 400 with the file error', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a text file added to the profile validation')
        .withRequest('POST', projectPath('profile-validation/files/'), (b) =>
          b.multipartBody(
            'text/plain',
            filePath('notes.txt', 'Plain words.'),
            'files',
            'pep-validation-boundary',
          ),
        )
        .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.uploadValidationFiles, {
            projectId: 1,
            files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
          });
          expect(error?.data).toEqual({ files: [FILE_ERROR] });
        }));

    it('DELETE …/profile-validation/files/{fileId}/ removes a file', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a profile validation file removed')
        .delete(
          statePath(
            '/api/projects/${projectId}/profile-validation/files/${fileId}/',
            '/api/projects/1/profile-validation/files/500001/',
          ),
        )
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.deleteValidationFile, {
            projectId: 1,
            fileId: 500_001,
          });
          expect(error).toBeUndefined();
        }));

    it('GET /api/project-files/{id}/ downloads the file as an attachment', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a download of a profile validation file')
        .get(statePath('/api/project-files/${fileId}/', '/api/project-files/500001/'))
        .willRespondWith(200, (b) =>
          b.headers({
            'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf'),
            'Content-Disposition': regex(
              '^attachment; filename=.+$',
              'attachment; filename="Profile review minutes.pdf"',
            ),
          }),
        )
        .executeTest(async (mock) => {
          const res = await fetch(`${mock.url}/api/project-files/500001/`, {
            headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
          });
          expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
        }));
  });

  describe('profile revenue', () => {
    it('POST /api/projects/{id}/profile-revenue/ stores the spreadsheet', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a profile revenue sheet uploaded')
        .withRequest('POST', projectPath('profile-revenue/'), (b) =>
          b.multipartBody(
            ODS_TYPE,
            filePath('Revenue 2026.ods', ODS),
            'files',
            'pep-revenue-boundary',
          ),
        )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            id: integer(1_000_000),
            file_name: string('Revenue 2026.ods'),
            size: integer(44),
            uploaded_at: timeMatcher(AT),
            uploaded_by: ADMIN(),
            url: fileShape.url,
          }),
        )
        .executeTest(async (mock) => {
          const stored = await dataFrom(mock, api.uploadProfileRevenue, {
            projectId: 1,
            file: new File([ODS], 'Revenue 2026.ods', { type: ODS_TYPE }),
          });
          expect(stored.file_name).toBe('Revenue 2026.ods');
          expect(stored.url).toMatch(/^\/api\/project-files\/\d+\/\?/);
        }));

    it('POST …/profile-revenue/ without CAN_UPLOAD_PROFILE_REVENUE answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'a profile revenue sheet uploaded by pm')
        .withRequest('POST', projectPath('profile-revenue/'), (b) =>
          b.multipartBody(
            ODS_TYPE,
            filePath('Revenue 2026.ods', ODS),
            'files',
            'pep-revenue-boundary',
          ),
        )
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_UPLOAD_PROFILE_REVENUE).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.uploadProfileRevenue, {
            projectId: 1,
            file: new File([ODS], 'Revenue 2026.ods', { type: ODS_TYPE }),
          });
          expect(error?.status).toBe(403);
        }));
  });

  describe('action items', () => {
    const itemShape = {
      id: integer(1),
      title: string('Pair a second engineer on the payment integration'),
      owner: personShape(8, 'Lucia Romero', 'lromero'),
      due_date: dateMatcher('2026-12-01'),
      created_at: timeMatcher('2026-10-12T13:03:00.000Z'),
      source: {
        type: oneOf(ACTION_ITEM_SOURCES, 'risk'),
        id: integer(1),
        title: string('Key developer may leave before the release'),
        can_open: boolean(true),
      },
    };
    const RISK_ITEM = { id: 1, source: { type: 'risk', id: 1 } } as const;
    const resolvePath = () =>
      statePath(
        '/api/projects/${projectId}/action-items/${itemId}/resolve/',
        '/api/projects/1/action-items/1/resolve/',
      );

    it('GET /api/projects/{id}/action-items/ lists the open items of its risks and issues', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'a request for the action items of project 1')
        .get(projectPath('action-items/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike(itemShape)))
        .executeTest(async (mock) => {
          const items = await dataFrom(mock, api.getProjectActionItems, 1);
          expect(items[0]?.source.type).toMatch(/^(risk|issue)$/);
          expect(items[0]?.source.can_open).toBe(true);
        }));

    it('POST …/action-items/{itemId}/resolve/ marks the item done', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'an action item of project 1 marked done')
        .post(resolvePath(), {})
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: 1,
            item: RISK_ITEM,
          });
          expect(error).toBeUndefined();
        }));

    it('POST …/resolve/ without CAN_RESOLVE_ACTION_PLAN answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmProject1, 'an action item of project 1 marked done by pm')
        .post(resolvePath(), {})
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_RESOLVE_ACTION_PLAN).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: 1,
            item: RISK_ITEM,
          });
          expect(error?.status).toBe(403);
        }));

    describe('corrective actions of audit findings', () => {
      const findingShape = {
        id: integer(31),
        title: string('No signed change requests for two scope changes'),
        owner: PRIYA(),
        due_date: dateMatcher('2026-10-28'),
        created_at: timeMatcher('2026-10-14T12:00:00.000Z'),
        source: {
          type: 'check',
          id: integer(10),
          title: string('Audit check AUD_10'),
          can_open: boolean(true),
        },
      };
      const finding = { id: 31, source: { type: 'check', id: 10 } } as const;
      const findingPath = () =>
        statePath(
          '/api/projects/${projectId}/action-items/outcomes/${outcomeId}/resolve/',
          '/api/projects/10/action-items/outcomes/31/resolve/',
        );

      it('GET /api/projects/{id}/action-items/ lists the open corrective actions of its approved audit', () =>
        interaction(
          ATTRIBUTE_STATES.adminApprovedAudit,
          'a request for the action items of project 10',
        )
          .get(
            statePath('/api/projects/${projectId}/action-items/', '/api/projects/10/action-items/'),
          )
          .willRespondWith(200, (b) => b.jsonBody(eachLike(findingShape)))
          .executeTest(async (mock) => {
            const items = await dataFrom(mock, api.getProjectActionItems, 10);
            expect(items[0]?.source).toMatchObject({ type: 'check', id: 10 });
          }));

      it('POST …/action-items/outcomes/{outcomeId}/resolve/ marks the corrective action done', () =>
        interaction(
          ATTRIBUTE_STATES.adminApprovedAudit,
          "a finding's corrective action marked done",
        )
          .post(findingPath(), {})
          .willRespondWith(204)
          .executeTest(async (mock) => {
            const error = await errorFrom(mock, api.resolveProjectActionItem, {
              projectId: 10,
              item: finding,
            });
            expect(error).toBeUndefined();
          }));

      it('POST …/action-items/outcomes/{outcomeId}/resolve/ of one done already answers 400', () =>
        interaction(
          ATTRIBUTE_STATES.adminApprovedAuditDone,
          "a finding's corrective action marked done again",
        )
          .post(findingPath(), {})
          .willRespondWith(400, (b) =>
            b.jsonBody(fieldErrors({ non_field_errors: ACTION_ITEM_DONE_ALREADY })),
          )
          .executeTest(async (mock) => {
            const error = await errorFrom(mock, api.resolveProjectActionItem, {
              projectId: 10,
              item: finding,
            });
            expect(error?.status).toBe(400);
          }));
    });

    it('POST …/resolve/ of an item not of the project answers 404', () =>
      interaction(ATTRIBUTE_STATES.adminProject1, 'an unknown action item marked done')
        .post(projectPath('action-items/99999/resolve/'), {})
        .willRespondWith(404, (b) => b.jsonBody(notFound()))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: 1,
            item: { ...RISK_ITEM, id: 99999 },
          });
          expect(error?.status).toBe(404);
        }));
  });
});
