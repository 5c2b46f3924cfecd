import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  GEN_AI_CONSENTS,
  GEN_AI_DATA_CLASSES,
  GEN_AI_MESSAGES,
  GEN_AI_STATES as STATE_NAMES,
} from '../../../api/contract/genAi';
import { FILE_ERROR } from '../../../api/contract/risks';
import { attachmentHeaders, cardFileShape } from '../../../testing/pact/cardShapes';
import {
  date,
  dateTime,
  drfDetail,
  fieldErrors,
  nonFieldErrors,
  notFound,
} from '../../../testing/pact/drfShapes';
import { stateId, statePath, stateText } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact, EXAMPLE_ACCESS } from '../../../testing/pact/provider';
import { GEN_AI_STATES } from '../../../testing/pact/states';
import { examplesFolder, PDF } from '../../../testing/pact/uploads';
import { genAiApi } from './api';

const { eachLike, integer, string } = MatchersV3;

/** The ids the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = {
  projectId: 1,
  pendingId: 4,
  decidedId: 1,
  decidedFileId: 7_000_001,
  useId: 2,
  fileId: 7_500_001,
  missingProjectId: 999_999,
  missingFileId: 7_999_999,
};
const PERSON = () => personShape(2, 'Priya Nair', 'pnair');
const consentFile = (name = 'CTO consent to Copilot Business 2026-09-14.pdf') =>
  cardFileShape('/api/gen-ai-files', name);

/** A pending request: nothing decided, no consent file. */
const pendingShape = () => ({
  id: integer(EXAMPLE.pendingId),
  tool: string('Microsoft 365 Copilot'),
  purpose: string('Summarising the project’s mail threads and meeting notes.'),
  data_classification: oneOf(GEN_AI_DATA_CLASSES, 'internal'),
  client_consent: oneOf(GEN_AI_CONSENTS, 'pending'),
  consent_evidence: string(''),
  consent_files: [] as unknown,
  state: 'pending',
  requested_by: PERSON(),
  requested_at: dateTime('2026-11-10T09:00:00.000Z'),
  decided_by: null,
  decided_at: null,
  conditions: '',
  expires_on: null,
  rejection_reason: '',
});
/** An approved request with its consent file, conditions and expiry. */
const approvedShape = () => ({
  ...pendingShape(),
  id: integer(EXAMPLE.decidedId),
  tool: string('GitHub Copilot'),
  client_consent: oneOf(GEN_AI_CONSENTS, 'yes'),
  consent_evidence: string('Email from the client’s CTO of 09/14/2026.'),
  consent_files: eachLike(consentFile()),
  state: oneOf(STATE_NAMES, 'approved'),
  decided_by: PERSON(),
  decided_at: dateTime('2026-09-18T09:00:00.000Z'),
  conditions: string('Copilot Business seats only.'),
  expires_on: date('2027-06-30'),
});
const toolUseShape = (approval: unknown) => ({
  id: integer(EXAMPLE.useId),
  tool: string('ChatGPT Enterprise'),
  since: date('2026-11-02'),
  recorded_by: PERSON(),
  approval,
});

/** `/api/projects/${projectId}/…` with the ids the state names. */
const projectPath = (suffix: string) => statePath(`/api/projects/\${projectId}/${suffix}`, EXAMPLE);
const approvalsPath = () => projectPath('gen-ai-approvals/');
const decisionPath = (request: 'pendingId' | 'decidedId' = 'pendingId') =>
  projectPath(`gen-ai-approvals/\${${request}}/decision/`);
const usagePath = (suffix = '') => projectPath(`gen-ai-usage/${suffix}`);
const consentFilesPath = (
  request: 'pendingId' | 'decidedId',
  file?: 'fileId' | 'decidedFileId' | 'missingFileId',
) => projectPath(`gen-ai-approvals/\${${request}}/consent-files/${file ? `\${${file}}/` : ''}`);
const filePath = (file: 'decidedFileId' | 'missingFileId') =>
  statePath(`/api/gen-ai-files/\${${file}}/`, EXAMPLE);

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
const PENDING = { projectId: EXAMPLE.projectId, approvalId: EXAMPLE.pendingId };
const DECIDED = { projectId: EXAMPLE.projectId, approvalId: EXAMPLE.decidedId };
const pdfFile = () => new File([PDF], 'ciso-consent.pdf', { type: 'application/pdf' });
const listedWith = (request: 'pending' | 'approved') => ({
  state: GEN_AI_STATES.listed,
  params: { request },
});

describe('Gen AI approval calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = genAiApi.endpoints;
  const examplePath = examplesFolder('gen-ai');
  const pdfUpload = (
    state: Parameters<typeof interaction>[0],
    description: string,
    request: 'pendingId' | 'decidedId',
  ) =>
    interaction(state, description).withRequest('POST', consentFilesPath(request), (b) =>
      b.multipartBody(
        'application/pdf',
        examplePath('ciso-consent.pdf', PDF),
        'files',
        'pep-gen-ai-boundary',
      ),
    );

  it('GET /api/projects/{id}/gen-ai-approvals/ lists a pending request', () =>
    interaction(listedWith('pending'), 'a request for the Gen AI approvals of a project')
      .get(approvalsPath())
      .willRespondWith(200, (b) => b.jsonBody(eachLike(pendingShape())))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getGenAiApprovals, EXAMPLE.projectId);
        expect(rows[0]?.state).toBe('pending');
        expect(rows[0]?.decided_by).toBeNull();
      }));

  it('GET /api/projects/{id}/gen-ai-approvals/ lists an approved request with its consent files', () =>
    interaction(
      listedWith('approved'),
      'a request for the Gen AI approvals of a project with an approved request',
    )
      .get(approvalsPath())
      .willRespondWith(200, (b) => b.jsonBody(eachLike(approvedShape())))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getGenAiApprovals, EXAMPLE.projectId);
        expect(rows[0]?.expires_on).toBe('2027-06-30');
        expect(rows[0]?.consent_files[0]?.url).toMatch(/^\/api\/gen-ai-files\//);
      }));

  it('GET /api/projects/{id}/gen-ai-usage/ names the tools without a valid approval', () =>
    interaction(listedWith('pending'), 'a request for the Gen AI tools a project uses')
      .get(usagePath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          tools: eachLike(toolUseShape(null)),
          unapproved_tools: eachLike('ChatGPT Enterprise'),
        }),
      )
      .executeTest(async (mock) => {
        const usage = await dataFrom(mock, endpoints.getGenAiUsage, EXAMPLE.projectId);
        expect(usage.unapproved_tools).toEqual(['ChatGPT Enterprise']);
        expect(usage.tools[0]?.approval).toBeNull();
      }));

  it('GET /api/projects/{id}/gen-ai-usage/ gives a tool its valid approval', () =>
    interaction(
      listedWith('approved'),
      'a request for the Gen AI tools a project uses under an approval',
    )
      .get(usagePath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          tools: eachLike({
            ...toolUseShape({ id: integer(EXAMPLE.decidedId), expires_on: date('2027-06-30') }),
            tool: string('GitHub Copilot'),
          }),
          unapproved_tools: [],
        }),
      )
      .executeTest(async (mock) => {
        const usage = await dataFrom(mock, endpoints.getGenAiUsage, EXAMPLE.projectId);
        expect(usage.unapproved_tools).toEqual([]);
        expect(usage.tools[0]?.approval?.expires_on).toBe('2027-06-30');
      }));

  it('GET …/gen-ai-usage/ of an unknown project answers 404', () =>
    interaction(GEN_AI_STATES.manages, 'a request for the Gen AI tools of an unknown project')
      .get(statePath('/api/projects/${missingProjectId}/gen-ai-usage/', EXAMPLE))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.getGenAiUsage, EXAMPLE.missingProjectId);
        expect(error?.status).toBe(404);
      }));

  it('POST …/gen-ai-approvals/ raises a pending request', () =>
    interaction(GEN_AI_STATES.manages, 'a new Gen AI request')
      .post(approvalsPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...pendingShape(),
          ...fresh,
          id: integer(5),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.requestGenAi, {
          projectId: EXAMPLE.projectId,
          request: fresh,
        });
        expect(row.state).toBe('pending');
        expect(row.tool).toBe(fresh.tool);
      }));

  it('POST …/gen-ai-approvals/ with consent "yes" and no evidence answers 400 by field', () =>
    interaction(GEN_AI_STATES.manages, 'a new Gen AI request with a blank tool and no evidence')
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
          projectId: EXAMPLE.projectId,
          request: { ...fresh, tool: ' ', consent_evidence: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/gen-ai-approvals/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(GEN_AI_STATES.viewer, 'a new Gen AI request from a user who may not raise one')
      .post(approvalsPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.requestGenAi, {
          projectId: EXAMPLE.projectId,
          request: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/{aid}/decision/ approves with conditions and an expiry', () =>
    interaction(GEN_AI_STATES.manages, 'a pending Gen AI request approved')
      .post(decisionPath(), approve)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pendingShape(),
          id: stateId('pendingId', EXAMPLE.pendingId),
          state: 'approved',
          decided_by: PERSON(),
          decided_at: dateTime('2026-11-26T09:00:00.000Z'),
          conditions: approve.conditions,
          expires_on: approve.expires_on,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideGenAi, { ...PENDING, decision: approve });
        expect(row.state).toBe('approved');
        expect(row.expires_on).toBe(approve.expires_on);
      }));

  it('POST …/{aid}/decision/ rejects with a reason', () =>
    interaction(GEN_AI_STATES.manages, 'a pending Gen AI request rejected')
      .post(decisionPath(), { decision: 'reject', reason: 'Mail threads hold client data.' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...pendingShape(),
          id: stateId('pendingId', EXAMPLE.pendingId),
          state: 'rejected',
          decided_by: PERSON(),
          decided_at: dateTime('2026-11-26T09:00:00.000Z'),
          rejection_reason: 'Mail threads hold client data.',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideGenAi, {
          ...PENDING,
          decision: { decision: 'reject', reason: 'Mail threads hold client data.' },
        });
        expect(row.state).toBe('rejected');
      }));

  it('POST …/{aid}/decision/ with a past expiry and no conditions answers 400 by field', () =>
    interaction(GEN_AI_STATES.manages, 'a pending Gen AI request approved with a past expiry')
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
          ...PENDING,
          decision: { decision: 'approve', conditions: ' ', expires_on: '2020-01-01' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/decision/ of a decided request answers 400', () =>
    interaction(GEN_AI_STATES.manages, 'a decided Gen AI request decided again')
      .post(decisionPath('decidedId'), approve)
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, {
          ...DECIDED,
          decision: approve,
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/decision/ without CAN_EDIT_TECH_REGISTER answers 403 naming it', () =>
    interaction(
      GEN_AI_STATES.viewer,
      'a pending Gen AI request approved by a user who may not decide',
    )
      .post(decisionPath(), approve)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_TECH_REGISTER).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideGenAi, {
          ...PENDING,
          decision: approve,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/gen-ai-usage/ records a tool in use', () =>
    interaction(GEN_AI_STATES.manages, 'a Gen AI tool recorded as in use')
      .post(usagePath(), { tool: 'Claude', since: '2026-11-20' })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...toolUseShape(null),
          id: integer(4),
          tool: 'Claude',
          since: '2026-11-20',
        }),
      )
      .executeTest(async (mock) => {
        const use = await dataFrom(mock, endpoints.recordGenAiUse, {
          projectId: EXAMPLE.projectId,
          use: { tool: 'Claude', since: '2026-11-20' },
        });
        expect(use.approval).toBeNull();
      }));

  it('POST …/gen-ai-usage/ of a tool already in use answers 400 on the tool', () =>
    interaction(GEN_AI_STATES.manages, 'a Gen AI tool already in use recorded again')
      .post(usagePath(), { tool: stateText('usedTool', 'github copilot'), since: '2026-11-20' })
      .willRespondWith(400, (b) => b.jsonBody(fieldErrors({ tool: GEN_AI_MESSAGES.alreadyInUse })))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.recordGenAiUse, {
          projectId: EXAMPLE.projectId,
          use: { tool: 'github copilot', since: '2026-11-20' },
        });
        expect(error?.data).toEqual({ tool: [GEN_AI_MESSAGES.alreadyInUse] });
      }));

  it('DELETE …/gen-ai-usage/{uid}/ answers 204', () =>
    interaction(GEN_AI_STATES.manages, 'a Gen AI tool no longer in use')
      .delete(usagePath('${useId}/'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.stopGenAiUse, {
          projectId: EXAMPLE.projectId,
          useId: EXAMPLE.useId,
        });
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
        const error = await errorFrom(mock, endpoints.decideGenAi, {
          ...PENDING,
          decision: approve,
        });
        expect(error?.data).toEqual({ consent_files: [GEN_AI_MESSAGES.consentFileNeeded] });
      }));

  it('POST …/{aid}/consent-files/ as multipart attaches the consent’s evidence', () =>
    pdfUpload(
      GEN_AI_STATES.consentNoFile,
      'a PDF attached as the consent of a Gen AI request',
      'pendingId',
    )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...pendingShape(),
          id: stateId('pendingId', EXAMPLE.pendingId),
          data_classification: 'client_confidential',
          client_consent: 'yes',
          consent_evidence: string('Email of the client’s CISO of 11/20/2026.'),
          consent_files: eachLike(consentFile('ciso-consent.pdf')),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...PENDING,
          files: [pdfFile()],
        });
        expect(row.consent_files[0]?.file_name).toBe('ciso-consent.pdf');
      }));

  it('POST …/{aid}/consent-files/ with a type not listed answers 400 with the file error', () =>
    interaction(
      GEN_AI_STATES.consentNoFile,
      'a text file attached as the consent of a Gen AI request',
    )
      .withRequest('POST', consentFilesPath('pendingId'), (b) =>
        b.multipartBody(
          'text/plain',
          examplePath('consent.txt', 'Yes, go ahead.'),
          'files',
          'pep-gen-ai-boundary',
        ),
      )
      .willRespondWith(400, (b) => b.jsonBody({ files: [FILE_ERROR] }))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...PENDING,
          files: [new File(['Yes, go ahead.'], 'consent.txt', { type: 'text/plain' })],
        });
        expect(error?.data).toEqual({ files: [FILE_ERROR] });
      }));

  it('POST …/{aid}/consent-files/ on a decided request answers 400 non_field_errors', () =>
    pdfUpload(
      GEN_AI_STATES.manages,
      'a PDF attached as the consent of a decided Gen AI request',
      'decidedId',
    )
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.evidenceFrozen)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...DECIDED,
          files: [pdfFile()],
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/{aid}/consent-files/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    pdfUpload(
      GEN_AI_STATES.viewer,
      'a PDF attached as the consent of a Gen AI request by a user who may not',
      'pendingId',
    )
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.uploadGenAiConsentFiles, {
          ...PENDING,
          files: [pdfFile()],
        });
        expect(error?.status).toBe(403);
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ removes a consent file', () =>
    interaction(
      GEN_AI_STATES.consentWithFile,
      'a consent file removed from a pending Gen AI request',
    )
      .delete(consentFilesPath('pendingId', 'fileId'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          ...PENDING,
          fileId: EXAMPLE.fileId,
        });
        expect(error).toBeUndefined();
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ of a decided request answers 400 non_field_errors', () =>
    interaction(GEN_AI_STATES.manages, 'a consent file removed from a decided Gen AI request')
      .delete(consentFilesPath('decidedId', 'decidedFileId'))
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(GEN_AI_MESSAGES.evidenceFrozen)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          ...DECIDED,
          fileId: EXAMPLE.decidedFileId,
        });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/{aid}/consent-files/{fileId}/ of an unknown file answers 404', () =>
    interaction(
      GEN_AI_STATES.consentNoFile,
      'an unknown consent file removed from a Gen AI request',
    )
      .delete(consentFilesPath('pendingId', 'missingFileId'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteGenAiConsentFile, {
          ...PENDING,
          fileId: EXAMPLE.missingFileId,
        });
        expect(error?.status).toBe(404);
      }));

  it('GET /api/gen-ai-files/{id}/ downloads a consent file as an attachment', () =>
    interaction(GEN_AI_STATES.viewer, 'a download of a Gen AI consent file')
      .get(filePath('decidedFileId'))
      .willRespondWith(200, (b) =>
        b.headers(
          attachmentHeaders('application/pdf', 'CTO consent to Copilot Business 2026-09-14.pdf'),
        ),
      )
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/gen-ai-files/${EXAMPLE.decidedFileId}/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      }));

  it('GET /api/gen-ai-files/{id}/ of an unknown file answers 404', () =>
    interaction(GEN_AI_STATES.viewer, 'a download of an unknown Gen AI consent file')
      .get(filePath('missingFileId'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/gen-ai-files/${EXAMPLE.missingFileId}/`, {
          headers: { Authorization: `JWT ${EXAMPLE_ACCESS}` },
        });
        expect(res.status).toBe(404);
      }));
});
