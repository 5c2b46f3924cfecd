import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { GEN_AI_FILE_SEED_BASE } from '../../mock-server/genai/model';
import { mutate } from '../../mock-server/store/db';
import { GEN_AI_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Gen AI approval provider states on the seed (project 1). */
export function genAiStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const idOf = <T extends { id: number }>(rows: T[], found: (row: T) => boolean, what: string) => {
    const row = rows.find(found);
    if (!row) throw new Error(`The seed holds no ${what}`);
    return row.id;
  };
  const ids = () => {
    const { genAiApprovals, genAiUsage } = db.getState();
    return {
      projectId: 1,
      pendingId: idOf(
        genAiApprovals,
        (row) => row.project_id === 1 && row.state === 'pending',
        'pending Gen AI request of project 1',
      ),
      decidedId: idOf(
        genAiApprovals,
        (row) => row.project_id === 1 && row.tool === 'GitHub Copilot',
        'approved GitHub Copilot of project 1',
      ),
      decidedFileId: genAiApprovals.find(
        (row) => row.project_id === 1 && row.tool === 'GitHub Copilot',
      )!.consent_files[0]!.id,
      useId: idOf(
        genAiUsage,
        (use) => use.project_id === 1 && use.tool === 'ChatGPT Enterprise',
        'use of ChatGPT Enterprise on project 1',
      ),
    };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  /** The pending request made client-confidential with the consent given, with a file or not. */
  const consentGiven = async (withFile: boolean) => {
    const state = await signedIn('admin');
    const fileId = GEN_AI_FILE_SEED_BASE + 100;
    mutate(db, (draft) => {
      const pending = draft.genAiApprovals.find((row) => row.id === state.pendingId)!;
      pending.data_classification = 'client_confidential';
      pending.client_consent = 'yes';
      pending.consent_evidence = 'Email of the client’s CISO of 11/20/2026.';
      if (withFile)
        pending.consent_files.push({
          id: fileId,
          file_name: 'ciso-consent.pdf',
          size: 1024,
          uploaded_at: '2026-11-20T09:00:00.000Z',
          uploaded_by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
        });
    });
    return withFile ? { ...state, fileId } : state;
  };
  return {
    [GEN_AI_STATES.admin]: () => signedIn('admin'),
    [GEN_AI_STATES.pm]: () => signedIn('pm'),
    [GEN_AI_STATES.consentNoFile]: () => consentGiven(false),
    [GEN_AI_STATES.consentWithFile]: () => consentGiven(true),
  };
}
