import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import { RISK_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The risk provider states on the fixtures: risk 1 open, 3 closed, group 1, drafts 1. */
export function riskStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const firstItemOf = (riskId: number) => {
    const item = db.getState().riskActionItems.find((candidate) => candidate.risk_id === riskId);
    if (!item) throw new Error(`The fixtures hold no action item of risk ${riskId}`);
    return item.id;
  };
  const firstAttachmentOf = (riskId: number) => {
    const attachment = db
      .getState()
      .riskComments.filter((comment) => comment.risk_id === riskId)
      .flatMap((comment) => comment.attachments)[0];
    if (!attachment) throw new Error(`The fixtures hold no attachment of risk ${riskId}`);
    return attachment.id;
  };
  const signedIn = async (personaId: string, ids: () => Record<string, unknown>) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };

  return {
    [RISK_STATES.ownerOpenRisk]: () =>
      signedIn('risk_owner', () => ({
        riskId: 1,
        itemId: firstItemOf(1),
        attachmentId: firstAttachmentOf(1),
        draftId: 1,
      })),
    [RISK_STATES.ownerClosedRisk]: () => signedIn('risk_owner', () => ({ riskId: 3 })),
    [RISK_STATES.ownerDuplicates]: () =>
      signedIn('risk_owner', () => ({ groupId: 1, duplicateId: 6 })),
    [RISK_STATES.ownerIncompleteDraft]: () => signedIn('risk_owner', () => ({ draftId: 1 })),
    [RISK_STATES.ownerCompleteDraft]: () =>
      signedIn('risk_owner', () => {
        mutate(db, (state) => {
          const draft = state.riskDrafts.find((candidate) => candidate.id === 1)!;
          draft.data = {
            ...draft.data,
            category: 'delivery',
            probability: 'moderate',
            impact: 'high',
          };
        });
        return { draftId: 1 };
      }),
    [RISK_STATES.pmWithoutProbabilityFlag]: () => signedIn('pm', () => ({ riskId: 1 })),
    [RISK_STATES.viewerWithoutTransfer]: () => signedIn('viewer', () => ({ riskId: 1 })),
  };
}
