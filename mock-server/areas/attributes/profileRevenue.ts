import { PROFILE_REVENUE_FLAG } from '../../../src/api/contract/projectAttributes';
import {
  PROFILE_REVENUE_UPLOAD,
  PROJECT_CARD_FLAG,
  type StoredFileRef,
} from '../../../src/api/contract/projects';
import type { AreaServices } from '../../lib/area';
import { cardAccess, requireFlags } from '../../lib/cardAccess';
import { fileDownloadRoutes, projectFileBody, storeUploads } from '../../lib/files';
import { created } from '../../lib/http';
import { route, type Route } from '../../lib/routes';
import { detailsOf, recordProjectChange } from '../projects/model';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { mutate } from '../../store/db';
import { nextProjectFileId, PROJECT_FILE_UPLOAD_BASE } from './model';

const PROFILE_REVENUE = 'Profile revenue';

/**
 * The profile revenue sheet, `POST /api/projects/{id}/profile-revenue/` (multipart, one
 * spreadsheet that replaces the one held; CAN_UPLOAD_PROFILE_REVENUE, 403 naming it), entered in
 * the card's History under 'Profile revenue'; and the card's files, `GET
 * /api/project-files/{fileId}/` (signed link or JWT): a profile validation file or a revenue
 * sheet, for whoever may open project cards.
 */
export function profileRevenueRoutes(
  { db, attachments }: AreaServices,
  signer: DownloadSigner,
): Route[] {
  return [
    route.upload('POST', '/projects/:id/profile-revenue/', {
      rule: PROFILE_REVENUE_UPLOAD,
      target: (req) => {
        const card = cardAccess(db, req);
        requireFlags(card.persona, PROFILE_REVENUE_FLAG);
        return card;
      },
      // The sheet replaces the one held.
      held: () => 0,
      store: (req, card) => {
        const { projectId } = card;
        let stored: StoredFileRef | undefined;
        mutate(db, (state) => {
          const details = detailsOf(state, projectId)!;
          [stored] = storeUploads(
            attachments,
            req.files.slice(0, 1),
            nextProjectFileId(state),
            card.by,
          );
          recordProjectChange(state, projectId, card.by, {
            section: PROFILE_REVENUE,
            field: 'Profile revenue sheet',
            old_value: details.profile_revenue?.file_name ?? '',
            new_value: stored!.file_name,
          });
          details.profile_revenue = stored!;
        });
        return created(projectFileBody(signer, stored!, card.persona.userId));
      },
    }),

    ...fileDownloadRoutes(
      '/project-files/:id/',
      { attachments, signer },
      {
        seeded: (id) => id < PROJECT_FILE_UPLOAD_BASE,
        nameOf(persona, id) {
          if (!persona.permissions.includes(PROJECT_CARD_FLAG)) return undefined;
          const state = db.getState();
          const file =
            state.profileValidations
              .flatMap((validation) => validation.files)
              .find((f) => f.id === id) ??
            state.projectDetails
              .map((details) => details.profile_revenue)
              .find((f) => f?.id === id);
          return file?.file_name;
        },
      },
    ),
  ];
}
