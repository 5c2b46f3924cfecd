import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { FormAlert, focusFirstError } from './Form';
import { useDiscardGuard } from './useDiscardGuard';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * A dialog that is one form (made with `useZodForm`): the form-level alert at the top of the body,
 * Cancel and the submit button in the footer, both disabled while the call is under way. A submit
 * runs the schema first and focuses the first field in error; `onSubmit` gets the parsed values and
 * resolves `true` once saved, which closes the dialog, or `false` (a refused call, its errors set
 * with `applyDrfErrors`) to keep it open with what was typed. Leaving the page with unsaved changes
 * asks first, and so does closing the dialog with changes (Cancel, Escape, the close button).
 */
export function FormDialog<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  form,
  title,
  description,
  submitLabel,
  busyLabel = 'Saving…',
  cancelLabel = 'Cancel',
  destructive = false,
  busy,
  onClose,
  onSubmit,
  wide,
  discardWhat = 'in this dialog',
  children,
}: {
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  /** 'Done' where what the dialog did is already saved. */
  cancelLabel?: string;
  /** The submit button in the danger colour: a rejection, a removal. */
  destructive?: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: TTransformedValues) => Promise<boolean>;
  wide?: boolean;
  /**
   * Closing with changes asks 'Discard the changes?' first; this ends its sentence ('What you
   * typed … is not saved'): 'for this contact'; 'in this dialog' unless given.
   */
  discardWhat?: string;
  children: ReactNode;
}) {
  const { isDirty } = form.formState;
  const { dialog, allowNavigation } = useUnsavedChangesGuard(isDirty);
  const { close, dialog: discardDialog } = useDiscardGuard(isDirty, onClose, discardWhat);
  const submit = form.handleSubmit(async (values) => {
    if (!(await onSubmit(values))) return;
    allowNavigation();
    onClose();
  }, focusFirstError(form.setFocus));

  return (
    <Dialog
      open
      onClose={close}
      title={title}
      description={description}
      busy={busy}
      wide={wide ?? false}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button type="button" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <FormAlert />
        {children}
      </FormProvider>
      {discardDialog}
      {dialog}
    </Dialog>
  );
}
