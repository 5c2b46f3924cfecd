import type { RiskDraft } from '../../../api/contract/risks';
import { entityLabel, formatDateTime } from '../../../api/contract/display';
import { useGetDraftsQuery } from '../api';
import { Button } from '../../../shared/ui/Button';

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
    <aside className="risk-drafts" aria-labelledby="risk-drafts-title">
      <h2 id="risk-drafts-title">My drafts</h2>
      {isLoading ? (
        <p className="risk-form-hint">Loading your drafts…</p>
      ) : isError ? (
        <p className="risk-form-hint">
          Your drafts could not be loaded.{' '}
          <Button type="button" variant="quiet-link" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : sorted.length === 0 ? (
        <p className="risk-form-hint">
          No drafts. Save a draft to finish a risk or an issue later.
        </p>
      ) : (
        <ul className="risk-draft-list">
          {sorted.map((draft) => {
            const title = draft.data.statement?.trim() || 'No statement yet';
            const isOpen = draft.id === openDraftId;
            return (
              <li key={draft.id} className={isOpen ? 'risk-draft risk-draft-open' : 'risk-draft'}>
                <span className="risk-draft-kind">
                  {entityLabel(draft.level, draft.kind)}
                  {draft.scope ? ` · ${draft.scope.name}` : ''}
                </span>
                <span className="risk-draft-title">{title}</span>
                <span className="risk-form-hint">Saved {formatDateTime(draft.updated_at)}</span>
                <span className="risk-draft-actions">
                  {isOpen ? (
                    <span className="risk-draft-current">Open in the form</span>
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
