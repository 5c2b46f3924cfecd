import { RISK_MESSAGES, type RiskDraft, type RiskKind } from '../../../api/contract/risks';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

/** What the create page may be asking the user to confirm. */
export type Pending =
  | { type: 'switch'; to: RiskKind }
  | { type: 'clear' }
  | { type: 'delete'; draft: RiskDraft }
  | { type: 'open'; draft: RiskDraft };

/** The one confirmation the page may be asking: switch tab, clear, delete or open a draft. */
export function PendingDialog({
  pending,
  hasDraft,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Pending | null;
  hasDraft: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const text = (() => {
    switch (pending?.type) {
      case 'switch': {
        const label = pending.to === 'risk' ? 'Risk' : 'Issue';
        return {
          title: `Switch to ${label}?`,
          body: RISK_MESSAGES.switchTabWarning,
          confirm: `Switch to ${label}`,
          destructive: false,
        };
      }
      case 'clear':
        return {
          title: hasDraft ? 'Clear the form and the draft?' : 'Clear the form?',
          body: hasDraft
            ? 'Every field is emptied, in the form and in the saved draft. This cannot be undone.'
            : 'Every field is emptied. This cannot be undone.',
          confirm: 'Clear',
          destructive: true,
        };
      case 'delete':
        return {
          title: 'Delete this draft?',
          body: `“${pending.draft.data.statement?.trim() || 'No statement yet'}” is deleted for good. What the form shows stays until you leave the page.`,
          confirm: 'Delete draft',
          destructive: true,
        };
      case 'open':
        return {
          title: 'Open this draft?',
          body: 'What you typed and did not save is replaced by the draft.',
          confirm: 'Open draft',
          destructive: false,
        };
      default:
        return { title: '', body: '', confirm: 'OK', destructive: false };
    }
  })();
  return (
    <ConfirmDialog
      open={pending !== null}
      title={text.title}
      confirmLabel={text.confirm}
      destructive={text.destructive}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{text.body}</p>
    </ConfirmDialog>
  );
}
