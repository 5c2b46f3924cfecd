import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SIDES,
  CONTACT_SIDE_LABELS,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  type ProjectContact,
} from '../../../api/contract/projectContacts';
import { notify } from '../../../shared/lib/toasts';
import { Field } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useAddContactMutation, useUpdateContactMutation } from './api';

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

/** The contact form, keys in the order the dialog shows them. */
export const contactSchema = z.object({
  side: z.enum(CONTACT_SIDES),
  name: requiredText('Give the contact’s name.').max(
    CONTACT_LIMITS.name,
    tooLong('name', CONTACT_LIMITS.name),
  ),
  position: requiredText('Give the contact’s position.').max(
    CONTACT_LIMITS.position,
    tooLong('position', CONTACT_LIMITS.position),
  ),
  organisation: requiredText('Give the contact’s organisation.').max(
    CONTACT_LIMITS.organisation,
    tooLong('organisation', CONTACT_LIMITS.organisation),
  ),
  email: requiredText('Give the contact’s email address.')
    .max(CONTACT_LIMITS.email, tooLong('email address', CONTACT_LIMITS.email))
    .refine(
      (value) => value.trim() === '' || EMAIL_PATTERN.test(value.trim()),
      CONTACT_MESSAGES.invalidEmail,
    ),
  phone: z
    .string()
    .max(CONTACT_LIMITS.phone, tooLong('phone number', CONTACT_LIMITS.phone))
    .refine(
      (value) => value.trim() === '' || PHONE_PATTERN.test(value.trim()),
      CONTACT_MESSAGES.invalidPhone,
    ),
  notes: z.string().max(CONTACT_LIMITS.notes, tooLong('notes', CONTACT_LIMITS.notes)),
});
type Values = z.input<typeof contactSchema>;
const FIELDS = ['side', 'name', 'position', 'organisation', 'email', 'phone', 'notes'] as const;

/**
 * Adds a contact (`contact` null) or changes one. A failed call leaves the dialog as it is, with
 * the 400's messages on their fields and what was typed kept; closing with changes asks first.
 */
export function ContactDialog({
  projectId,
  contact,
  onClose,
}: {
  projectId: number;
  contact: ProjectContact | null;
  onClose: () => void;
}) {
  const form = useZodForm(contactSchema, {
    defaultValues: contact
      ? {
          side: contact.side,
          name: contact.name,
          position: contact.position,
          organisation: contact.organisation,
          email: contact.email,
          phone: contact.phone,
          notes: contact.notes,
        }
      : {
          side: 'client',
          name: '',
          position: '',
          organisation: '',
          email: '',
          phone: '',
          notes: '',
        },
  });
  const [addContact, adding] = useAddContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();
  const busy = adding.isLoading || updating.isLoading;

  const save = async (values: z.output<typeof contactSchema>) => {
    const body = {
      side: values.side,
      name: values.name.trim(),
      position: values.position.trim(),
      organisation: values.organisation.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      notes: values.notes.trim(),
    };
    try {
      if (contact) {
        await updateContact({ projectId, contactId: contact.id, ...body }).unwrap();
        notify.success(`The contact ${body.name} has been saved.`);
      } else {
        await addContact({ projectId, ...body }).unwrap();
        notify.success(`The contact ${body.name} has been added.`);
      }
      return true;
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, toastShowsRest: true });
      return false;
    }
  };

  return (
    <FormDialog
      form={form}
      wide
      onClose={onClose}
      discardWhat="for this contact"
      title={contact ? `Edit ${contact.name}` : 'Add a contact'}
      description="Whom to reach about the project, on the client’s side, a third party’s or ours."
      busy={busy}
      onSubmit={save}
      submitLabel={contact ? 'Save changes' : 'Add contact'}
    >
      <Field<Values> name="side" label="Side">
        <select {...form.register('side')}>
          {CONTACT_SIDES.map((side) => (
            <option key={side} value={side}>
              {CONTACT_SIDE_LABELS[side]}
            </option>
          ))}
        </select>
      </Field>
      <Field<Values> name="name" label="Name">
        <input type="text" autoComplete="off" {...form.register('name')} />
      </Field>
      <Field<Values> name="position" label="Position">
        <input type="text" autoComplete="off" {...form.register('position')} />
      </Field>
      <Field<Values> name="organisation" label="Organisation">
        <input type="text" autoComplete="off" {...form.register('organisation')} />
      </Field>
      <Field<Values> name="email" label="Email">
        <input type="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field<Values> name="phone" label="Phone" hint="Optional, for example +44 20 7946 0958.">
        <input type="tel" autoComplete="off" {...form.register('phone')} />
      </Field>
      <Field<Values> name="notes" label="Notes" hint="Optional." maxLength={CONTACT_LIMITS.notes}>
        <textarea rows={3} {...form.register('notes')} />
      </Field>
    </FormDialog>
  );
}
