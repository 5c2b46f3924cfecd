import type { FormHTMLAttributes, ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  useFormState,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  type UseFormSetFocus,
} from 'react-hook-form';
import styles from './Form.module.css';

type FormElementProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>;

/**
 * A react-hook-form form (made with `useZodForm`): `FormProvider`, a `<form noValidate>` whose
 * submit runs the schema first and, when it fails, focuses the first field in error, and the
 * form-level alert (`errors.root.server`, set by `applyDrfErrors`) at its top. `onSubmit` gets
 * the parsed values; put `alert={false}` and a `<FormAlert />` elsewhere to move the alert.
 */
export function Form<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  form,
  onSubmit,
  alert = true,
  children,
  ...props
}: FormElementProps & {
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  onSubmit: SubmitHandler<TTransformedValues>;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        {...props}
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(onSubmit, focusFirstError(form.setFocus))(event)
        }
      >
        {alert && <FormAlert />}
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The messages about the whole form (`errors.root.server`), announced when they appear; nothing
 * while there are none. Needs a `FormProvider` (`Form` gives one).
 */
export function FormAlert({ className }: { className?: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <div className={className ? `${styles.alert} ${className}` : styles.alert} role="alert">
      {message.split('\n').map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}

/**
 * The `onInvalid` of `handleSubmit` that focuses the first field in error; `Form` uses it, and a
 * form that is not a `Form` (inside a `ConfirmDialog form`) passes it itself.
 */
export function focusFirstError<TFieldValues extends FieldValues>(
  setFocus: UseFormSetFocus<TFieldValues>,
): SubmitErrorHandler<TFieldValues> {
  return (errors) => {
    // The resolver lists errors in the schema's order, which is the form's.
    const first = Object.keys(errors).find((name) => name !== 'root');
    if (first) setFocus(first as Path<TFieldValues>);
  };
}
