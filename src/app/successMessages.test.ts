import { describe, expect, it } from 'vitest';
import { CHECKLIST_MESSAGES } from '../api/contract/checklists';
import { PERIOD_MESSAGES } from '../features/planning/PeriodDialog';
import { PLAN_MESSAGES } from '../features/planning/PlanDialog';
import { AGREEMENT_MESSAGES } from '../features/projects/agreements/AgreementDialog';
import { ITEM_RESOLVED } from '../features/projects/attributes/ActionItemsTab';
import { ATTRIBUTES_SAVED } from '../features/projects/attributes/AttributesTab';
import { REVENUE_UPLOADED } from '../features/projects/attributes/ProfileRevenue';
import { STATUS_SAVED } from '../features/projects/attributes/ProfileValidationPanel';
import { CASE_STUDY_SAVED, MOVED } from '../features/projects/caseStudy/CaseStudyForm';
import { COMMITMENT_MESSAGES } from '../features/projects/commitments/CommitmentDialogs';
import { DEX_SAVED } from '../features/projects/dexSetup/DexSetupTab';
import { GEN_AI_TOASTS } from '../features/projects/genAi/GenAiDialogs';
import { ISO_MESSAGES } from '../features/projects/iso9001/AssessmentDialog';
import { PLACEMENT_TOASTS } from '../features/projects/placement/PlacementDialogs';
import { PROJECT_OVERVIEW_SAVED } from '../features/projects/tabs/ProjectOverviewTab';
import { TARGET_MESSAGES } from '../features/projects/targets/TargetDialogs';
import { TOOL_MESSAGES } from '../features/projects/tools/ToolDialog';
import { DRAFT_MESSAGES } from '../features/risks/CreateRiskPage';
import { ACTION_ITEM_MESSAGES } from '../features/risks/detail/ActionItemsTab';
import { COMMUNICATION_SAVED } from '../features/risks/detail/CommunicationTab';
import { detailsSaved } from '../features/risks/detail/DetailsForm';
import { FINDING_SAVED } from '../features/survey/OutcomesStep';

/**
 * "Every save says so" (issue 33), in one wording per kind of step, as spec §8's own success
 * messages are worded ("The risk has been successfully created from the draft"): "The … has been
 * saved.", "… has been attached.", "… has been removed.", never "X saved." or "X is saved.".
 */
describe('the success messages', () => {
  it('say a save in one wording', () => {
    const saves = [
      PROJECT_OVERVIEW_SAVED,
      FINDING_SAVED,
      ATTRIBUTES_SAVED,
      STATUS_SAVED,
      CASE_STUDY_SAVED,
      DEX_SAVED,
      COMMUNICATION_SAVED,
      detailsSaved('risk'),
      detailsSaved('issue'),
      PERIOD_MESSAGES.saved,
      PLAN_MESSAGES.saved,
      AGREEMENT_MESSAGES.saved,
      TARGET_MESSAGES.saved,
      COMMITMENT_MESSAGES.saved,
      ISO_MESSAGES.saved,
      TOOL_MESSAGES.saved,
      ACTION_ITEM_MESSAGES.saved,
      DRAFT_MESSAGES.saved,
      PLACEMENT_TOASTS.placed,
      PLACEMENT_TOASTS.dependencySaved,
    ];
    for (const message of saves) expect(message).toMatch(/^The .+ (has|have) been saved\.$/);
  });

  it('say an attachment, a removal and the other steps in the same wording', () => {
    const attached = [
      AGREEMENT_MESSAGES.documentAdded,
      AGREEMENT_MESSAGES.documentsAdded,
      ISO_MESSAGES.fileAdded,
      ISO_MESSAGES.filesAdded,
      GEN_AI_TOASTS.fileAdded,
      GEN_AI_TOASTS.filesAdded,
    ];
    for (const message of attached) expect(message).toMatch(/^The .+ (has|have) been attached\.$/);
    const removed = [
      AGREEMENT_MESSAGES.documentRemoved,
      ISO_MESSAGES.fileRemoved,
      GEN_AI_TOASTS.fileRemoved,
    ];
    for (const message of removed) expect(message).toMatch(/^The .+ has been removed\.$/);
    const steps = [
      REVENUE_UPLOADED,
      ITEM_RESOLVED,
      MOVED.draft,
      PERIOD_MESSAGES.opened,
      PERIOD_MESSAGES.closed,
      ...Object.values(CHECKLIST_MESSAGES),
    ];
    for (const message of steps) expect(message).toMatch(/^The .+ (has|have) been [a-z]+/);
  });
});
