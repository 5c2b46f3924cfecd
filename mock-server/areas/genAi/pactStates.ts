import type { MockApp } from '../../app';
import { GEN_AI_FILE_SEED_BASE, type StoredGenAiApproval } from './model';
import { mutate } from '../../store/db';
import { GEN_AI_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The seed's project these states stand on (mock-server/seed/genAi.ts): it uses GitHub Copilot
 * (approved until 06/30/2027, with the CTO's consent file) and ChatGPT Enterprise (no request
 * covers it), and waits on a pending request for Microsoft 365 Copilot (internal data).
 */
const PROJECT = 1;
const APPROVED_TOOL = 'GitHub Copilot';
const UNAPPROVED_TOOL = 'ChatGPT Enterprise';
/** No project and no consent file has these ids. */
const MISSING_PROJECT = 999_999;
const MISSING_FILE = 7_999_999;

/** The Gen AI approval states of the mock backend, on the seed's project. */
export function genAiStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const requestOf = (found: (row: StoredGenAiApproval) => boolean, what: string) => {
    const row = db
      .getState()
      .genAiApprovals.find((candidate) => candidate.project_id === PROJECT && found(candidate));
    if (!row) throw new Error(`The seed holds no ${what} on project ${PROJECT}`);
    return row;
  };
  const pending = () => requestOf((row) => row.state === 'pending', 'pending Gen AI request');
  const approved = () =>
    requestOf(
      (row) => row.tool === APPROVED_TOOL && row.state === 'approved',
      `approved ${APPROVED_TOOL}`,
    );
  const toolUseOf = (tool: string) => {
    const use = db
      .getState()
      .genAiUsage.find((candidate) => candidate.project_id === PROJECT && candidate.tool === tool);
    if (!use) throw new Error(`The seed holds no use of ${tool} on project ${PROJECT}`);
    return use;
  };

  /** The pending request made client-confidential with the consent given, with a file or not. */
  const consentGiven = (withFile: boolean) => {
    const pendingId = pending().id;
    const fileId = GEN_AI_FILE_SEED_BASE + 100;
    mutate(db, (draft) => {
      const row = draft.genAiApprovals.find((candidate) => candidate.id === pendingId)!;
      row.data_classification = 'client_confidential';
      row.client_consent = 'yes';
      row.consent_evidence = 'Email of the client’s CISO of 11/20/2026.';
      if (withFile)
        row.consent_files.push({
          id: fileId,
          file_name: 'ciso-consent.pdf',
          size: 1024,
          uploaded_at: '2026-11-20T09:00:00.000Z',
          uploaded_by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
        });
    });
    return { projectId: PROJECT, pendingId, fileId };
  };

  return handlersFor(GEN_AI_STATES, signIn, {
    manages: () => {
      const decided = approved();
      return {
        projectId: PROJECT,
        pendingId: pending().id,
        decidedId: decided.id,
        decidedFileId: decided.consent_files[0]!.id,
        useId: toolUseOf(UNAPPROVED_TOOL).id,
        usedTool: APPROVED_TOOL.toLowerCase(),
        missingProjectId: MISSING_PROJECT,
      };
    },
    viewer: () => ({
      projectId: PROJECT,
      pendingId: pending().id,
      decidedFileId: approved().consent_files[0]!.id,
      missingFileId: MISSING_FILE,
    }),
    listed: ({ params }) => {
      const keep = params?.request === 'approved' ? approved() : pending();
      const tool = params?.request === 'approved' ? APPROVED_TOOL : UNAPPROVED_TOOL;
      const use = toolUseOf(tool);
      mutate(db, (draft) => {
        draft.genAiApprovals = draft.genAiApprovals.filter(
          (row) => row.project_id !== PROJECT || row.id === keep.id,
        );
        draft.genAiUsage = draft.genAiUsage.filter(
          (row) => row.project_id !== PROJECT || row.id === use.id,
        );
      });
      return { projectId: PROJECT };
    },
    consentNoFile: () => {
      const { projectId, pendingId } = consentGiven(false);
      return { projectId, pendingId, missingFileId: MISSING_FILE };
    },
    consentWithFile: () => consentGiven(true),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = genAiStateHandlers;
