import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FILE_ERROR } from '../../api/contract/risks';
import { fieldErrors } from '../../testing/pact/drfShapes';
import { stateId, statePath, stateText } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { EXAMPLE_ACCESS, createPact } from '../../testing/pact/provider';
import {
  actionItemShape,
  attachmentShape,
  commentShape,
  draftShape,
  groupShape,
  riskPath,
  rowShape,
} from '../../testing/pact/riskShapes';
import { RISK_STATES } from '../../testing/pact/states';
import { risksApi } from './api';
import { examplesFolder, PDF } from '../../testing/pact/uploads';

const { eachLike, integer, string, regex } = MatchersV3;

/** What hangs off a risk: its action plan, comments with attachments, drafts and duplicates groups. */
describe('action item, comment, attachment, draft and duplicates calls', () => {
  const interaction = interactionsOf(createPact());
  const filePath = examplesFolder('risks');

  describe('action items', () => {
    const itemPath = () =>
      statePath('/api/risks/${riskId}/action-items/${itemId}/', { riskId: 1, itemId: 1 });

    it('GET /api/risks/{id}/action-items/ lists the plan', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a request for the action items of a risk')
        .get(riskPath('action-items/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike(actionItemShape)))
        .executeTest(async (mock) => {
          const items = await dataFrom(mock, risksApi.endpoints.getActionItems, 1);
          expect(items.length).toBeGreaterThan(0);
        }));

    it('POST /api/risks/{id}/action-items/ adds an item', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a new action item')
        .post(riskPath('action-items/'), {
          title: 'Call the vendor',
          owner_id: stateId('managerId', 2),
          due_date: '2026-12-01',
        })
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...actionItemShape,
            title: 'Call the vendor',
            owner: personShape(2, 'Priya Nair', 'pnair'),
          }),
        )
        .executeTest(async (mock) => {
          const item = await dataFrom(mock, risksApi.endpoints.addActionItem, {
            riskId: 1,
            title: 'Call the vendor',
            owner_id: 2,
            due_date: '2026-12-01',
          });
          expect(item.title).toBe('Call the vendor');
        }));

    it('PATCH /api/risks/{id}/action-items/{itemId}/ marks an item done', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'an action item marked done')
        .patch(itemPath(), { done: true })
        .willRespondWith(200, (b) => b.jsonBody({ ...actionItemShape, done: true }))
        .executeTest(async (mock) => {
          const item = await dataFrom(mock, risksApi.endpoints.updateActionItem, {
            riskId: 1,
            itemId: 1,
            done: true,
          });
          expect(item.done).toBe(true);
        }));

    it('DELETE /api/risks/{id}/action-items/{itemId}/ answers 204', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'an action item deleted')
        .delete(itemPath())
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.deleteActionItem, {
            riskId: 1,
            itemId: 1,
          });
          expect(error).toBeUndefined();
        }));
  });

  describe('comments and attachments', () => {
    it('GET /api/risks/{id}/comments/ lists comments with their attachments', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a request for the comments of a risk')
        .get(riskPath('comments/'))
        .willRespondWith(200, (b) => b.jsonBody(eachLike(commentShape)))
        .executeTest(async (mock) => {
          const comments = await dataFrom(mock, risksApi.endpoints.getComments, 1);
          expect(comments[0]?.attachments[0]?.url).toMatch(/^\/api\/attachments\//);
        }));

    it('POST /api/risks/{id}/comments/ as multipart stores the comment with its file', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a comment with a PDF')
        .withRequest('POST', riskPath('comments/'), (b) =>
          b.multipartBody(
            'application/pdf',
            filePath('evidence.pdf', PDF),
            'files',
            'pep-comment-boundary',
          ),
        )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...commentShape,
            id: integer(3),
            text: string('Evidence attached.'),
            created_at: timeMatcher('2026-11-20T10:00:00.000Z'),
            attachments: eachLike({
              ...attachmentShape,
              name: 'evidence.pdf',
              content_type: 'application/pdf',
            }),
          }),
        )
        .executeTest(async (mock) => {
          const file = new File([PDF], 'evidence.pdf', { type: 'application/pdf' });
          const comment = await dataFrom(mock, risksApi.endpoints.addComment, {
            riskId: 1,
            text: 'Evidence attached.',
            files: [file],
          });
          expect(comment.attachments[0]?.name).toBe('evidence.pdf');
        }));

    it('POST /api/risks/{id}/comments/ with a file type not allowed answers 400 with the file error', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a comment with a GIF')
        .withRequest('POST', riskPath('comments/'), (b) =>
          b.multipartBody(
            'image/gif',
            filePath('animation.gif', 'GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
            'files',
            'pep-comment-boundary',
          ),
        )
        .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
        .executeTest(async (mock) => {
          const file = new File(['GIF89a\x01\x00\x01\x00\x00\x00\x00;'], 'animation.gif', {
            type: 'image/gif',
          });
          const error = await errorFrom(mock, risksApi.endpoints.addComment, {
            riskId: 1,
            text: '',
            files: [file],
          });
          expect(error?.data).toEqual({ files: [FILE_ERROR] });
        }));

    it('GET /api/attachments/{id}/ downloads the file as an attachment', () =>
      interaction(RISK_STATES.ownerOpenRisk, 'a download of an attachment')
        .get(statePath('/api/attachments/${attachmentId}/', { attachmentId: 1 }))
        .willRespondWith(200, (b) =>
          b.headers({
            'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf'),
            'Content-Disposition': regex(
              '^attachment; filename=.+$',
              'attachment; filename="staffing-plan.pdf"',
            ),
          }),
        )
        .executeTest(async (mock) => {
          const res = await fetch(`${mock.url}/api/attachments/1/`, {
            headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
          });
          expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
        }));
  });

  describe('drafts', () => {
    const draftPath = (suffix = '') =>
      statePath(`/api/risk-drafts/\${draftId}/${suffix}`, { draftId: 1 });

    it('GET /api/risk-drafts/ lists the user’s drafts', () =>
      interaction(RISK_STATES.ownerIncompleteDraft, 'a request for the risk drafts')
        .get('/api/risk-drafts/', { kind: 'risk', level: 'project' })
        .willRespondWith(200, (b) => b.jsonBody(eachLike(draftShape())))
        .executeTest(async (mock) => {
          const drafts = await dataFrom(mock, risksApi.endpoints.getDrafts, {
            kind: 'risk',
            level: 'project',
          });
          expect(drafts[0]?.kind).toBe('risk');
        }));

    it('POST /api/risk-drafts/ saves a new draft', () =>
      interaction(RISK_STATES.ownerIncompleteDraft, 'a new risk draft')
        .post('/api/risk-drafts/', {
          kind: 'issue',
          level: 'project',
          data: { statement: 'Build fails nightly' },
        })
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...draftShape(5),
            kind: 'issue',
            data: { statement: 'Build fails nightly' },
          }),
        )
        .executeTest(async (mock) => {
          const draft = await dataFrom(mock, risksApi.endpoints.saveDraft, {
            kind: 'issue',
            level: 'project',
            data: { statement: 'Build fails nightly' },
          });
          expect(draft.kind).toBe('issue');
        }));

    it('PATCH /api/risk-drafts/{id}/ saves an existing draft', () =>
      interaction(RISK_STATES.ownerIncompleteDraft, 'a change of a risk draft')
        .patch(draftPath(), {
          kind: 'risk',
          level: 'project',
          data: { statement: 'Freeze clash', category: 'delivery' },
        })
        .willRespondWith(200, (b) =>
          b.jsonBody({
            ...draftShape(),
            data: { statement: 'Freeze clash', category: 'delivery' },
          }),
        )
        .executeTest(async (mock) => {
          const draft = await dataFrom(mock, risksApi.endpoints.saveDraft, {
            id: 1,
            kind: 'risk',
            level: 'project',
            data: { statement: 'Freeze clash', category: 'delivery' },
          });
          expect(draft.data.category).toBe('delivery');
        }));

    it('DELETE /api/risk-drafts/{id}/ answers 204', () =>
      interaction(RISK_STATES.ownerIncompleteDraft, 'a risk draft deleted')
        .delete(draftPath())
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.deleteDraft, 1);
          expect(error).toBeUndefined();
        }));

    it('POST /api/risk-drafts/{id}/create/ creates the risk from a complete draft', () =>
      interaction(RISK_STATES.ownerCompleteDraft, 'a risk created from a draft')
        .post(draftPath('create/'), {})
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...rowShape,
            statement: string('Release window may clash with the client freeze'),
          }),
        )
        .executeTest(async (mock) => {
          const risk = await dataFrom(mock, risksApi.endpoints.createFromDraft, 1);
          expect(risk.kind).toBe('risk');
        }));

    it('POST /api/risk-drafts/{id}/create/ of an incomplete draft answers 400 with field errors', () =>
      interaction(RISK_STATES.ownerIncompleteDraft, 'a risk created from an incomplete draft')
        .post(draftPath('create/'), {})
        .willRespondWith(400, (b) =>
          b.jsonBody(fieldErrors({ category: 'This field is required.' })),
        )
        .executeTest(async (mock) => {
          const error = await errorFrom(mock, risksApi.endpoints.createFromDraft, 1);
          expect(error?.status).toBe(400);
        }));
  });

  describe('duplicates', () => {
    const groupPath = (action: string) =>
      statePath(`/api/risk-duplicates/\${groupId}/${action}/`, { groupId: 1 });
    const duplicateId = () => stateId('duplicateId', 6);

    it('GET /api/risk-duplicates/ lists the groups of a scope', () =>
      interaction(RISK_STATES.ownerDuplicates, 'a request for the duplicates of a project')
        .get('/api/risk-duplicates/', { level: 'project', scope: stateText('projectId', 2) })
        .willRespondWith(200, (b) => b.jsonBody(eachLike(groupShape)))
        .executeTest(async (mock) => {
          const groups = await dataFrom(mock, risksApi.endpoints.getDuplicates, {
            level: 'project',
            scope: 2,
          });
          expect(groups[0]?.duplicates.length).toBeGreaterThan(0);
        }));

    it('POST /api/risk-duplicates/{id}/merge/ merges into the initial risk; the emptied group is null', () =>
      interaction(RISK_STATES.ownerDuplicates, 'a merge of a duplicates group')
        .post(groupPath('merge'), {})
        .willRespondWith(200, (b) => b.jsonBody(null))
        .executeTest(async (mock) => {
          const group = await dataFrom(mock, risksApi.endpoints.mergeDuplicates, 1);
          expect(group).toBeNull();
        }));

    it('POST /api/risk-duplicates/{id}/close/ closes one duplicate', () =>
      interaction(RISK_STATES.ownerDuplicates, 'a duplicate closed')
        .post(groupPath('close'), { risk_id: duplicateId() })
        .willRespondWith(200, (b) => b.jsonBody(groupShape))
        .executeTest(async (mock) => {
          const group = await dataFrom(mock, risksApi.endpoints.closeAsDuplicate, {
            groupId: 1,
            risk_id: 6,
          });
          expect(group?.initial.id).toBe(4);
        }));

    it('POST /api/risk-duplicates/{id}/not-duplicate/ takes a risk out of the group', () =>
      interaction(RISK_STATES.ownerDuplicates, 'a risk marked not a duplicate')
        .post(groupPath('not-duplicate'), { risk_id: duplicateId() })
        .willRespondWith(200, (b) => b.jsonBody(groupShape))
        .executeTest(async (mock) => {
          const group = await dataFrom(mock, risksApi.endpoints.notDuplicate, {
            groupId: 1,
            risk_id: 6,
          });
          expect(group?.duplicates.length).toBeGreaterThan(0);
        }));
  });
});
