import { useState } from 'react';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import { PROFILE_REVENUE_FLAG } from '../../../api/contract/projectAttributes';
import { PROFILE_REVENUE_UPLOAD, type ProjectDetail } from '../../../api/contract/projects';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useUploadProfileRevenueMutation } from './api';
import styles from './attributes.module.css';
import { FileUpload, fileSize } from '../../../shared/ui/FileUpload';
import { safeHref } from '../../../shared/lib/safeHref';

export const REVENUE_UPLOADED = 'The profile revenue sheet has been uploaded.';

/**
 * The profile revenue sheet on the Overview's 'Project flags' panel: the current file (a download
 * link, who, when) and, with CAN_UPLOAD_PROFILE_REVENUE, an upload of one spreadsheet that
 * replaces it. The current sheet is not kept, so replacing it asks first (issue 33).
 */
export function ProfileRevenue({
  project,
  permissions,
}: {
  project: ProjectDetail;
  permissions: readonly string[];
}) {
  const [upload, { isLoading }] = useUploadProfileRevenueMutation();
  // The sheet chosen to replace the current one, waiting for the user's yes.
  const [replacement, setReplacement] = useState<File | null>(null);
  const current = project.profile_revenue;
  const send = async (file: File) => {
    await upload({ projectId: project.id, file }).unwrap();
    notify.success(REVENUE_UPLOADED);
  };
  return (
    <div className={styles.revenue}>
      <p className={styles.revenueLine}>
        Profile revenue:{' '}
        {current ? (
          <>
            <a href={safeHref(current.url)} download={current.file_name}>
              <strong>{current.file_name}</strong>
            </a>{' '}
            <span className="muted">
              ({fileSize(current.size)}), uploaded by {personLabel(current.uploaded_by)} on{' '}
              {formatDateTime(current.uploaded_at)}
            </span>
          </>
        ) : (
          <span className="muted">no sheet uploaded yet.</span>
        )}
      </p>
      {permissions.includes(PROFILE_REVENUE_FLAG) && (
        <FileUpload
          label={current ? 'Replace the profile revenue sheet' : 'Upload the profile revenue sheet'}
          rule={PROFILE_REVENUE_UPLOAD}
          busy={isLoading}
          onUpload={async ([file]) => {
            if (current) setReplacement(file!);
            else await send(file!);
          }}
        />
      )}
      <ConfirmDialog
        open={replacement !== null}
        title="Replace the profile revenue sheet?"
        confirmLabel="Replace sheet"
        busyLabel="Replacing…"
        destructive
        busy={isLoading}
        onCancel={() => setReplacement(null)}
        onConfirm={() => {
          if (!replacement) return;
          // The dialog stays open when the upload fails, the error toast having said why.
          void send(replacement)
            .then(() => setReplacement(null))
            .catch(() => undefined);
        }}
      >
        <p>
          “{replacement?.name}” replaces “{current?.file_name}” of {project.name}; the current sheet
          is not kept.
        </p>
      </ConfirmDialog>
    </div>
  );
}
