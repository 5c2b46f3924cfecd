import { useState, type ReactNode } from 'react';
import {
  FormProvider,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { notify } from '../../shared/lib/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FormAlert, focusFirstError } from '../../shared/ui/form/Form';
import { Button } from '../../shared/ui/Button';
import checkStyles from './checks.module.css';

/** What a check action's dialog sends: the call under way and its success toast's words. */
export interface Sending {
  call: { unwrap: () => Promise<unknown> };
  success: string;
}

/** A check action's words and state, as its button and its dialog show them. */
export interface ActionWords {
  /** The button that opens the dialog. */
  trigger: string;
  primary?: boolean;
  title: string;
  submitLabel: string;
  /** The submit button's words while the call is under way: 'Starting…'. */
  busyLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The mutation's own `isLoading`. */
  busy: boolean;
}

/**
 * One check action: its button and the form dialog it opens, on a form of the kit
 * (`useZodForm`). Confirming runs the schema (a wrong field says so and takes the focus), then
 * `send` with the parsed values. Success closes the dialog, resets the form (`onSent` for more)
 * and says so; a failure leaves the dialog as it is: a 400's field messages go on their fields
 * (`fields`), the rest is named by the base query's error toast, and what was typed stays for a
 * retry. Cancel and Escape close it and clear the errors.
 */
export function ActionDialog<TFieldValues extends FieldValues, TValues>({
  form,
  fields = [],
  trigger,
  primary = false,
  title,
  submitLabel,
  busyLabel,
  cancelLabel,
  destructive,
  busy,
  send,
  onSent,
  children,
}: ActionWords & {
  form: UseFormReturn<TFieldValues, unknown, TValues>;
  /** The form's fields, in order, that a 400 may name. */
  fields?: readonly FieldPath<TFieldValues>[];
  send: (values: TValues) => Sending;
  onSent?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const submit = async (values: TValues) => {
    const sending = send(values);
    try {
      await sending.call.unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields, toastShowsRest: true });
      return;
    }
    setOpen(false);
    form.reset();
    onSent?.();
    notify.success(sending.success);
  };
  return (
    <>
      <Button variant={primary ? 'primary' : 'secondary'} busy={busy} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <FormProvider {...form}>
        <ConfirmDialog
          form
          className={checkStyles.actionDialog}
          open={open}
          title={title}
          confirmLabel={submitLabel}
          busyLabel={busyLabel}
          cancelLabel={cancelLabel}
          destructive={destructive}
          busy={busy}
          onConfirm={() => void form.handleSubmit(submit, focusFirstError(form.setFocus))()}
          onCancel={() => {
            setOpen(false);
            form.clearErrors();
          }}
        >
          <FormAlert />
          {children}
        </ConfirmDialog>
      </FormProvider>
    </>
  );
}
