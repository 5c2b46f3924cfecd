import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  GEN_AI_CONSENTS,
  GEN_AI_DATA_CLASSES,
  GEN_AI_MESSAGES,
  GEN_AI_STATES as STATE_NAMES,
} from '../../../api/contract/genAi';
import { FILE_ERROR } from '../../../api/contract/risks';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact, EXAMPLE_ACCESS } from '../../../testing/pact/provider';
import { GEN_AI_STATES } from '../../../testing/pact/states';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';
import { genAiApi } from './api';

const { arrayContaining, eachLike, integer, regex, string, fromProviderState } = MatchersV3;

const PRIYA = () => personShape(2, 'Priya Nair', 'pnair');
const ALEX = () => personShape(1, 'Alex Morgan', 'amorgan');

const consentFileShape = (name = 'CTO consent to Copilot Business 2026-09-14.pdf') => ({
  id: integer(7_000_001),
  file_name: string(name),
  size: integer(48_213),
  uploaded_at: timeMatcher('2026-09-15T09:00:00.000Z'),
  uploaded_by: PRIYA(),
  url: regex(
    '^/api/gen-ai-files/\\d+/\\?user=\\d+&expires=\\d+&signature=[0-9a-f]{64}$',
    `/api/gen-ai-files/7000001/?user=1&expires=1893456000&signature=${'a'.repeat(64)}`,
  ),
});

const pendingShape = () => ({
  id: integer(4),
  tool: string('Microsoft 365 Copilot'),
  purpose: string('Summarising the project’s mail threads and meeting notes.'),
  data_classification: oneOf(GEN_AI_DATA_CLASSES, 'internal'),
  client_consent: oneOf(GEN_AI_CONSENTS, 'pending'),
  consent_evidence: string(''),
  consent_files: [] as unknown,
  state: 'pending',
  requested_by: PRIYA(),
  requested_at: timeMatcher('2026-11-10T09:00:00.000Z'),
  decided_by: null,
  decided_at: null,
  conditions: '',
  expires_on: null,
  rejection_reason: '',
});
const approvedShape = () => ({
  ...pendingShape(),
  tool: string('GitHub Copilot'),
  client_consent: 'yes',
  consent_evidence: string('Email from the client’s CTO of 09/14/2026.'),
  consent_files: eachLike(consentFileShape()),
  state: oneOf(STATE_NAMES, 'approved'),
  decided_by: ALEX(),
  decided_at: timeMatcher('2026-09-18T09:00:00.000Z'),
  conditions: string('Copilot Business seats only.'),
  expires_on: dateMatcher('2027-06-30'),
});

const approvalsPath = (suffix = '') =>
  fromProviderState(
    `/api/projects/\${projectId}/gen-ai-approvals/${suffix}`,
    `/api/projects/1/gen-ai-approvals/${suffix}`,
  );
const decisionPath = () =>
  fromProviderState(
    '/api/projects/${projectId}/gen-ai-approvals/${pendingId}/decision/',
    '/api/projects/1/gen-ai-approvals/4/decision/',
  );
const usagePath = (suffix = '') =>
  fromProviderState(
    `/api/projects/\${projectId}/gen-ai-usage/${suffix}`,
    `/api/projects/1/gen-ai-usage/${suffix}`,
  );

const fresh = {
  tool: 'ChatGPT Enterprise',
  purpose: 'Drafting test cases from the user stories.',
  data_classification: 'internal',
  client_consent: 'yes',
  consent_evidence: 'Steering committee minutes of 11/05/2026.',
} as const;
const approve = {
  decision: 'approve',
  conditions: 'No client data in prompts.',
  expires_on: '2099-12-31',
} as const;
const ONE = { projectId: 1, approvalId: 4 };
const consentFilesPath = (id: 'pendingId' | 'decidedId', suffix = '') =>
  fromProviderState(
    `/api/projects/\${projectId}/gen-ai-approvals/\${${id}}/consent-files/${suffix}`,
    `/api/projects/1/gen-ai-approvals/${id === 'pendingId' ? 4 : 1}/consent-files/${suffix}`,
  );
const pdfFile = () => new File([PDF], 'ciso-consent.pdf', { type: 'application/pdf' });

describe('Gen AI approval calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = genAiApi.endpoints;
  const filePath = examplesFolder('gen-ai');

  it('GET /api/projects/{id}/gen-ai-approvals/ lists pending and decided requests', () =>
    interaction(GEN_AI_STATES.admin, 'a request for the Gen AI approvals of a project')
      .get(approvalsPath())
      .willRespondWith(200, (b) => b.jsonBody(arrayContaining(pendingShape(), approvedShape())))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getGenAiApprovals, 1);
        expect(rows.some((row) => row.state === 'pending')).toBe(true);
      }));

  it('GET /api/projects/{id}/gen-ai-usage/ names the tools without a valid approval', () =>
    interaction(GEN_AI_STATES.admin, 'a request for the Gen AI tools a project uses')
      .get(usagePath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          tools: arrayContaining(
            {
              id: integer(2),
              tool: string('ChatGPT Enterprise'),
              since: dateMatcher('2026-11-02'),
              recorded_by: PRIYA(),
              approval: null,
            },
            {
              id: integer(1),
              tool: string('GitHub Copilot'),
              since: dateMatcher('2026-09-20'),
              recorded_by: PRIYA(),
              approval: { id: integer(1), expires_on: dateMatcher('2027-06-30') },
            },
          ),
          unapproved_tools: eachLike('ChatGPT Enterprise'),
        }),
      )
      .executeTest(async (mock) => {
        const usage = await dataFrom(mock, endpoints.getGenAiUsage, 1);
        expect(usage.unapproved_tools).toEqual(['ChatGPT Enterprise']);
      }));

  it('GET …/gen-ai-usage/ of an unknown project answers 404', () =>
    interaction(GEN_AI_STATES.admin, 'a request for the Gen AI tools of an unknown project')
      .get('/api/projects/999999/gen-ai-usage/')
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, endpoints.getGenAiUsage, 999999))?.status).toBe(404);
      }));

  it('POST …/gen-ai-approvals/ raises a pending request', () =>
    interaction(GEN_AI_STATES.admin, 'a new Gen AI request')
      .post(approvalsPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...pendingShape(),
          tool: fresh.tool,
          client_consent: 'yes',
          consent_evidence: fresh.consent_evidence,
          requested_by: ALEX(),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.requestGenAi, { projectId: 1, request: fresh });
        expect(row.state).toBe('pending');
      }));

  it('POST …/gen-ai-approvals/ with consent "yes" and no evidence answers 400 by field', () =>
    interaction(GEN_AI_STATES.admin, 'a new Gen AI request with a blank tool and no evidence')
      .post(approvalsPath(), { ...fresh, tool: ' ', consent_evidence: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            tool: 'This field may not be blank.',
            consent_evidence: GEN_AI_MESSAGES.evidenceNeeded,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.requestGenAi, {
          projectId: 1,
          request: { ...fresh, tool: ' ', consent_evidence: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/gen-ai-approvals/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(GEN_AI_STATES.pm, 'a new Gen AI request from a user who may not raise one')
      .post(approvalsPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.requestGenAi, {
          projectId: 1,
          request: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/{aid}/decision/ approves with conditions and an expiry', () =>
    interaction(GEN_AI_STATES.admin, 'a pending Gen AI request approved')
      .post(decisionPath(), approve)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...approvedShape(),
          id: fromProviderState('${pendingId}', 4),
          tool: string('Microsoft 365 Copilot'),
          client_consent: oneOf(GEN_AI_CONSENTS, 'pending'),
          consent_evidence: string(''),
          consent_files: [],
          state: 'approved',
          conditions: approve.conditions,
          expires_on: approve.expires_on,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideGenAi, { ...ONE, decision: approve });
        expect(row.state).toBe('approved');
      }));

  it('POST …/{aid}/decision/ rejects with a reason', () =>
    interaction(GEN_AI_STATES.admin, 'a pending Gen AI request rejected')
      .post(decisionPath(), { decision: 'reject', reason: 'Mail threads hold client data.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pendingShape(),
          id: fromProviderState('${pendingId}', 4),
          state: 'rejected',
          decided_by: ALEX(),
          decided_at: timeMatcher('2026-11-26T09:00:00.000Z'),
          rejection_reason: 'Mail threads hold client data.',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideGenAi, {
          ...ONE,
          decision: { decision: 'reject', reason: 'Mail threads hold client data.' },
        });
        expect(row.state).toBe('rejected');
      }));

  it('POST …/{aid}/decision/ with a past expiry and no conditions answers 400 by field', () =>
    interaction(GEN_AI_STATES.admin, 'a pending Gen AI request approved with a past expiry')
      .post(decisionPath(), { decision: 'approve', conditions: ' ', expires_on: '2020-01-01' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            conditions: 'This field may not be blank.',
            expires_on: GEN_AI_MESSAGES.expiryPast,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, {
          ...ONE,
          decision: { decision: 'approve', conditions: ' ', expires_on: '2020-01-01' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/decision/ of a decided request answers 400', () =>
    interaction(GEN_AI_STATES.admin, 'a decided Gen AI request decided again')
      .post(
        fromProviderState(
          '/api/projects/${projectId}/gen-ai-approvals/${decidedId}/decision/',
          '/api/projects/1/gen-ai-approvals/1/decision/',
        ),
        approve,
      )
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, {
          projectId: 1,
          approvalId: 1,
          decision: approve,
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/decision/ without CAN_EDIT_TECH_REGISTER answers 403 naming it', () =>
    interaction(GEN_AI_STATES.pm, 'a pending Gen AI request approved by a user who may not decide')
      .post(decisionPath(), approve)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_TECH_REGISTER).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, { ...ONE, decision: approve });
        expect(error?.status).toBe(403);
      }));

  it('POST …/gen-ai-usage/ records a tool in use', () =>
    interaction(GEN_AI_STATES.admin, 'a Gen AI tool recorded as in use')
      .post(usagePath(), { tool: 'Claude', since: '2026-11-20' })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          id: integer(4),
          tool: 'Claude',
          since: '2026-11-20',
          recorded_by: ALEX(),
          approval: null,
        }),
      )
      .executeTest(async (mock) => {
        const use = await dataFrom(mock, endpoints.recordGenAiUse, {
          projectId: 1,
          use: { tool: 'Claude', since: '2026-11-20' },
        });
        expect(use.approval).toBeNull();
      }));

  it('POST …/gen-ai-usage/ of a tool already in use answers 400 on the tool', () =>
    interaction(GEN_AI_STATES.admin, 'a Gen AI tool already in use recorded again')
      .post(usagePath(), { tool: 'github copilot', since: '2026-11-20' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ tool: GEN_AI_MESSAGES.alreadyInUse })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.recordGenAiUse, {
          projectId: 1,
          use: { tool: 'github copilot', since: '2026-11-20' },
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/gen-ai-usage/{uid}/ answers 204', () =>
    interaction(GEN_AI_STATES.admin, 'a Gen AI tool no longer in use')
      .delete(
        fromProviderState(
          '/api/projects/${projectId}/gen-ai-usage/${useId}/',
          '/api/projects/1/gen-ai-usage/2/',
        ),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.stopGenAiUse, { projectId: 1, useId: 2 });
        expect(error).toBeUndefined();
      }));

  it('POST …/{aid}/decision/ approving a consent-needing class without a consent file answers 400 on consent_files', () =>
    interaction(
      GEN_AI_STATES.consentNoFile,
      'a client-confidential Gen AI request approved without a consent file',
    )
      .post(decisionPath(), approve)
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ consent_files: GEN_AI_MESSAGES.consentFileNeeded })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, { ...ONE, decision: approve });
        expect(error?.data).toEqual({ consent_files: [GEN_AI_MESSAGES.consentFileNeeded] });
      }));

  it('POST …/{aid}/consent-files/ as multipart attaches the consent’s evidence', () =>
    interaction(GEN_AI_STATES.consentNoFile, 'a PDF attached as the consent of a Gen AI request')
      .withRequest('POST', consentFilesPath('pendingId'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('ciso-consent.pdf', PDF),
          'files',
          'pep-gen-ai-boundary',
        ),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...pendingShape(),
          data_classification: 'client_confidential',
          client_consent: 'yes',
          consent_evidence: string('Email of the client’s CISO of 11/20/2026.'),
          consent_files: eachLike({
            ...consentFileShape('ciso-consent.pdf'),
            uploaded_by: ALEX(),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...ONE,
          files: [pdfFile()],
        });
        expect(row.consent_files.length).toBeGreaterThan(0);
      }));

  it('POST …/{aid}/consent-files/ with a type not listed answers 400 with the file error', () =>
    interaction(
      GEN_AI_STATES.consentNoFile,
      'a text file attached as the consent of a Gen AI request',
    )
      .withRequest('POST', consentFilesPath('pendingId'), (b) =>
        b.multipartBody(
          'text/plain',
          filePath('consent.txt', 'Yes, go ahead.'),
          'files',
          'pep-gen-ai-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...ONE,
          files: [new File(['Yes, go ahead.'], 'consent.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('POST …/{aid}/consent-files/ on a decided request answers 400 non_field_errors', () =>
    interaction(GEN_AI_STATES.admin, 'a PDF attached as the consent of a decided Gen AI request')
      .withRequest('POST', consentFilesPath('decidedId'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('ciso-consent.pdf', PDF),
          'files',
          'pep-gen-ai-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.evidenceFrozen)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          projectId: 1,
          approvalId: 1,
          files: [pdfFile()],
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/consent-files/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(
      GEN_AI_STATES.pm,
      'a PDF attached as the consent of a Gen AI request by a user who may not',
    )
      .withRequest('POST', consentFilesPath('pendingId'), (b) =>
        b.multipartBody(
          'application/pdf',
          filePath('ciso-consent.pdf', PDF),
          'files',
          'pep-gen-ai-boundary',
        ),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...ONE,
          files: [pdfFile()],
        });
        expect(error?.status).toBe(403);
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ removes a consent file', () =>
    interaction(
      GEN_AI_STATES.consentWithFile,
      'a consent file removed from a pending Gen AI request',
    )
      .delete(
        fromProviderState(
          '/api/projects/${projectId}/gen-ai-approvals/${pendingId}/consent-files/${fileId}/',
          '/api/projects/1/gen-ai-approvals/4/consent-files/7000100/',
        ),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          ...ONE,
          fileId: 7_000_100,
        });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ of a decided request answers 400 non_field_errors', () =>
    interaction(GEN_AI_STATES.admin, 'a consent file removed from a decided Gen AI request')
      .delete(
        fromProviderState(
          '/api/projects/${projectId}/gen-ai-approvals/${decidedId}/consent-files/${decidedFileId}/',
          '/api/projects/1/gen-ai-approvals/1/consent-files/7000001/',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.evidenceFrozen)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          projectId: 1,
          approvalId: 1,
          fileId: 7_000_001,
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ of an unknown file answers 404', () =>
    interaction(
      GEN_AI_STATES.consentNoFile,
      'an unknown consent file removed from a Gen AI request',
    )
      .delete(
        fromProviderState(
          '/api/projects/${projectId}/gen-ai-approvals/${pendingId}/consent-files/9999999/',
          '/api/projects/1/gen-ai-approvals/4/consent-files/9999999/',
        ),
      )
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          ...ONE,
          fileId: 9_999_999,
        });
        expect(error?.status).toBe(404);
      }));

  it('GET /api/gen-ai-files/{id}/ downloads a consent file as an attachment', () =>
    interaction(GEN_AI_STATES.pm, 'a download of a Gen AI consent file')
      .get(fromProviderState('/api/gen-ai-files/${decidedFileId}/', '/api/gen-ai-files/7000001/'))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^application/pdf(;.*)?$', 'application/pdf'),
          'Content-Disposition': regex(
            '^attachment; filename=.+$',
            'attachment; filename="CTO consent to Copilot Business 2026-09-14.pdf"',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/gen-ai-files/7000001/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      }));

  it('GET /api/gen-ai-files/{id}/ of an unknown file answers 404', () =>
    interaction(GEN_AI_STATES.pm, 'a download of an unknown Gen AI consent file')
      .get('/api/gen-ai-files/7999999/')
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/gen-ai-files/7999999/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.status).toBe(404);
      }));
});
