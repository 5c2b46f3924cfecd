import type { Router } from 'express';
import {
  checklistRoutes,
  CHECKLIST_UPLOAD_PATH,
  signedChecklistFileRoutes,
} from './routes/checklists';
import { plannerRoutes } from './routes/planner';
import { plannerPeriodRoutes } from './routes/plannerPeriods';
import { projectVolumeOf } from './areas/projects/volume';
import { toolRoutes } from './routes/tools';
import { placementRoutes } from './routes/placement';
import { caseStudyRoutes } from './routes/caseStudy';
import { dexSetupRoutes } from './routes/dexSetup';
import type { AreaServices } from './lib/area';
import { riskCommentUploadRoutes } from './areas/risks/commentUpload';

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
  const signed: Router[] = [signedChecklistFileRoutes(db, checklistFiles)];
  const behindJwt: Router[] = [
    toolRoutes(db),
    placementRoutes(db),
    caseStudyRoutes(db),
    dexSetupRoutes(db),
    riskCommentUploadRoutes(db, downloads),
    plannerPeriodRoutes(db),
    plannerRoutes(db, { volume: projectVolumeOf(db, volume.projects) }),
    checklistRoutes(db, checklistFiles),
  ];
  return { signed, behindJwt };
}

/** The multipart paths of the routes still written for Express. */
export const legacyUploads = (path: string) =>
  /^\/risks\/\d+\/comments\/$/.test(path) || CHECKLIST_UPLOAD_PATH.test(path);
