import { Controller, FormProvider } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  COMMITMENT_LIMITS,
  COMMITMENT_STATE_LABELS,
  COMMITMENT_WORK_STATES,
  type Commitment,
  type CommitmentPatch,
} from '../../../api/contract/commitments';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { FormAlert, focusFirstError } from '../../../shared/ui/form/Form';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useSearchUsersQuery } from '../../checks/api';
import {
  useAddCommitmentMutation,
  useDeclineCommitmentMutation,
  useUpdateCommitmentMutation,
} from './api';
import { Fields } from '../../../shared/ui/Layout';

export const COMMITMENT_MESSAGES = {
  added: 'The commitment has been added.',
  suggested: 'Your suggestion has been sent to its owner.',
  saved: 'The commitment has been saved.',
  deleted: 'The commitment has been deleted.',
  accepted: 'You accepted the commitment: it is open now.',
  declined: 'You declined the suggestion.',
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

const commitmentSchema = z.object({
  // In the order the dialog shows them: a wrong submit focuses the first in error.
  title: requiredText('Say what the project commits to.').pipe(
    z.string().max(COMMITMENT_LIMITS.title, tooLong('title', COMMITMENT_LIMITS.title)),
  ),
  description: z
    .string()
    .max(COMMITMENT_LIMITS.description, tooLong('description', COMMITMENT_LIMITS.description)),
  owner: z.custom<PersonRef | null>().refine((owner) => owner !== null, 'Choose the owner.'),
  due: dateSchema({ required: 'Choose the due date.' }),
  state: z.enum(COMMITMENT_WORK_STATES),
});
type CommitmentValues = z.input<typeof commitmentSchema>;
const FIELDS = ['title', 'description', 'owner', 'due', 'state'] as const;
const RENAME = { owner_id: 'owner', due_date: 'due' } as const;

/** What the dialog does: add (an editor), suggest (a suggester), or change a commitment. */
export type CommitmentDialogMode = 'add' | 'suggest' | Commitment;

/**
 * Adds, suggests or changes a commitment: title, description (optional), owner, due date and,
 * except for a suggestion, its state. A refused call leaves the dialog as it is: field messages on
 * their fields, the rest above them, what was typed kept.
 */
export function CommitmentDialog({
  projectId,
  mode,
  onClose,
}: {
  projectId: number;
  mode: CommitmentDialogMode;
  onClose: () => void;
}) {
  const existing = typeof mode === 'object' ? mode : null;
  const suggestion = mode === 'suggest' || existing?.state === 'suggested';
  const form = useZodForm(commitmentSchema, {
    defaultValues: {
      title: existing?.title ?? '',
      description: existing?.description ?? '',
      owner: existing?.owner ?? null,
      due: existing?.due_date ?? '',
      state: existing && existing.state !== 'suggested' ? existing.state : 'open',
    },
  });
  const [addCommitment, adding] = useAddCommitmentMutation();
  const [updateCommitment, updating] = useUpdateCommitmentMutation();
  const busy = adding.isLoading || updating.isLoading;

  const save = async (values: z.output<typeof commitmentSchema>) => {
    const fields: CommitmentPatch = {
      title: values.title.trim(),
      description: values.description.trim(),
      owner_id: values.owner!.id,
      due_date: values.due,
      ...(suggestion ? {} : { state: values.state }),
    };
    try {
      if (existing)
        await updateCommitment({
          projectId,
          commitmentId: existing.id,
          patch: fields,
        }).unwrap();
      else
        await addCommitment({
          projectId,
          commitment: {
            ...(fields as Required<Omit<CommitmentPatch, 'state'>>),
            state: mode === 'suggest' ? 'suggested' : values.state,
          },
        }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, rename: RENAME });
      return false;
    }
    notify.success(
      existing
        ? COMMITMENT_MESSAGES.saved
        : mode === 'suggest'
          ? COMMITMENT_MESSAGES.suggested
          : COMMITMENT_MESSAGES.added,
    );
    return true;
  };

  const title = existing
    ? `Change “${existing.title}”`
    : mode === 'suggest'
      ? 'Suggest a security commitment'
      : 'Add a security commitment';
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={title}
      description={
        mode === 'suggest'
          ? 'The owner is asked to accept it, which opens it, or to decline it with a reason.'
          : undefined
      }
      busy={busy}
      onSubmit={save}
      submitLabel={
        existing ? 'Save commitment' : mode === 'suggest' ? 'Send suggestion' : 'Add commitment'
      }
    >
      <Fields>
        <Field<CommitmentValues> name="title" label="Title" maxLength={COMMITMENT_LIMITS.title}>
          <input type="text" autoComplete="off" {...form.register('title')} />
        </Field>
        <Field<CommitmentValues>
          name="description"
          label={
            <>
              Description <span className="muted">(optional)</span>
            </>
          }
          maxLength={COMMITMENT_LIMITS.description}
        >
          <textarea rows={3} {...form.register('description')} />
        </Field>
        <PersonField<CommitmentValues>
          name="owner"
          label="Owner"
          useSearch={useSearchUsersQuery}
          debounceMs={250}
          required
        />
        <Controller
          control={form.control}
          name="due"
          render={({ field }) => (
            <Field<CommitmentValues> name="due" label="Due date">
              {(control) => <DateField {...control} {...field} />}
            </Field>
          )}
        />
        {!suggestion && (
          <Field<CommitmentValues> name="state" label="State">
            <select {...form.register('state')}>
              {COMMITMENT_WORK_STATES.map((state) => (
                <option key={state} value={state}>
                  {COMMITMENT_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          </Field>
        )}
      </Fields>
    </FormDialog>
  );
}

const declineSchema = z.object({
  reason: requiredText('Say why you decline it, for the person who suggested it.').pipe(
    z.string().max(COMMITMENT_LIMITS.reason, tooLong('reason', COMMITMENT_LIMITS.reason)),
  ),
});
type DeclineValues = z.input<typeof declineSchema>;

/** The owner declines a suggestion, with a reason History keeps; the suggestion is removed. */
export function DeclineDialog({
  projectId,
  commitment,
  onClose,
}: {
  projectId: number;
  commitment: Commitment;
  onClose: () => void;
}) {
  const form = useZodForm(declineSchema, { defaultValues: { reason: '' } });
  const [decline, { isLoading }] = useDeclineCommitmentMutation();
  const { dialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);

  const save = async ({ reason }: DeclineValues) => {
    try {
      await decline({ projectId, commitmentId: commitment.id, reason: reason.trim() }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['reason'] });
      return;
    }
    allowNavigation();
    notify.success(COMMITMENT_MESSAGES.declined);
    onClose();
  };

  return (
    <FormProvider {...form}>
      <ConfirmDialog
        form
        open
        title={`Decline “${commitment.title}”?`}
        confirmLabel="Decline suggestion"
        busyLabel="Declining…"
        destructive
        busy={isLoading}
        onConfirm={() => void form.handleSubmit(save, focusFirstError(form.setFocus))()}
        onCancel={onClose}
      >
        <FormAlert />
        <p>
          The suggestion is removed. {commitment.suggested_by?.name ?? 'Whoever suggested it'} can
          read your reason in the card’s History.
        </p>
        <Field<DeclineValues> name="reason" label="Reason" maxLength={COMMITMENT_LIMITS.reason}>
          <textarea rows={3} {...form.register('reason')} />
        </Field>
      </ConfirmDialog>
      {dialog}
    </FormProvider>
  );
}
