import { Ban, Send, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from '../../shared/ui/form/zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import type { ApiError } from '../../api/baseQuery';
import { formatDateTime, personLabel } from '../../api/contract/display';
import {
  CHECKLIST_FLAGS,
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  CHECKLIST_RULES,
  isChecklistOpen,
  submitBlockers,
  type ChecklistDetail,
} from '../../api/contract/checklists';
import { useFocusAfterAction } from '../../shared/lib/focus';
import { notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadFailed } from '../../shared/ui/EmptyState';
import type { WayBack } from '../../shared/ui/ErrorScreen';
import { NotFoundPage, NotSharedAt } from '../errors/embed';
import { Fact } from '../../shared/ui/Fact';
import { Field } from '../../shared/ui/form/Field';
import { FormAlert, focusFirstError } from '../../shared/ui/form/Form';
import { requiredText } from '../../shared/ui/form/schemas';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useGetCurrentUserQuery } from '../auth/api';
import {
  useCancelChecklistMutation,
  useDeclineChecklistMutation,
  useGetChecklistQuery,
  useSubmitChecklistMutation,
} from './api';
import { ChecklistItemCard } from './ChecklistItemCard';
import { ChecklistProgress, ChecklistStateBadge, DueDate, projectLabel } from './parts';
import { todayIso } from '../../shared/lib/today';
import { Refusal, refusalMessages } from '../../shared/ui/Refusal';
import styles from './checklists.module.css';

const BACK: WayBack = { to: '/project-checklists', label: 'Back to the checklists' };

type Step = 'submit' | 'incomplete' | 'decline' | 'cancel';

/**
 * `/project-checklists/{id}`: one checklist, its items answered as the user goes (each saved on
 * its own), and Submit, Decline (with a reason) and Cancel, each behind its flag and confirmed
 * first. Read-only without CAN_EDIT_CHECKLIST or once submitted, declined or canceled. A 403 or
 * 404 is the 'Page not found' page, as for a project or an account (a checklist is no poll).
 */
export default function ChecklistPage() {
  const checklistId = Number(useParams().checklistId);
  const valid = Number.isInteger(checklistId) && checklistId > 0;
  const query = useGetChecklistQuery(checklistId, { skip: !valid });
  const { data: user } = useGetCurrentUserQuery();
  const permissions = user?.permissions ?? [];
  const [step, setStep] = useState<Step | null>(null);
  const [highlight, setHighlight] = useState(false);
  const focusAfter = useFocusAfterAction();

  const status = (query.error as ApiError | undefined)?.status;
  if (!valid || status === 403 || status === 404)
    return <NotFoundPage explanation={<NotSharedAt noun="checklist" />} back={BACK} />;
  if (query.isError)
    return (
      <LoadFailed
        title="The checklist could not be loaded"
        titleLevel={1}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <LoadingScreen label="Loading the checklist…" />;

  const checklist = query.data;
  const open = isChecklistOpen(checklist.state);
  const may = (flag: string) => open && permissions.includes(flag);
  const editable = may(CHECKLIST_FLAGS.edit);
  const blockers = submitBlockers(checklist.items);
  const today = todayIso();

  const askSubmit = () => {
    if (blockers.messages.length > 0) {
      setHighlight(true);
      setStep('incomplete');
    } else setStep('submit');
  };
  const showFirstBlocked = () => {
    setStep(null);
    const first = checklist.items.find(
      (item) => item.answer === null || (item.answer === 'no' && item.comment.trim() === ''),
    );
    // After the dialog has given the focus back, on what the item lacks: its answer, or the
    // comment a "No" needs.
    const field = first?.answer === null ? 'input' : 'textarea';
    focusAfter(
      () =>
        first &&
        document.querySelector<HTMLElement>(`[data-item-id="${first.id}"] ${field}:not(:disabled)`),
    );
  };
  // Submitted, declined or canceled: the notice that says so, once the checklist has reloaded.
  const focusNotice = () =>
    focusAfter(() => document.querySelector<HTMLElement>('#checklist-notice[data-final]'));

  const actions = (
    <>
      {may(CHECKLIST_FLAGS.submit) && (
        <Button variant="primary" icon={Send} onClick={askSubmit}>
          Submit
        </Button>
      )}
      {may(CHECKLIST_FLAGS.decline) && (
        <Button icon={XCircle} onClick={() => setStep('decline')}>
          Decline
        </Button>
      )}
      {may(CHECKLIST_FLAGS.cancel) && (
        <Button variant="danger" icon={Ban} onClick={() => setStep('cancel')}>
          Cancel checklist
        </Button>
      )}
    </>
  );

  return (
    <section aria-labelledby="checklist-title" className={styles.page}>
      <PageHeader
        titleId="checklist-title"
        breadcrumb={[{ label: 'Project checklists', to: '/project-checklists' }]}
        title={checklist.template_name}
        documentTitle={`${checklist.template_name} · ${checklist.project.name}`}
        subtitle={
          <span className={styles.subtitle}>
            <span>{projectLabel(checklist.project)}</span>
            <ChecklistStateBadge state={checklist.state} />
          </span>
        }
        actions={actions}
      />
      <dl className={`facts ${styles.facts}`}>
        {checklist.account && <Fact term="Account">{checklist.account.name}</Fact>}
        <Fact term="Due date">
          <DueDate checklist={checklist} today={today} />
        </Fact>
        <Fact term="Progress">
          <ChecklistProgress checklist={checklist} />
        </Fact>
        <Fact term="Assigned to">{personLabel(checklist.assignee)}</Fact>
        <Fact term="Last change">
          {formatDateTime(checklist.updated_at)} by {checklist.updated_by.name}
        </Fact>
      </dl>
      <Notice
        checklist={checklist}
        editable={editable}
        mayEdit={permissions.includes(CHECKLIST_FLAGS.edit)}
      />
      <ol className={styles.items} aria-label="Items">
        {checklist.items.map((item, index) => (
          <ChecklistItemCard
            key={item.id}
            checklistId={checklist.id}
            number={index + 1}
            item={item}
            editable={editable}
            highlight={
              !highlight || !open
                ? null
                : item.answer === null
                  ? 'unanswered'
                  : item.answer === 'no' && item.comment.trim() === ''
                    ? 'unexplained'
                    : null
            }
          />
        ))}
      </ol>
      <ConfirmDialog
        open={step === 'incomplete'}
        title="The checklist is not complete yet"
        confirmLabel="Show the first one"
        onConfirm={showFirstBlocked}
        onCancel={() => setStep(null)}
      >
        {blockers.messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </ConfirmDialog>
      <SubmitDialog
        checklist={checklist}
        open={step === 'submit'}
        onClose={() => setStep(null)}
        onDone={focusNotice}
      />
      <DeclineDialog
        checklist={checklist}
        open={step === 'decline'}
        onClose={() => setStep(null)}
        onDone={focusNotice}
      />
      <CancelDialog
        checklist={checklist}
        open={step === 'cancel'}
        onClose={() => setStep(null)}
        onDone={focusNotice}
      />
    </section>
  );
}

/** Why the page is read-only, or the decline reason. */
function Notice({
  checklist,
  editable,
  mayEdit,
}: {
  checklist: ChecklistDetail;
  editable: boolean;
  mayEdit: boolean;
}) {
  if (checklist.state === 'declined')
    return (
      <div id="checklist-notice" data-final className={styles.notice} role="note">
        <p>{CHECKLIST_RULES.final(checklist.state)}</p>
        <p>
          <strong>Reason for declining:</strong> {checklist.decline_reason}
        </p>
      </div>
    );
  if (!isChecklistOpen(checklist.state))
    return (
      <p id="checklist-notice" data-final className={styles.notice} role="note">
        {CHECKLIST_RULES.final(checklist.state)}
      </p>
    );
  if (!editable && !mayEdit)
    return (
      <p className={styles.notice} role="note">
        You can read this checklist; filling it in is closed for you.
      </p>
    );
  return (
    <p className="muted">
      Answers, comments and files are saved as you go. A “No” needs a comment before the checklist
      can be submitted.
    </p>
  );
}

interface DialogProps {
  checklist: ChecklistDetail;
  open: boolean;
  onClose: () => void;
  /** After the step has succeeded and the dialog has closed. */
  onDone: () => void;
}

/**
 * A step on the checklist that needs only a confirmation (submit, cancel): the call, its success
 * message, and the server's refusal kept in the dialog for another try.
 */
function StepDialog({
  open,
  onClose,
  onDone,
  run,
  busy,
  success,
  children,
  ...dialog
}: Omit<DialogProps, 'checklist'> & {
  run: () => Promise<unknown>;
  busy: boolean;
  success: string;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  children: ReactNode;
}) {
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    try {
      await run();
    } catch (error) {
      setRefusal(refusalMessages(error));
      return;
    }
    notify.success(success);
    close();
    onDone();
  };
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {children}
      <Refusal messages={refusal} />
    </ConfirmDialog>
  );
}

function SubmitDialog({ checklist, ...props }: DialogProps) {
  const [submit, submitting] = useSubmitChecklistMutation();
  return (
    <StepDialog
      {...props}
      run={() => submit({ checklistId: checklist.id }).unwrap()}
      busy={submitting.isLoading}
      success={CHECKLIST_MESSAGES.submitted}
      title="Submit this checklist?"
      confirmLabel="Submit checklist"
      busyLabel="Submitting…"
    >
      <p>
        {checklist.template_name} for {checklist.project.name}, {checklist.items_count} items
        answered. Once submitted it can no longer be changed.
      </p>
    </StepDialog>
  );
}

function CancelDialog({ checklist, ...props }: DialogProps) {
  const [cancel, canceling] = useCancelChecklistMutation();
  return (
    <StepDialog
      {...props}
      run={() => cancel({ checklistId: checklist.id }).unwrap()}
      busy={canceling.isLoading}
      success={CHECKLIST_MESSAGES.canceled}
      title="Cancel this checklist?"
      confirmLabel="Cancel checklist"
      cancelLabel="Keep it"
      busyLabel="Canceling…"
      destructive
    >
      <p>
        {checklist.template_name} for {checklist.project.name} is withdrawn: nobody can fill it in
        any more, and it cannot be reopened.
      </p>
    </StepDialog>
  );
}

const declineSchema = z.object({
  reason: requiredText(CHECKLIST_RULES.reasonRequired).max(
    CHECKLIST_LIMITS.reason,
    CHECKLIST_RULES.reasonTooLong,
  ),
});

function DeclineDialog({ checklist, open, onClose, onDone }: DialogProps) {
  const [decline, declining] = useDeclineChecklistMutation();
  const form = useZodForm(declineSchema, { defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const send = async ({ reason }: z.output<typeof declineSchema>) => {
    try {
      await decline({ checklistId: checklist.id, reason }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['reason'] });
      return;
    }
    notify.success(CHECKLIST_MESSAGES.declined);
    close();
    onDone();
  };
  return (
    <FormProvider {...form}>
      <ConfirmDialog
        form
        open={open}
        title="Decline this checklist?"
        confirmLabel="Decline checklist"
        busyLabel="Declining…"
        destructive
        busy={declining.isLoading}
        onConfirm={() => void form.handleSubmit(send, focusFirstError(form.setFocus))()}
        onCancel={close}
      >
        <FormAlert />
        <p>
          Say why {checklist.template_name} does not apply to {checklist.project.name}; the reason
          stays with the checklist. A declined checklist cannot be reopened.
        </p>
        <Field name="reason" label="Reason" maxLength={CHECKLIST_LIMITS.reason}>
          <textarea rows={3} {...form.register('reason')} />
        </Field>
      </ConfirmDialog>
    </FormProvider>
  );
}
