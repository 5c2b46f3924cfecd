import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_LIMITS,
  APPROVAL_MESSAGES,
  type ApprovalKind,
  type ApprovalRequest,
} from '../../../api/contract/approvals';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useSearchUsersQuery } from '../../checks/api';
import { useDecideApprovalMutation, useRaiseApprovalMutation } from './api';
import { FieldPair, Fields } from '../../../shared/ui/Layout';

export const APPROVAL_TOASTS = {
  raised: 'The request has been raised.',
  approved: 'The request has been approved.',
  rejected: 'The request has been rejected.',
  withdrawn: 'The request has been withdrawn.',
  reminded: (approver: string) => `A reminder has been sent to ${approver}.`,
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

const raiseSchema = z.object({
  // In the order the dialog shows them: a wrong submit focuses the first in error.
  kind: z
    .custom<ApprovalKind | ''>()
    .pipe(z.enum(APPROVAL_KINDS, { error: 'Choose what the request is for.' })),
  subject: requiredText('Say what is asked.').pipe(
    z.string().max(APPROVAL_LIMITS.subject, tooLong('subject', APPROVAL_LIMITS.subject)),
  ),
  approver: z
    .custom<PersonRef | null>()
    .refine((person) => person !== null, 'Choose the approver.'),
  dueBy: dateSchema({ required: 'Choose the day the decision is due.' }),
  comment: z.string().max(APPROVAL_LIMITS.comment, tooLong('comment', APPROVAL_LIMITS.comment)),
});
type RaiseValues = z.input<typeof raiseSchema>;
const RAISE_FIELDS = ['kind', 'subject', 'approver', 'dueBy', 'comment'] as const;
const RAISE_RENAME = { approver_id: 'approver', due_by: 'dueBy' } as const;

/**
 * Raises a request on the project: its kind, subject, approver (anyone but the requester), the day
 * the decision is due and a comment. A refused call leaves the dialog as it is: field messages on
 * their fields, the rest above them, what was typed kept.
 */
export function RaiseDialog({
  projectId,
  userId,
  onClose,
}: {
  projectId: number;
  /** The signed-in user, who cannot be their own approver. */
  userId: number;
  onClose: () => void;
}) {
  const form = useZodForm(raiseSchema, {
    defaultValues: { kind: '', subject: '', approver: null, dueBy: '', comment: '' },
  });
  const [raise, { isLoading }] = useRaiseApprovalMutation();

  const save = async (values: z.output<typeof raiseSchema>) => {
    try {
      await raise({
        projectId,
        request: {
          kind: values.kind,
          subject: values.subject.trim(),
          approver_id: values.approver!.id,
          due_by: values.dueBy,
          comment: values.comment.trim(),
        },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: RAISE_FIELDS, rename: RAISE_RENAME });
      return false;
    }
    notify.success(APPROVAL_TOASTS.raised);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Raise a request"
      description="The approver decides; the request and its decision show in the card’s History."
      busy={isLoading}
      onSubmit={save}
      submitLabel="Raise request"
    >
      <Fields>
        <Field<RaiseValues> name="kind" label="Kind">
          <select {...form.register('kind')}>
            <option value="">Choose…</option>
            {APPROVAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {APPROVAL_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field<RaiseValues> name="subject" label="Subject" maxLength={APPROVAL_LIMITS.subject}>
          <input type="text" autoComplete="off" {...form.register('subject')} />
        </Field>
        <FieldPair>
          <PersonField<RaiseValues>
            name="approver"
            label="Approver"
            useSearch={useSearchUsersQuery}
            debounceMs={250}
            exclude={[userId]}
            required
          />
          <Controller
            control={form.control}
            name="dueBy"
            render={({ field }) => (
              <Field<RaiseValues> name="dueBy" label="Due by">
                {(control) => <DateField {...control} {...field} />}
              </Field>
            )}
          />
        </FieldPair>
        <Field<RaiseValues>
          name="comment"
          label={
            <>
              Comment <span className="muted">(optional)</span>
            </>
          }
          maxLength={APPROVAL_LIMITS.comment}
        >
          <textarea rows={3} {...form.register('comment')} />
        </Field>
      </Fields>
    </FormDialog>
  );
}

const decisionSchema = (decision: 'approve' | 'reject') =>
  z.object({
    comment: z
      .string()
      .max(APPROVAL_LIMITS.comment, tooLong('comment', APPROVAL_LIMITS.comment))
      .refine(
        (comment) => decision === 'approve' || comment.trim() !== '',
        APPROVAL_MESSAGES.rejectComment,
      ),
  });
type DecisionValues = { comment: string };

/** The approver's decision on a pending request: approve (a comment if they wish) or reject (why). */
export function DecisionDialog({
  projectId,
  request,
  decision,
  onClose,
}: {
  projectId: number;
  request: ApprovalRequest;
  decision: 'approve' | 'reject';
  onClose: () => void;
}) {
  const form = useZodForm(decisionSchema(decision), { defaultValues: { comment: '' } });
  const [decide, { isLoading }] = useDecideApprovalMutation();
  const rejecting = decision === 'reject';

  const save = async ({ comment }: DecisionValues) => {
    try {
      await decide({
        projectId,
        requestId: request.id,
        decision: { decision, comment: comment.trim() },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['comment'] });
      return false;
    }
    notify.success(rejecting ? APPROVAL_TOASTS.rejected : APPROVAL_TOASTS.approved);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`${rejecting ? 'Reject' : 'Approve'} “${request.subject}”`}
      description={`${APPROVAL_KIND_LABELS[request.kind]} raised by ${request.requester.name}.`}
      busy={isLoading}
      onSubmit={save}
      submitLabel={rejecting ? 'Reject request' : 'Approve request'}
    >
      <Field<DecisionValues>
        name="comment"
        label={
          rejecting ? (
            'Reason'
          ) : (
            <>
              Comment <span className="muted">(optional)</span>
            </>
          )
        }
        {...(rejecting ? { hint: 'The requester reads it with the decision.' } : {})}
        maxLength={APPROVAL_LIMITS.comment}
      >
        <textarea rows={3} {...form.register('comment')} />
      </Field>
    </FormDialog>
  );
}
