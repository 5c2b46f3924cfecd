import { formatDateTime, personLabel } from '../../../api/contract/display';
import { PROFILE_REVENUE_FLAG } from '../../../api/contract/projectAttributes';
import { PROFILE_REVENUE_UPLOAD, type ProjectDetail } from '../../../api/contract/projects';
import { notify } from '../../../shared/lib/toasts';
import { useUploadProfileRevenueMutation } from './api';
import styles from './attributes.module.css';
import { FileUpload, fileSize } from '../../../shared/ui/FileUpload';
import { safeHref } from '../../../shared/lib/safeHref';

export const REVENUE_UPLOADED = 'The profile revenue sheet has been uploaded.';

/**
 * The profile revenue sheet on the Overview's 'Project flags' panel: the current file (a download
 * link, who, when) and, with CAN_UPLOAD_PROFILE_REVENUE, an upload of one spreadsheet that replaces it.
 */
export function ProfileRevenue({
  project,
  permissions,
}: {
  project: ProjectDetail;
  permissions: readonly string[];
}) {
  const [upload, { isLoading }] = useUploadProfileRevenueMutation();
  const current = project.profile_revenue;
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
            await upload({ projectId: project.id, file: file! }).unwrap();
            notify.success(REVENUE_UPLOADED);
          }}
        />
      )}
    </div>
  );
}
