import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import type { ProjectFile } from '../../../api/contract/projects';
import type { UploadRule } from '../../../api/contract/risks';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { FileUpload, fileSize } from '../../../shared/ui/FileUpload';
import { IconButton } from '../../../shared/ui/Tooltip';
import { safeHref } from '../../../shared/lib/safeHref';
import styles from './AttachedFiles.module.css';

/**
 * The files a record of the card holds (an agreement's documents, a requirement's evidence):
 * download links with size, uploader and time, removal asked about first, and the upload field
 * that checks each file against `rule` before it is sent. Without `editable`, the list alone.
 */
export function AttachedFiles({
  title,
  listLabel,
  empty,
  uploadLabel,
  files,
  rule,
  uploading,
  onUpload,
  removing,
  onRemove,
  removeText,
  editable = true,
  headingLevel = 3,
}: {
  title: string;
  listLabel: string;
  empty: string;
  uploadLabel: string;
  files: readonly ProjectFile[];
  rule: UploadRule;
  uploading: boolean;
  onUpload: (chosen: File[]) => Promise<void>;
  removing: boolean;
  onRemove: (file: ProjectFile) => Promise<void>;
  /** What removing does, in the confirmation. */
  removeText: string;
  /** False for who may not change the record: no upload, no removal. */
  editable?: boolean;
  /** 4 under a section that already has an h3. */
  headingLevel?: 3 | 4;
}) {
  const titleId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const [target, setTarget] = useState<ProjectFile | null>(null);
  return (
    <section className={styles.files} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {files.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className={styles.list} aria-label={listLabel}>
          {files.map((file) => (
            <li key={file.id} className={styles.file}>
              <span className={styles.name}>
                <a href={safeHref(file.url)} download={file.file_name}>
                  {file.file_name}
                </a>{' '}
                <span className="muted">({fileSize(file.size)})</span>
              </span>
              <span className="muted">
                {personLabel(file.uploaded_by)}, {formatDateTime(file.uploaded_at)}
              </span>
              {editable && (
                <IconButton
                  label={`Remove ${file.file_name}`}
                  icon={<Trash2 size={18} aria-hidden="true" />}
                  onClick={() => setTarget(file)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <FileUpload
          label={uploadLabel}
          rule={rule}
          held={files.length}
          busy={uploading}
          onUpload={onUpload}
        />
      )}
      <DeleteDialog
        target={target}
        title={target ? `Remove “${target.file_name}”?` : ''}
        busy={removing}
        onClose={() => setTarget(null)}
        onDelete={onRemove}
      >
        <p>{removeText}</p>
      </DeleteDialog>
    </section>
  );
}
