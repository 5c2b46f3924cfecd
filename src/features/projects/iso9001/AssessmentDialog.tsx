import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  ISO_EVIDENCE_KIND_LABELS,
  ISO_EVIDENCE_KINDS,
  ISO_LIMITS,
  ISO_RULES,
  ISO_STATE_LABELS,
  ISO_STATES,
  ISO_UPLOAD,
  type IsoAssessment,
  type IsoAssessmentPatch,
  type IsoEvidenceKind,
  type IsoRequirement,
  type IsoSetState,
} from '../../../api/contract/iso9001';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { Field, FieldSet } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { dateSchema } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useSearchUsersQuery } from '../../checks/api';
import {
  useDeleteIsoFileMutation,
  useGetIsoAssessmentsQuery,
  useGetIsoEvidenceOptionsQuery,
  useUpdateIsoAssessmentMutation,
  useUploadIsoFilesMutation,
} from './api';
import { AttachedFiles } from '../files/AttachedFiles';
import styles from './iso9001.module.css';
import { Fields } from '../../../shared/ui/Layout';

export const ISO_MESSAGES = {
  saved: 'The assessment has been saved.',
  fileAdded: 'The evidence file has been attached.',
  filesAdded: 'The evidence files have been attached.',
  fileRemoved: 'The evidence file has been removed.',
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

/** An evidence checkbox's value: 'check:71'. */
const keyOf = (ref: { kind: IsoEvidenceKind; id: number }) => `${ref.kind}:${ref.id}`;

const assessmentSchema = z
  .object({
    // In the order the dialog shows them: a wrong submit focuses the first in error.
    state: z.custom<IsoSetState | ''>(),
    justification: z
      .string()
      .max(ISO_LIMITS.justification, tooLong('justification', ISO_LIMITS.justification)),
    evidence: z.array(z.string()),
    responsible: z.custom<PersonRef | null>(),
    reviewDate: dateSchema(),
    note: z.string().max(ISO_LIMITS.note, tooLong('note', ISO_LIMITS.note)),
  })
  .superRefine((values, context) => {
    if (values.state === 'not_applicable' && values.justification.trim() === '')
      context.addIssue({
        code: 'custom',
        path: ['justification'],
        message: ISO_RULES.justificationNeeded,
      });
  });
type AssessmentValues = z.input<typeof assessmentSchema>;
const FIELDS = ['state', 'justification', 'evidence', 'responsible', 'reviewDate', 'note'] as const;
const RENAME = { responsible_id: 'responsible', review_date: 'reviewDate' } as const;

/**
 * Assesses one requirement: the compliance state (with its justification when it does not
 * apply), evidence picked from the project's own checks, risks, agreements and documents, the
 * responsible person, the review date and a note; below, the uploaded evidence files (spec §5
 * general attachments), attached and removed at once. A refused save keeps the dialog as it is:
 * field messages on their fields, the rest above them.
 */
export function AssessmentDialog({
  projectId,
  requirement,
  assessment,
  onClose,
}: {
  projectId: number;
  requirement: IsoRequirement;
  assessment: IsoAssessment;
  onClose: () => void;
}) {
  const options = useGetIsoEvidenceOptionsQuery(projectId);
  // The list's fresh copy, so that files attached here show at once.
  const { current } = useGetIsoAssessmentsQuery(projectId, {
    selectFromResult: ({ data }) => ({
      current: data?.find((row) => row.requirement === requirement.id) ?? null,
    }),
  });
  const shown = current ?? assessment;
  const form = useZodForm(assessmentSchema, {
    defaultValues: {
      state: assessment.state === 'not_assessed' ? '' : assessment.state,
      justification: assessment.justification,
      evidence: assessment.evidence.map(keyOf),
      responsible: assessment.responsible,
      reviewDate: assessment.review_date ?? '',
      note: assessment.note,
    },
  });
  const [update, updating] = useUpdateIsoAssessmentMutation();
  const state = form.watch('state');

  const save = async (values: z.output<typeof assessmentSchema>) => {
    const patch: IsoAssessmentPatch = {
      evidence: values.evidence.map((key) => {
        const [kind, id] = key.split(':');
        return { kind: kind as IsoEvidenceKind, id: Number(id) };
      }),
      responsible_id: values.responsible?.id ?? null,
      review_date: values.reviewDate || null,
      note: values.note.trim(),
    };
    if (values.state) patch.state = values.state;
    if (values.state === 'not_applicable') patch.justification = values.justification.trim();
    try {
      await update({ projectId, requirement: requirement.id, patch }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, rename: RENAME });
      return false;
    }
    notify.success(ISO_MESSAGES.saved);
    return true;
  };

  // Linked records no longer offered (gone from the project) stay listed, to be unticked.
  const offered = options.data ?? [];
  const gone = assessment.evidence.filter(
    (item) => !offered.some((option) => keyOf(option) === keyOf(item)),
  );
  const choices = options.data ? [...offered, ...gone] : assessment.evidence;

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Assess ${requirement.code} ${requirement.title}`}
      description={requirement.asks}
      busy={updating.isLoading}
      onSubmit={save}
      submitLabel="Save assessment"
      wide
    >
      <Fields>
        <Field<AssessmentValues> name="state" label="Compliance state">
          <select {...form.register('state')}>
            <option value="">{ISO_STATE_LABELS.not_assessed}</option>
            {ISO_STATES.map((option) => (
              <option key={option} value={option}>
                {ISO_STATE_LABELS[option]}
              </option>
            ))}
          </select>
        </Field>
        {state === 'not_applicable' && (
          <Field<AssessmentValues>
            name="justification"
            label="Justification"
            hint="Why the requirement does not apply to this project."
            maxLength={ISO_LIMITS.justification}
          >
            <textarea rows={2} {...form.register('justification')} />
          </Field>
        )}
        <Controller
          control={form.control}
          name="evidence"
          render={({ field }) => (
            <FieldSet<AssessmentValues>
              name="evidence"
              legend="Evidence"
              hint="The project’s own records that show the requirement is met."
            >
              {options.isLoading ? (
                <p className="muted">Loading the project’s records…</p>
              ) : options.isError ? (
                <p className="muted">The project’s records could not be loaded.</p>
              ) : (
                <div className={styles.evidenceGroups}>
                  {ISO_EVIDENCE_KINDS.map((kind) => {
                    const ofKind = choices.filter((choice) => choice.kind === kind);
                    if (ofKind.length === 0) return null;
                    return (
                      <div key={kind} role="group" aria-label={ISO_EVIDENCE_KIND_LABELS[kind]}>
                        <p className={styles.evidenceKind}>{ISO_EVIDENCE_KIND_LABELS[kind]}</p>
                        {ofKind.map((choice) => {
                          const key = keyOf(choice);
                          const checked = field.value.includes(key);
                          return (
                            <label key={key} className={styles.check}>
                              <input
                                type="checkbox"
                                ref={key === keyOf(choices[0]!) ? field.ref : undefined}
                                checked={checked}
                                onChange={() =>
                                  field.onChange(
                                    checked
                                      ? field.value.filter((value) => value !== key)
                                      : [...field.value, key],
                                  )
                                }
                              />
                              {choice.label}
                            </label>
                          );
                        })}
                      </div>
                    );
                  })}
                </div>
              )}
            </FieldSet>
          )}
        />
        <div className={styles.pair}>
          <PersonField<AssessmentValues>
            name="responsible"
            label="Responsible"
            useSearch={useSearchUsersQuery}
            debounceMs={250}
          />
          <Controller
            control={form.control}
            name="reviewDate"
            render={({ field }) => (
              <Field<AssessmentValues>
                name="reviewDate"
                label={
                  <>
                    Review date <span className="muted">(optional)</span>
                  </>
                }
              >
                {(control) => <DateField {...control} {...field} />}
              </Field>
            )}
          />
        </div>
        <Field<AssessmentValues>
          name="note"
          label={
            <>
              Note <span className="muted">(optional)</span>
            </>
          }
          maxLength={ISO_LIMITS.note}
        >
          <textarea rows={2} {...form.register('note')} />
        </Field>
      </Fields>
      <EvidenceFiles projectId={projectId} requirement={requirement} assessment={shown} />
    </FormDialog>
  );
}

/** The requirement's uploaded evidence: download links, removal (asked first), the upload field. */
function EvidenceFiles({
  projectId,
  requirement,
  assessment,
}: {
  projectId: number;
  requirement: IsoRequirement;
  assessment: IsoAssessment;
}) {
  const [upload, uploading] = useUploadIsoFilesMutation();
  const [remove, removing] = useDeleteIsoFileMutation();
  const one = { projectId, requirement: requirement.id };
  return (
    <AttachedFiles
      title="Evidence files"
      listLabel={`Evidence files of ${requirement.code}`}
      empty="No evidence files yet."
      uploadLabel="Attach evidence files"
      files={assessment.files}
      rule={ISO_UPLOAD}
      uploading={uploading.isLoading}
      onUpload={async (chosen) => {
        await upload({ ...one, files: chosen }).unwrap();
        notify.success(chosen.length === 1 ? ISO_MESSAGES.fileAdded : ISO_MESSAGES.filesAdded);
      }}
      removing={removing.isLoading}
      onRemove={async (file) => {
        await remove({ ...one, fileId: file.id }).unwrap();
        notify.success(ISO_MESSAGES.fileRemoved);
      }}
      removeText="The file is removed from the requirement’s evidence; the History keeps a note of it."
    />
  );
}
