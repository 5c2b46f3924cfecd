import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_RULES,
  CHECKLIST_STATES as STATE_NAMES,
  type ChecklistAnswer,
  type ChecklistState,
} from '../../api/contract/checklists';
import { FILE_ERROR } from '../../api/contract/risks';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { statePath, stateText } from '../../testing/pact/inject';
import { createPact } from '../../testing/pact/provider';
import { CHECKLIST_STATES } from '../../testing/pact/states';
import { checklistsApi } from './api';
import { examplesFolder, PDF } from '../../testing/pact/uploads';

const { atLeastLike, eachLike, integer, string, regex } = MatchersV3;
const api = checklistsApi.endpoints;

const rowShape = (state: ChecklistState, template = 'Release readiness') => ({
  id: integer(1),
  project: { id: integer(1), name: string('Handmade Ball panel'), code: string('HBP-0001') },
  account: { id: integer(4), name: string('Doyle - Jacobs') },
  template_name: string(template),
  due_date: dateMatcher('2026-12-04'),
  state: oneOf([state], state),
  assignee: personShape(2, 'Priya Nair', 'pnair'),
  items_count: integer(5),
  answered_count: integer(0),
  decline_reason: string(''),
  updated_at: timeMatcher('2026-10-31T00:00:00.000Z'),
  updated_by: personShape(2, 'Priya Nair', 'pnair'),
});

const fileShape = {
  id: integer(1_900_001),
  name: string('evidence.pdf'),
  size: integer(1024),
  content_type: string('application/pdf'),
  url: regex(
    '^/api/checklist-files/\\d+/(\\?\\S*)?$',
    '/api/checklist-files/1900001/?user=2&expires=1&signature=ab',
  ),
};

const itemShape = (answer: ChecklistAnswer | null = null) => ({
  id: integer(1),
  text: string('Release notes are written and reviewed'),
  answer: answer === null ? null : oneOf([answer], answer),
  comment: string(''),
  attachments: atLeastLike(fileShape, 0, 1),
});

const detailShape = (state: ChecklistState, answer: ChecklistAnswer | null = null) => ({
  ...rowShape(state),
  items: eachLike(itemShape(answer)),
});

/** The example keys of the provider states' records. */
const CHECKLIST = 1;
const ITEM = 1;
const OTHER = 8;
const FINAL = 15;
const FILE = { checklistId: 2, itemId: 6, attachmentId: 1_900_001 };

const LIST = '/api/checklists/';
const checklistPath = (suffix = '', which = 'checklistId', example = CHECKLIST) =>
  statePath(`/api/checklists/\${${which}}/${suffix}`, { [which]: example });
const itemPath = (suffix = '') =>
  statePath(`/api/checklists/\${checklistId}/items/\${itemId}/${suffix}`, {
    checklistId: CHECKLIST,
    itemId: ITEM,
  });
const forbidden = (flag: string) =>
  drfDetail(`You do not have permission to perform this action (${flag}).`);

describe('project checklist calls', () => {
  const interaction = interactionsOf(createPact());
  const filePath = examplesFolder('checklists');

  it("GET /api/checklists/ lists the user's checklists", () =>
    interaction(CHECKLIST_STATES.pm, "a request for pm's checklists")
      .get(LIST)
      // Every state shows in one list.
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike({ ...rowShape('available'), state: oneOf(STATE_NAMES, 'available') })),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getChecklists, {});
        expect(rows.length).toBeGreaterThan(0);
      }));

  it('GET /api/checklists/?state=&search= filters them', () =>
    interaction(CHECKLIST_STATES.pm, "a request for pm's checklists in progress about sprints")
      .get(LIST, { state: 'in_progress', search: stateText('checklistSearch', 'sprint') })
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike(rowShape('in_progress', 'Sprint quality gate'))),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getChecklists, {
          state: 'in_progress',
          search: 'sprint',
        });
        expect(rows.every((row) => row.state === 'in_progress')).toBe(true);
      }));

  it('GET /api/checklists/ without CAN_VIEW_CHECKLISTS answers 403 naming it', () =>
    interaction(CHECKLIST_STATES.expertWithout, 'a request for the checklists by expert')
      .get(LIST)
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_VIEW_CHECKLISTS')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getChecklists, {}))?.status).toBe(403);
      }));

  it('GET /api/checklists/{id}/ answers the checklist with its items', () =>
    interaction(CHECKLIST_STATES.pm, 'a request for an available checklist of pm')
      .get(checklistPath())
      .willRespondWith(200, (b) => b.jsonBody(detailShape('available')))
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.getChecklist, CHECKLIST);
        expect(checklist.items.length).toBeGreaterThan(0);
      }));

  it("GET /api/checklists/{id}/ of another person's checklist answers 404", () =>
    interaction(CHECKLIST_STATES.pm, "a request for someone else's checklist by pm")
      .get(checklistPath('', 'otherChecklistId', OTHER))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getChecklist, OTHER))?.status).toBe(404);
      }));

  it('PATCH …/items/{itemId}/ saves an answer; an available checklist moves into progress', () =>
    interaction(
      CHECKLIST_STATES.pmSingleItem,
      'an answer to the only item of an available checklist',
    )
      .patch(itemPath(), { answer: 'yes', comment: 'Sent to the client on Monday.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...detailShape('in_progress', 'yes'),
          items: eachLike({ ...itemShape('yes'), comment: 'Sent to the client on Monday.' }),
        }),
      )
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.saveChecklistItem, {
          checklistId: CHECKLIST,
          itemId: ITEM,
          patch: { answer: 'yes', comment: 'Sent to the client on Monday.' },
        });
        expect(checklist.state).toBe('in_progress');
      }));

  it('PATCH …/items/{itemId}/ without CAN_EDIT_CHECKLIST answers 403 naming it', () =>
    interaction(CHECKLIST_STATES.qclReadOnly, 'an answer by qcl, who may only view')
      .patch(itemPath(), { answer: 'yes' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_EDIT_CHECKLIST')))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.saveChecklistItem, {
          checklistId: CHECKLIST,
          itemId: ITEM,
          patch: { answer: 'yes' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/items/{itemId}/attachments/ as multipart adds a file', () =>
    interaction(CHECKLIST_STATES.pm, 'a PDF attached to an item of an available checklist')
      .withRequest('POST', itemPath('attachments/'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('minutes.pdf', PDF),
          'files',
          'pep-checklist-boundary',
        ),
      )
      .willRespondWith(201, (b) => b.jsonBody(detailShape('in_progress')))
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.uploadChecklistFiles, {
          checklistId: CHECKLIST,
          itemId: ITEM,
          files: [new File([PDF], 'minutes.pdf', { type: 'application/pdf' })],
        });
        expect(checklist.state).toBe('in_progress');
      }));

  it('POST …/attachments/ with a type the spec refuses answers 400 with the file error', () =>
    interaction(CHECKLIST_STATES.pm, 'a text file attached to an item')
      .withRequest('POST', itemPath('attachments/'), (b) =>
        b.multipartBody(
          'text/plain',
          filePath('notes.txt', 'Plain words.'),
          'files',
          'pep-checklist-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.uploadChecklistFiles, {
          checklistId: CHECKLIST,
          itemId: ITEM,
          files: [new File(['Plain words.'], 'notes.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('DELETE …/attachments/{attachmentId}/ removes a file', () =>
    interaction(CHECKLIST_STATES.pm, 'a file removed from an item of a checklist in progress')
      .delete(
        statePath('/api/checklists/${fileChecklistId}/items/${fileItemId}/attachments/${fileId}/', {
          fileChecklistId: FILE.checklistId,
          fileItemId: FILE.itemId,
          fileId: FILE.attachmentId,
        }),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.deleteChecklistFile, FILE);
        expect(error).toBeUndefined();
      }));

  it('POST …/submit/ of a checklist with unanswered items answers 400', () =>
    interaction(CHECKLIST_STATES.pm, 'a submit of an available checklist with no answers')
      .post(checklistPath('submit/'), {})
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(CHECKLIST_RULES.unanswered(5))))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.submitChecklist, { checklistId: CHECKLIST });
        expect(error?.status).toBe(400);
      }));

  it('POST …/submit/ of a complete checklist submits it', () =>
    interaction(CHECKLIST_STATES.pmComplete, 'a submit of a complete checklist')
      .post(checklistPath('submit/'), {})
      .willRespondWith(200, (b) => b.jsonBody(detailShape('submitted', 'yes')))
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.submitChecklist, { checklistId: CHECKLIST });
        expect(checklist.state).toBe('submitted');
      }));

  it('POST …/submit/ without CAN_SUBMIT_CHECKLIST answers 403 naming it', () =>
    interaction(CHECKLIST_STATES.qclReadOnly, 'a submit by qcl, who may only view')
      .post(checklistPath('submit/'), {})
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_SUBMIT_CHECKLIST')))
      .executeTest(async (mock) => {
        expect(
          (await errorFrom(mock, api.submitChecklist, { checklistId: CHECKLIST }))?.status,
        ).toBe(403);
      }));

  it('POST …/decline/ with a reason declines the checklist', () =>
    interaction(CHECKLIST_STATES.admin, 'a decline of an available checklist with a reason')
      .post(checklistPath('decline/'), { reason: 'No release this quarter.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...detailShape('declined'),
          decline_reason: string('No release this quarter.'),
        }),
      )
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.declineChecklist, {
          checklistId: CHECKLIST,
          reason: 'No release this quarter.',
        });
        expect(checklist.state).toBe('declined');
      }));

  it('POST …/decline/ with a blank reason answers 400 on reason', () =>
    interaction(CHECKLIST_STATES.admin, 'a decline without a reason')
      .post(checklistPath('decline/'), { reason: ' ' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ reason: 'This field may not be blank.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.declineChecklist, {
          checklistId: CHECKLIST,
          reason: ' ',
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/decline/ without CAN_DECLINE_CHECKLIST answers 403 naming it', () =>
    interaction(CHECKLIST_STATES.pm, 'a decline by pm')
      .post(checklistPath('decline/'), { reason: 'Not ours.' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_DECLINE_CHECKLIST')))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.declineChecklist, {
          checklistId: CHECKLIST,
          reason: 'Not ours.',
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/cancel/ cancels an available checklist', () =>
    interaction(CHECKLIST_STATES.admin, 'a cancel of an available checklist')
      .post(checklistPath('cancel/'), {})
      .willRespondWith(200, (b) => b.jsonBody(detailShape('canceled')))
      .executeTest(async (mock) => {
        const checklist = await dataFrom(mock, api.cancelChecklist, { checklistId: CHECKLIST });
        expect(checklist.state).toBe('canceled');
      }));

  it('POST …/cancel/ of a submitted checklist answers 400: an illegal transition', () =>
    interaction(CHECKLIST_STATES.admin, 'a cancel of a submitted checklist')
      .post(checklistPath('cancel/', 'finalChecklistId', FINAL), {})
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(CHECKLIST_RULES.final('submitted'))))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.cancelChecklist, { checklistId: FINAL });
        expect(error?.status).toBe(400);
      }));

  it('POST …/cancel/ without CAN_CANCEL_CHECKLIST answers 403 naming it', () =>
    interaction(CHECKLIST_STATES.pm, 'a cancel by pm')
      .post(checklistPath('cancel/'), {})
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_CANCEL_CHECKLIST')))
      .executeTest(async (mock) => {
        expect(
          (await errorFrom(mock, api.cancelChecklist, { checklistId: CHECKLIST }))?.status,
        ).toBe(403);
      }));
});
