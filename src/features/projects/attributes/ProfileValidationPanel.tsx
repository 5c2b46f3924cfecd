import { useEffect } from 'react';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  PROFILE_VALIDATION_COMMENT_MAX,
  PROFILE_VALIDATION_FLAG,
  PROFILE_VALIDATION_STATUS_LABELS,
  PROFILE_VALIDATION_STATUSES,
  REJECTION_NEEDS_COMMENT,
  VALIDATION_STATUS_UPLOAD,
  type ProfileValidation,
  type ProfileValidationStatus,
  type ProjectFile,
} from '../../../api/contract/projectAttributes';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { Field } from '../../../shared/ui/form/Field';
import { Form } from '../../../shared/ui/form/Form';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { AttachedFiles } from '../files/AttachedFiles';
import { ButtonRow, Panel, Stack, TypedText } from '../../../shared/ui/Layout';
import {
  useDeleteValidationFileMutation,
  useGetProfileValidationQuery,
  usePatchProfileValidationMutation,
  useUploadValidationFilesMutation,
} from './api';
import styles from './attributes.module.css';

export const STATUS_SAVED = 'The profile validation status has been saved.';

const STATUS_TONES: Record<ProfileValidationStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'info',
  validated: 'success',
  rejected: 'danger',
};

const statusSchema = z
  .object({
    status: z.enum(PROFILE_VALIDATION_STATUSES),
    comment: z
      .string()
      .max(
        PROFILE_VALIDATION_COMMENT_MAX,
        `Keep the comment to ${PROFILE_VALIDATION_COMMENT_MAX} characters or fewer.`,
      ),
  })
  .superRefine((values, context) => {
    if (values.status === 'rejected' && values.comment.trim() === '')
      context.addIssue({ code: 'custom', path: ['comment'], message: REJECTION_NEEDS_COMMENT });
  });
type StatusValues = z.input<typeof statusSchema>;

/**
 * The profile validation status: where the validation of the project's profile stands, a
 * comment, and up to three evidence files (spec §5 validation status upload), all changed with
 * CAN_EDIT_PROFILE_VALIDATION_STATUS and read-only otherwise.
 */
export function ProfileValidationPanel({
  projectId,
  permissions,
  onDirtyChange,
}: {
  projectId: number;
  permissions: readonly string[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { data, isLoading, isError, refetch } = useGetProfileValidationQuery(projectId);
  const mayChange = permissions.includes(PROFILE_VALIDATION_FLAG);
  return (
    <Panel aria-labelledby="profile-validation-title">
      <h3 id="profile-validation-title">Profile validation status</h3>
      <AsyncContent
        query={{ data, isLoading, isError, refetch }}
        loading={{ inline: 'Loading the profile validation…' }}
        failed="The profile validation could not be loaded"
        failedLevel={3}
      >
        {(data) => (
          <Stack>
            <p className={styles.validation}>
              <Badge tone={STATUS_TONES[data.status]}>
                {PROFILE_VALIDATION_STATUS_LABELS[data.status]}
              </Badge>{' '}
              {data.updated_by && data.updated_at && (
                <span className="muted">
                  Changed by {personLabel(data.updated_by)} on {formatDate(data.updated_at)}
                </span>
              )}
            </p>
            {mayChange ? (
              <StatusForm projectId={projectId} validation={data} onDirtyChange={onDirtyChange} />
            ) : (
              <dl className={styles.readOnly}>
                <dt>Comment</dt>
                <TypedText as="dd">{data.comment || 'No comment.'}</TypedText>
              </dl>
            )}
            <EvidenceFiles projectId={projectId} files={data.files} mayChange={mayChange} />
          </Stack>
        )}
      </AsyncContent>
    </Panel>
  );
}

function StatusForm({
  projectId,
  validation,
  onDirtyChange,
}: {
  projectId: number;
  validation: ProfileValidation;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const defaults = { status: validation.status, comment: validation.comment };
  const form = useZodForm(statusSchema, { defaultValues: defaults });
  const { isDirty, isSubmitting } = form.formState;
  const [patchValidation] = usePatchProfileValidationMutation();

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = async (values: z.output<typeof statusSchema>) => {
    try {
      const saved = await patchValidation({ projectId, ...values }).unwrap();
      form.reset({ status: saved.status, comment: saved.comment });
      notify.success(STATUS_SAVED);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['status', 'comment'] });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      aria-label="Profile validation status"
      className={styles.form}
    >
      <div className={styles.statusFields}>
        <Field<StatusValues> name="status" label="Status">
          <select {...form.register('status')}>
            {PROFILE_VALIDATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PROFILE_VALIDATION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <Field<StatusValues>
          name="comment"
          label="Comment"
          hint="Required when the profile is rejected: say why."
          maxLength={PROFILE_VALIDATION_COMMENT_MAX}
        >
          <textarea rows={3} {...form.register('comment')} />
        </Field>
      </div>
      <ButtonRow>
        <Button type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save status'}
        </Button>
        <Button type="button" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
          Discard changes
        </Button>
      </ButtonRow>
    </Form>
  );
}

function EvidenceFiles({
  projectId,
  files,
  mayChange,
}: {
  projectId: number;
  files: ProjectFile[];
  mayChange: boolean;
}) {
  const [upload, uploading] = useUploadValidationFilesMutation();
  const [remove, removing] = useDeleteValidationFileMutation();
  return (
    <AttachedFiles
      title="Evidence files"
      listLabel="Evidence files"
      empty="No evidence files yet."
      uploadLabel="Add evidence files"
      files={files}
      rule={VALIDATION_STATUS_UPLOAD}
      uploading={uploading.isLoading}
      onUpload={async (chosen) => {
        await upload({ projectId, files: chosen }).unwrap();
        notify.success(
          chosen.length === 1 ? 'The file has been attached.' : 'The files have been attached.',
        );
      }}
      removing={removing.isLoading}
      onRemove={async (file) => {
        await remove({ projectId, fileId: file.id }).unwrap();
        notify.success('The file has been removed.');
      }}
      removeText="The file is removed from the profile validation for good."
      editable={mayChange}
      headingLevel={4}
    />
  );
}
