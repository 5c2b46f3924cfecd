import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/baseQuery';
import { FILE_ERROR } from '../../api/contract/risks';
import { EXAMPLE_ACCESS, createPact } from '../../testing/pact/provider';
import { personShape, timeMatcher } from '../../testing/pact/pollShapes';
import {
  actionItemShape,
  attachmentShape,
  draftShape,
  groupShape,
  interactionsOf,
  riskPath,
  riskStore,
  rowShape,
  statePath,
} from '../../testing/pact/riskShapes';
import { RISK_STATES } from '../../testing/pact/states';
import { risksApi } from './api';

const { eachLike, integer, string, regex, fromProviderState } = MatchersV3;

/** What hangs off a risk: its action plan, comments with attachments, drafts and duplicates groups. */
describe('action item, comment, attachment, draft and duplicates calls', () => {
  const pact = createPact();
  const call = interactionsOf(pact);
  const store = riskStore;
  const files = mkdtempSync(join(tmpdir(), 'pep-pact-'));
  const filePath = (name: string, content: string) => {
    const path = join(files, name);
    writeFileSync(path, content, 'latin1');
    return path;
  };
  const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  afterAll(() => rmSync(files, { recursive: true, force: true }));

  describe('action items', () => {
    const itemPath = () =>
      statePath('/api/risks/${riskId}/action-items/${itemId}/', '/api/risks/1/action-items/1/');

    it('GET /api/risks/{id}/action-items/ lists the plan', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a request for the action items of a risk',
        'GET',
        riskPath('action-items/'),
      )
        .willRespondWith(200, (b) => b.jsonBody(eachLike(actionItemShape)))
        .executeTest(async (mock) => {
          const items = await store(mock.url)
            .dispatch(risksApi.endpoints.getActionItems.initiate(1))
            .unwrap();
          expect(items.length).toBeGreaterThan(0);
        }));

    it('POST /api/risks/{id}/action-items/ adds an item', () =>
      call(RISK_STATES.ownerOpenRisk, 'a new action item', 'POST', riskPath('action-items/'), (b) =>
        b.jsonBody({ title: 'Call the vendor', owner_id: 2, due_date: '2026-12-01' }),
      )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...actionItemShape,
            title: 'Call the vendor',
            owner: personShape(2, 'Priya Nair', 'pnair'),
          }),
        )
        .executeTest(async (mock) => {
          const item = await store(mock.url)
            .dispatch(
              risksApi.endpoints.addActionItem.initiate({
                riskId: 1,
                title: 'Call the vendor',
                owner_id: 2,
                due_date: '2026-12-01',
              }),
            )
            .unwrap();
          expect(item.title).toBe('Call the vendor');
        }));

    it('PATCH /api/risks/{id}/action-items/{itemId}/ marks an item done', () =>
      call(RISK_STATES.ownerOpenRisk, 'an action item marked done', 'PATCH', itemPath(), (b) =>
        b.jsonBody({ done: true }),
      )
        .willRespondWith(200, (b) => b.jsonBody({ ...actionItemShape, done: true }))
        .executeTest(async (mock) => {
          const item = await store(mock.url)
            .dispatch(
              risksApi.endpoints.updateActionItem.initiate({ riskId: 1, itemId: 1, done: true }),
            )
            .unwrap();
          expect(item.done).toBe(true);
        }));

    it('DELETE /api/risks/{id}/action-items/{itemId}/ answers 204', () =>
      call(RISK_STATES.ownerOpenRisk, 'an action item deleted', 'DELETE', itemPath())
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.deleteActionItem.initiate({ riskId: 1, itemId: 1 }),
          );
          expect(result.error).toBeUndefined();
        }));
  });

  describe('comments and attachments', () => {
    it('GET /api/risks/{id}/comments/ lists comments with their attachments', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a request for the comments of a risk',
        'GET',
        riskPath('comments/'),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody(
            eachLike({
              id: integer(1),
              text: string(
                'Offer letter confirmed by HR; see https://wiki.example.com/apollo/staffing',
              ),
              author: personShape(8, 'Lucia Romero', 'lromero'),
              created_at: timeMatcher('2026-11-16T00:00:00.000Z'),
              attachments: MatchersV3.atLeastLike(attachmentShape, 0, 1),
            }),
          ),
        )
        .executeTest(async (mock) => {
          const comments = await store(mock.url)
            .dispatch(risksApi.endpoints.getComments.initiate(1))
            .unwrap();
          expect(comments[0]?.attachments[0]?.url).toMatch(/^\/api\/attachments\//);
        }));

    it('POST /api/risks/{id}/comments/ as multipart stores the comment with its file', () =>
      call(RISK_STATES.ownerOpenRisk, 'a comment with a PDF', 'POST', riskPath('comments/'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('evidence.pdf', PDF),
          'files',
          'pep-comment-boundary',
        ),
      )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            id: integer(3),
            text: string('Evidence attached.'),
            author: personShape(8, 'Lucia Romero', 'lromero'),
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
          const comment = await store(mock.url)
            .dispatch(
              risksApi.endpoints.addComment.initiate({
                riskId: 1,
                text: 'Evidence attached.',
                files: [file],
              }),
            )
            .unwrap();
          expect(comment.attachments[0]?.name).toBe('evidence.pdf');
        }));

    it('POST /api/risks/{id}/comments/ with a file type not allowed answers 400 with the file error', () =>
      call(RISK_STATES.ownerOpenRisk, 'a comment with a GIF', 'POST', riskPath('comments/'), (b) =>
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
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.addComment.initiate({ riskId: 1, text: '', files: [file] }),
          );
          expect((result.error as ApiError).data).toEqual({ files: [FILE_ERROR] });
        }));

    it('GET /api/attachments/{id}/ downloads the file as an attachment', () =>
      call(
        RISK_STATES.ownerOpenRisk,
        'a download of an attachment',
        'GET',
        statePath('/api/attachments/${attachmentId}/', '/api/attachments/1/'),
      )
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
      statePath(`/api/risk-drafts/\${draftId}/${suffix}`, `/api/risk-drafts/1/${suffix}`);

    it('GET /api/risk-drafts/ lists the user’s drafts', () =>
      call(
        RISK_STATES.ownerIncompleteDraft,
        'a request for the risk drafts',
        'GET',
        '/api/risk-drafts/',
        (b) => b.query({ kind: 'risk', level: 'project' }),
      )
        .willRespondWith(200, (b) => b.jsonBody(eachLike(draftShape())))
        .executeTest(async (mock) => {
          const drafts = await store(mock.url)
            .dispatch(risksApi.endpoints.getDrafts.initiate({ kind: 'risk', level: 'project' }))
            .unwrap();
          expect(drafts[0]?.kind).toBe('risk');
        }));

    it('POST /api/risk-drafts/ saves a new draft', () =>
      call(RISK_STATES.ownerIncompleteDraft, 'a new risk draft', 'POST', '/api/risk-drafts/', (b) =>
        b.jsonBody({ kind: 'issue', level: 'project', data: { statement: 'Build fails nightly' } }),
      )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...draftShape(5),
            kind: 'issue',
            data: { statement: 'Build fails nightly' },
          }),
        )
        .executeTest(async (mock) => {
          const draft = await store(mock.url)
            .dispatch(
              risksApi.endpoints.saveDraft.initiate({
                kind: 'issue',
                level: 'project',
                data: { statement: 'Build fails nightly' },
              }),
            )
            .unwrap();
          expect(draft.kind).toBe('issue');
        }));

    it('PATCH /api/risk-drafts/{id}/ saves an existing draft', () =>
      call(
        RISK_STATES.ownerIncompleteDraft,
        'a change of a risk draft',
        'PATCH',
        draftPath(),
        (b) =>
          b.jsonBody({
            kind: 'risk',
            level: 'project',
            data: { statement: 'Freeze clash', category: 'delivery' },
          }),
      )
        .willRespondWith(200, (b) =>
          b.jsonBody({
            ...draftShape(),
            data: { statement: 'Freeze clash', category: 'delivery' },
          }),
        )
        .executeTest(async (mock) => {
          const draft = await store(mock.url)
            .dispatch(
              risksApi.endpoints.saveDraft.initiate({
                id: 1,
                kind: 'risk',
                level: 'project',
                data: { statement: 'Freeze clash', category: 'delivery' },
              }),
            )
            .unwrap();
          expect(draft.data.category).toBe('delivery');
        }));

    it('DELETE /api/risk-drafts/{id}/ answers 204', () =>
      call(RISK_STATES.ownerIncompleteDraft, 'a risk draft deleted', 'DELETE', draftPath())
        .willRespondWith(204)
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(risksApi.endpoints.deleteDraft.initiate(1));
          expect(result.error).toBeUndefined();
        }));

    it('POST /api/risk-drafts/{id}/create/ creates the risk from a complete draft', () =>
      call(
        RISK_STATES.ownerCompleteDraft,
        'a risk created from a draft',
        'POST',
        draftPath('create/'),
        (b) => b.jsonBody({}),
      )
        .willRespondWith(201, (b) =>
          b.jsonBody({
            ...rowShape,
            statement: string('Release window may clash with the client freeze'),
          }),
        )
        .executeTest(async (mock) => {
          const risk = await store(mock.url)
            .dispatch(risksApi.endpoints.createFromDraft.initiate(1))
            .unwrap();
          expect(risk.kind).toBe('risk');
        }));

    it('POST /api/risk-drafts/{id}/create/ of an incomplete draft answers 400 with field errors', () =>
      call(
        RISK_STATES.ownerIncompleteDraft,
        'a risk created from an incomplete draft',
        'POST',
        draftPath('create/'),
        (b) => b.jsonBody({}),
      )
        .willRespondWith(400, (b) => b.jsonBody({ category: eachLike('This field is required.') }))
        .executeTest(async (mock) => {
          const result = await store(mock.url).dispatch(
            risksApi.endpoints.createFromDraft.initiate(1),
          );
          expect((result.error as ApiError).status).toBe(400);
        }));
  });

  describe('duplicates', () => {
    const groupPath = (action: string) =>
      statePath(`/api/risk-duplicates/\${groupId}/${action}/`, `/api/risk-duplicates/1/${action}/`);
    const duplicateId = () => fromProviderState('${duplicateId}', 6);

    it('GET /api/risk-duplicates/ lists the groups of a scope', () =>
      call(
        RISK_STATES.ownerDuplicates,
        'a request for the duplicates of project 2',
        'GET',
        '/api/risk-duplicates/',
        (b) => b.query({ level: 'project', scope: '2' }),
      )
        .willRespondWith(200, (b) => b.jsonBody(eachLike(groupShape)))
        .executeTest(async (mock) => {
          const groups = await store(mock.url)
            .dispatch(risksApi.endpoints.getDuplicates.initiate({ level: 'project', scope: 2 }))
            .unwrap();
          expect(groups[0]?.duplicates.length).toBeGreaterThan(0);
        }));

    it('POST /api/risk-duplicates/{id}/merge/ merges into the initial risk; the emptied group is null', () =>
      call(
        RISK_STATES.ownerDuplicates,
        'a merge of a duplicates group',
        'POST',
        groupPath('merge'),
        (b) => b.jsonBody({}),
      )
        .willRespondWith(200, (b) => b.jsonBody(null))
        .executeTest(async (mock) => {
          const group = await store(mock.url)
            .dispatch(risksApi.endpoints.mergeDuplicates.initiate(1))
            .unwrap();
          expect(group).toBeNull();
        }));

    it('POST /api/risk-duplicates/{id}/close/ closes one duplicate', () =>
      call(RISK_STATES.ownerDuplicates, 'a duplicate closed', 'POST', groupPath('close'), (b) =>
        b.jsonBody({ risk_id: duplicateId() }),
      )
        .willRespondWith(200, (b) => b.jsonBody(groupShape))
        .executeTest(async (mock) => {
          const group = await store(mock.url)
            .dispatch(risksApi.endpoints.closeAsDuplicate.initiate({ groupId: 1, risk_id: 6 }))
            .unwrap();
          expect(group?.initial.id).toBe(4);
        }));

    it('POST /api/risk-duplicates/{id}/not-duplicate/ takes a risk out of the group', () =>
      call(
        RISK_STATES.ownerDuplicates,
        'a risk marked not a duplicate',
        'POST',
        groupPath('not-duplicate'),
        (b) => b.jsonBody({ risk_id: duplicateId() }),
      )
        .willRespondWith(200, (b) => b.jsonBody(groupShape))
        .executeTest(async (mock) => {
          const group = await store(mock.url)
            .dispatch(risksApi.endpoints.notDuplicate.initiate({ groupId: 1, risk_id: 6 }))
            .unwrap();
          expect(group?.duplicates.length).toBeGreaterThan(0);
        }));
  });
});
