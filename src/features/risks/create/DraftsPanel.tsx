import type { RiskDraft } from '../../../api/contract/risks';
import { entityLabel, formatDateTime } from '../../../api/contract/display';
import { useGetDraftsQuery } from '../api';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

/**
 * The user's saved drafts, newest first (`GET /api/risk-drafts/`): each opens into the form or is
 * deleted (the page asks first). The one open in the form says so.
 */
export function DraftsPanel({
  openDraftId,
  onOpen,
  onDelete,
}: {
  openDraftId: number | null;
  onOpen: (draft: RiskDraft) => void;
  onDelete: (draft: RiskDraft) => void;
}) {
  const { data: drafts, isLoading, isError, refetch } = useGetDraftsQuery({});
  const sorted = [...(drafts ?? [])].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

  return (
    <aside className={detailStyles.riskDrafts} aria-labelledby="risk-drafts-title">
      <h2 id="risk-drafts-title">My drafts</h2>
      {isLoading ? (
        <p className={detailStyles.riskFormHint}>Loading your drafts…</p>
      ) : isError ? (
        <p className={detailStyles.riskFormHint}>
          Your drafts could not be loaded.{' '}
          <Button type="button" variant="quiet-link" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : sorted.length === 0 ? (
        <p className={detailStyles.riskFormHint}>
          No drafts. Save a draft to finish a risk or an issue later.
        </p>
      ) : (
        <ul className={detailStyles.riskDraftList}>
          {sorted.map((draft) => {
            const title = draft.data.statement?.trim() || 'No statement yet';
            const isOpen = draft.id === openDraftId;
            return (
              <li
                key={draft.id}
                className={
                  isOpen
                    ? `${detailStyles.riskDraft} ${detailStyles.riskDraftOpen}`
                    : detailStyles.riskDraft
                }
              >
                <span className={detailStyles.riskDraftKind}>
                  {entityLabel(draft.level, draft.kind)}
                  {draft.scope ? ` · ${draft.scope.name}` : ''}
                </span>
                <span className={detailStyles.riskDraftTitle}>{title}</span>
                <span className={detailStyles.riskFormHint}>
                  Saved {formatDateTime(draft.updated_at)}
                </span>
                <span className={detailStyles.riskDraftActions}>
                  {isOpen ? (
                    <span className={detailStyles.riskDraftCurrent}>Open in the form</span>
                  ) : (
                    <Button size="sm" type="button" onClick={() => onOpen(draft)}>
                      Open<span className="visually-hidden"> draft “{title}”</span>
                    </Button>
                  )}
                  <Button size="sm" type="button" onClick={() => onDelete(draft)}>
                    Delete<span className="visually-hidden"> draft “{title}”</span>
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
