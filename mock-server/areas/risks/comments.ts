import type { RiskComment } from '../../../src/api/contract/risks';
import type { AreaServices } from '../../lib/area';
import { UPLOAD_ID_BASE } from '../../lib/attachments';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { fileDownloadRoutes } from '../../lib/files';
import { json } from '../../lib/http';
import { route, type Route } from '../../lib/routes';
import { canSee, riskOf } from './access';
import type { StoredRiskComment } from './model';

/** The signer of the attachments' download links (its secret is the mock's `:attachments`). */
export const ATTACHMENT_SIGNER = 'attachments';

/** A comment as its reader sees it: each attachment with a download link signed for them. */
export const commentBody = (
  signer: DownloadSigner,
  { risk_id: _risk, ...comment }: StoredRiskComment,
  userId: number,
): RiskComment => ({
  ...comment,
  attachments: comment.attachments.map((attachment) => signer.sign(attachment, userId)),
});

/**
 * A risk's comments, oldest first (`GET /api/risks/{id}/comments/`), and their attachments:
 * `GET /api/attachments/{id}/`, for whoever may see its risk, with the JWT or behind the signed
 * link the SPA renders (`?user=&expires=&signature=`). A comment is posted as multipart
 * (commentUpload.ts).
 */
export function commentRoutes({ db, attachments, signer }: AreaServices): Route[] {
  const links = signer(ATTACHMENT_SIGNER);
  return [
    route.get('/risks/:id/comments/', (req) => {
      const { state, risk, persona } = riskOf(db, req);
      return json(
        state.riskComments
          .filter((comment) => comment.risk_id === risk.id)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
          .map((comment) => commentBody(links, comment, persona.userId)),
      );
    }),

    ...fileDownloadRoutes(
      '/attachments/:id/',
      { attachments, signer: links },
      {
        seeded: (id) => id < UPLOAD_ID_BASE,
        nameOf(persona, id) {
          const state = db.getState();
          const comment = state.riskComments.find((candidate) =>
            candidate.attachments.some((attachment) => attachment.id === id),
          );
          const risk = comment && state.risks.find((candidate) => candidate.id === comment.risk_id);
          if (!risk || !canSee(persona, risk)) return undefined;
          return comment.attachments.find((candidate) => candidate.id === id)?.name;
        },
      },
    ),
  ];
}
