import type { Router } from 'express';
import { authRoutes } from './routes/auth';
import {
  checklistRoutes,
  CHECKLIST_UPLOAD_PATH,
  signedChecklistFileRoutes,
} from './routes/checklists';
import { plannerRoutes } from './routes/planner';
import { plannerPeriodRoutes } from './routes/plannerPeriods';
import { projectVolumeOf } from './areas/projects/volume';
import { dashboardRoutes } from './areas/dashboard/routes';
import { riskActionItemRoutes } from './areas/risks/actionItems';
import { riskActionRoutes } from './areas/risks/actions';
import { riskCommentRoutes, signedDownloadRoutes } from './areas/risks/comments';
import { riskDraftRoutes } from './areas/risks/drafts';
import { riskDuplicateRoutes } from './areas/risks/duplicates';
import { riskRoutes } from './areas/risks/register';
import { riskWriteRoutes } from './areas/risks/writes';
import { commitmentRoutes } from './routes/commitments';
import { toolRoutes } from './routes/tools';
import { placementRoutes } from './routes/placement';
import { caseStudyRoutes } from './routes/caseStudy';
import { dexSetupRoutes } from './routes/dexSetup';
import { targetRoutes } from './routes/targets';
import type { AreaServices } from './lib/area';

/**
 * The routes still written for Express, until their areas' handlers are framework-neutral (this
 * file goes with the last of them): the signed downloads, then the routes behind the JWT, each list
 * in its old mount order.
 */
export function legacyRoutes({ db, attachments, signer, tokens, volume }: AreaServices) {
  const files = (name: string) => ({ attachments, signer: signer(name) });
  const downloads = files('attachments');
  const projectFiles = files('project-files');
  const metricEvidence = files('metric-evidence');
  const isoFiles = files('iso-9001-files');
  const checklistFiles = files('checklist-files');
  const signed: Router[] = [
    signedDownloadRoutes(db, downloads),
    signedChecklistFileRoutes(db, checklistFiles),
  ];
  const behindJwt: Router[] = [
    authRoutes(tokens, db),
    targetRoutes(db),
    commitmentRoutes(db),
    toolRoutes(db),
    placementRoutes(db),
    caseStudyRoutes(db),
    dexSetupRoutes(db),
    dashboardRoutes(db, { accountVolume: volume.accounts }),
    riskRoutes(db, { riskVolume: volume.risks }),
    riskWriteRoutes(db),
    riskActionRoutes(db),
    riskActionItemRoutes(db),
    riskCommentRoutes(db, downloads),
    riskDraftRoutes(db),
    riskDuplicateRoutes(db),
    plannerPeriodRoutes(db),
    plannerRoutes(db, { volume: projectVolumeOf(db, volume.projects) }),
    checklistRoutes(db, checklistFiles),
  ];
  return { signed, behindJwt };
}

/** The multipart paths of the routes still written for Express. */
export const legacyUploads = (path: string) =>
  /^\/risks\/\d+\/comments\/$/.test(path) || CHECKLIST_UPLOAD_PATH.test(path);
