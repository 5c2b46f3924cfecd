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
import { statePath } from '../../../testing/pact/inject';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { EXAMPLE_ACCESS, createPact } from '../../../testing/pact/provider';
import { ATTRIBUTE_STATES } from '../../../testing/pact/states';
import { projectAttributesApi } from './api';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';

const { arrayContaining, boolean, eachLike, integer, number, regex, string } = MatchersV3;
const api = projectAttributesApi.endpoints;

const PRIYA = () => personShape(2, 'Priya Nair', 'pnair');
const OMAR = () => personShape(5, 'Omar Haddad', 'ohaddad');
const ADMIN = () => personShape(1, 'Alex Morgan', 'amorgan');
const AT = '2026-10-20T09:30:00.000Z';

/** The example keys of the provider states' records. */
const PROJECT = 1;
const FILE = 500_001;
const ITEM = 1;
const MISSING = 99999;

/** `/api/projects/${projectId}/…` with the id the provider state names. */
const projectPath = (suffix: string) =>
  statePath(`/api/projects/\${projectId}/${suffix}`, { projectId: PROJECT });

interface AttributeExample {
  /** The key: exact where the state names the attribute, else a matcher. */
  key: unknown;
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

/** One attribute as the API answers it: its type exactly, the rest of its definition and its value by type. */
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
    unit: unit === null ? null : string(unit),
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

/** The text attribute the state leaves empty, never set. */
const SUPPORT_HOURS: AttributeExample = {
  key: 'support_hours',
  type: 'text',
  value: null,
  by: null,
  maxLength: 50,
};

/**
 * The attributes of the state's project: the backend defines them, so the list holds (among
 * others) one attribute of each kind the state describes, whatever their order.
 */
const profiledAttributes = () =>
  arrayContaining(
    attributeShape({
      key: 'main_technology',
      type: 'text',
      value: string('Java / Spring Boot'),
      maxLength: 200,
    }),
    attributeShape(SUPPORT_HOURS),
    attributeShape({
      key: 'delivery_model',
      type: 'choice',
      value: 'fixed_price',
      validated: true,
      choice: ['fixed_price', 'Fixed price'],
    }),
    attributeShape({
      key: string('team_location'),
      type: 'choice',
      value: string('distributed'),
      choice: ['onshore', 'Onshore'],
    }),
    attributeShape({
      key: string('offshore_share'),
      type: 'number',
      value: number(35),
      validated: true,
      unit: '%',
      bounds: [0, 100, 0],
    }),
    attributeShape({ key: string('go_live_date'), type: 'date', value: dateMatcher('2027-03-15') }),
    attributeShape({ key: 'agile', type: 'boolean', value: boolean(true) }),
  );

const fileShape = {
  id: integer(FILE),
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
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a request for the attributes of a project')
        .get(projectPath('attributes/'))
        .willRespondWith(200, (b) => b.jsonBody(profiledAttributes()))
        .executeTest(async (mock) => {
          const list = await dataFrom(mock, api.getProjectAttributes, PROJECT);
          expect(list.find((a) => a.key === 'support_hours')?.updated_by).toBeNull();
          expect(list.find((a) => a.key === 'delivery_model')?.validation?.by.name).toBeTruthy();
        }));

    it('GET …/attributes/ of an unknown project answers 404', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a request for the attributes of no project')
        .get(
          statePath('/api/projects/${missingProjectId}/attributes/', { missingProjectId: MISSING }),
        )
        .willRespondWith(404, (b) => b.jsonBody(notFound()))
        .executeTest(async (mock) => {
          expect((await errorFrom(mock, api.getProjectAttributes, MISSING))?.status).toBe(404);
        }));

    it('PATCH /api/projects/{id}/attributes/ fills a value and answers the list', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'the support hours of a project filled in')
        .patch(projectPath('attributes/'), { support_hours: '8x5 CET' })
        .willRespondWith(200, (b) =>
          b.jsonBody(
            arrayContaining(attributeShape({ ...SUPPORT_HOURS, value: '8x5 CET', by: PRIYA() })),
          ),
        )
        .executeTest(async (mock) => {
          const list = await dataFrom(mock, api.patchProjectAttributes, {
            projectId: PROJECT,
            values: { support_hours: '8x5 CET' },
          });
          expect(list.find((a) => a.key === 'support_hours')?.value).toBe('8x5 CET');
        }));

    it('PATCH …/attributes/ with a value that does not fit answers 400 by attribute key', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'an offshore share above 100 %')
        .patch(projectPath('attributes/'), { offshore_share: 101 })
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ offshore_share: 'Enter a number from 0 to 100.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProjectAttributes, {
            projectId: PROJECT,
            values: { offshore_share: 101 },
          });
          expect(error?.status).toBe(400);
        }));

    it('PATCH …/attributes/ of a validated value with the fill flag alone answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'a validated delivery model changed by pm')
        .patch(projectPath('attributes/'), { delivery_model: 'managed_service' })
        .willRespondWith(403, (b) =>
          b.jsonBody(
            drfDetail('"delivery_model" is validated: changing it needs CAN_EDIT_ATTRIBUTES.'),
          ),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProjectAttributes, {
            projectId: PROJECT,
            values: { delivery_model: 'managed_service' },
          });
          expect(error?.status).toBe(403);
        }));

    it('POST /api/projects/{id}/attributes/{key}/validation/ validates the value', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a validation of the main technology')
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
            projectId: PROJECT,
            key: 'main_technology',
          });
          expect(attribute.validation?.by.login).toBe('amorgan');
        }));

    it('POST …/validation/ of an empty value answers 400 non_field_errors', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a validation of the empty support hours')
        .post(projectPath('attributes/support_hours/validation/'), {})
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ non_field_errors: 'Fill in a value before validating it.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.validateAttribute, {
            projectId: PROJECT,
            key: 'support_hours',
          });
          expect(error?.status).toBe(400);
        }));

    it('POST …/validation/ without CAN_VALIDATE_ATTRIBUTES answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'a validation of the agile flag by pm')
        .post(projectPath('attributes/agile/validation/'), {})
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_VALIDATE_ATTRIBUTES).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.validateAttribute, {
            projectId: PROJECT,
            key: 'agile',
          });
          expect(error?.status).toBe(403);
        }));

    it('DELETE …/attributes/{key}/validation/ clears the validation', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'the validation of the delivery model cleared')
        .delete(projectPath('attributes/delivery_model/validation/'))
        .willRespondWith(200, (b) =>
          b.jsonBody(
            attributeShape({
              key: 'delivery_model',
              type: 'choice',
              value: 'fixed_price',
              choice: ['fixed_price', 'Fixed price'],
            }),
          ),
        )
        .executeTest(async (mock) => {
          const attribute = await dataFrom(mock, api.clearAttributeValidation, {
            projectId: PROJECT,
            key: 'delivery_model',
          });
          expect(attribute.validation).toBeNull();
        }));
  });

  describe('profile validation status', () => {
    it('GET /api/projects/{id}/profile-validation/ answers the status, comment and files', () =>
      interaction(
        ATTRIBUTE_STATES.adminProfiled,
        'a request for the profile validation of a project',
      )
        .get(projectPath('profile-validation/'))
        .willRespondWith(200, (b) => b.jsonBody(validationShape()))
        .executeTest(async (mock) => {
          const validation = await dataFrom(mock, api.getProfileValidation, PROJECT);
          expect(validation.updated_by).not.toBeNull();
          expect(validation.files[0]?.url).toMatch(/^\/api\/project-files\//);
        }));

    it('GET …/profile-validation/ of a project whose validation has not started answers it empty', () =>
      interaction(
        ATTRIBUTE_STATES.adminUnprofiled,
        'a request for a profile validation not started',
      )
        .get(projectPath('profile-validation/'))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            status: 'not_started',
            comment: '',
            updated_by: null,
            updated_at: null,
            files: [],
          }),
        )
        .executeTest(async (mock) => {
          const validation = await dataFrom(mock, api.getProfileValidation, PROJECT);
          expect(validation.updated_by).toBeNull();
          expect(validation.files).toEqual([]);
        }));

    it('PATCH …/profile-validation/ changes the status and the comment', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'the profile of a project validated')
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
            projectId: PROJECT,
            status: 'validated',
            comment: 'Signed off.',
          });
          expect(validation.status).toBe('validated');
        }));

    it('PATCH …/profile-validation/ rejecting without a comment answers 400 on the comment', () =>
      interaction(
        ATTRIBUTE_STATES.adminProfiled,
        'the profile of a project rejected without a word',
      )
        .patch(projectPath('profile-validation/'), { status: 'rejected', comment: '' })
        .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ comment: REJECTION_NEEDS_COMMENT })))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProfileValidation, {
            projectId: PROJECT,
            status: 'rejected',
            comment: '',
          });
          expect(error?.status).toBe(400);
        }));

    it('PATCH …/profile-validation/ without the flag answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'the profile validation status changed by pm')
        .patch(projectPath('profile-validation/'), { status: 'validated' })
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_EDIT_PROFILE_VALIDATION_STATUS).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.patchProfileValidation, {
            projectId: PROJECT,
            status: 'validated',
          });
          expect(error?.status).toBe(403);
        }));

    it('POST …/profile-validation/files/ as multipart adds a file', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a PDF added to the profile validation')
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
            projectId: PROJECT,
            files: [new File([PDF], 'signed-profile.pdf', { type: 'application/pdf' })],
          });
          expect(validation.files.length).toBeGreaterThan(0);
        }));

    it('POST …/profile-validation/files/ with a type not listed answers 400 with the file error', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a text file added to the profile validation')
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
            projectId: PROJECT,
            files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
          });
          expect(error?.data).toEqual({ files: [FILE_ERROR] });
        }));

    it('DELETE …/profile-validation/files/{fileId}/ removes a file', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a profile validation file removed')
        .delete(
          statePath('/api/projects/${projectId}/profile-validation/files/${fileId}/', {
            projectId: PROJECT,
            fileId: FILE,
          }),
        )
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.deleteValidationFile, {
            projectId: PROJECT,
            fileId: FILE,
          });
          expect(error).toBeUndefined();
        }));

    it('GET /api/project-files/{id}/ downloads the file as an attachment', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a download of a profile validation file')
        .get(statePath('/api/project-files/${fileId}/', { fileId: FILE }))
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
          const res = await fetch(`${mock.url}/api/project-files/${FILE}/`, {
            headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
          });
          expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
        }));
  });

  describe('profile revenue', () => {
    it('POST /api/projects/{id}/profile-revenue/ stores the spreadsheet', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a profile revenue sheet uploaded')
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
            projectId: PROJECT,
            file: new File([ODS], 'Revenue 2026.ods', { type: ODS_TYPE }),
          });
          expect(stored.file_name).toBe('Revenue 2026.ods');
          expect(stored.url).toMatch(/^\/api\/project-files\/\d+\/\?/);
        }));

    it('POST …/profile-revenue/ without CAN_UPLOAD_PROFILE_REVENUE answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'a profile revenue sheet uploaded by pm')
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
            projectId: PROJECT,
            file: new File([ODS], 'Revenue 2026.ods', { type: ODS_TYPE }),
          });
          expect(error?.status).toBe(403);
        }));
  });

  describe('action items', () => {
    const itemShape = {
      id: integer(ITEM),
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
    const RISK_ITEM = { id: ITEM, source: { type: 'risk', id: 1 } } as const;
    const resolvePath = () =>
      statePath('/api/projects/${projectId}/action-items/${itemId}/resolve/', {
        projectId: PROJECT,
        itemId: ITEM,
      });

    it('GET /api/projects/{id}/action-items/ lists the open items of its risks and issues', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'a request for the action items of a project')
        .get(projectPath('action-items/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike(itemShape)))
        .executeTest(async (mock) => {
          const items = await dataFrom(mock, api.getProjectActionItems, PROJECT);
          expect(items[0]?.source.type).toMatch(/^(risk|issue)$/);
          expect(items[0]?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }));

    it('GET …/action-items/ answers an item without a due date with a null one', () =>
      interaction(
        ATTRIBUTE_STATES.adminUnprofiled,
        'a request for the action items of a project whose item has no due date',
      )
        .get(projectPath('action-items/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike({ ...itemShape, due_date: null })))
        .executeTest(async (mock) => {
          const items = await dataFrom(mock, api.getProjectActionItems, PROJECT);
          expect(items[0]?.due_date).toBeNull();
        }));

    it('POST …/action-items/{itemId}/resolve/ marks the item done', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'an action item of a project marked done')
        .post(resolvePath(), {})
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: PROJECT,
            item: RISK_ITEM,
          });
          expect(error).toBeUndefined();
        }));

    it('POST …/resolve/ without CAN_RESOLVE_ACTION_PLAN answers 403', () =>
      interaction(ATTRIBUTE_STATES.pmFills, 'an action item of a project marked done by pm')
        .post(resolvePath(), {})
        .willRespondWith(403, (b) =>
          b.jsonBody(drfDetail('You do not have permission (CAN_RESOLVE_ACTION_PLAN).')),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: PROJECT,
            item: RISK_ITEM,
          });
          expect(error?.status).toBe(403);
        }));

    describe('corrective actions of audit findings', () => {
      const AUDITED = 10;
      const OUTCOME = 31;
      const findingShape = {
        id: integer(OUTCOME),
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
      const finding = { id: OUTCOME, source: { type: 'check', id: 10 } } as const;
      const findingPath = () =>
        statePath('/api/projects/${projectId}/action-items/outcomes/${outcomeId}/resolve/', {
          projectId: AUDITED,
          outcomeId: OUTCOME,
        });

      it('GET /api/projects/{id}/action-items/ lists the open corrective actions of its approved audit', () =>
        interaction(
          ATTRIBUTE_STATES.adminApprovedAudit,
          'a request for the action items of a project with an approved audit',
        )
          .get(statePath('/api/projects/${projectId}/action-items/', { projectId: AUDITED }))
          .willRespondWith(200, (b) => b.jsonBody(eachLike(findingShape)))
          .executeTest(async (mock) => {
            const items = await dataFrom(mock, api.getProjectActionItems, AUDITED);
            expect(items[0]?.source.type).toBe('check');
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
              projectId: AUDITED,
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
              projectId: AUDITED,
              item: finding,
            });
            expect(error?.status).toBe(400);
          }));
    });

    it('POST …/resolve/ of an item not of the project answers 404', () =>
      interaction(ATTRIBUTE_STATES.adminProfiled, 'an unknown action item marked done')
        .post(
          statePath('/api/projects/${projectId}/action-items/${missingItemId}/resolve/', {
            projectId: PROJECT,
            missingItemId: MISSING,
          }),
          {},
        )
        .willRespondWith(404, (b) => b.jsonBody(notFound()))
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, api.resolveProjectActionItem, {
            projectId: PROJECT,
            item: { ...RISK_ITEM, id: MISSING },
          });
          expect(error?.status).toBe(404);
        }));
  });
});
