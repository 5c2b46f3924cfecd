import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from '../../shared/ui/form/zod';
import type { AccountDetail } from '../../api/contract/accounts';
import type { PersonRef } from '../../api/contract/actionRequests';
import { personLabel } from '../../api/contract/display';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { notify } from '../../shared/lib/toasts';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ControlFocus, Field } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { PersonPicker } from '../../shared/ui/PersonPicker';
import { useSearchUsersQuery } from '../checks/api';
import { useAddExtraAssistantMutation, useRemoveExtraAssistantMutation } from './api';
import { Panel } from './parts';
import styles from './accounts.module.css';

/** Spec §6, in the words the page shows. */
export const EXTRA_ASSISTANTS_NOTE =
  'Extra account assistants have permissions on this platform only.';

/**
 * The account's extra assistants: the platform's own, unlike the CRM's delivery owner and owner
 * assistant. With `canEdit` (CAN_EDIT_PROJECT_CARD) a person is added through the people search
 * and removed after a confirmation; without it the list is all there is.
 */
export function ExtraAssistants({
  account,
  canEdit,
}: {
  account: AccountDetail;
  canEdit: boolean;
}) {
  const [pending, setPending] = useState<PersonRef | null>(null);
  const [remove, { isLoading: removing }] = useRemoveExtraAssistantMutation();
  const people = account.extra_assistants;

  const confirmRemove = async () => {
    if (!pending) return;
    try {
      await remove({ accountId: account.id, userId: pending.id }).unwrap();
      notify.success(`${personLabel(pending)} is no longer an extra account assistant.`);
      setPending(null);
    } catch {
      // The error toast says why; the dialog stays for another try.
    }
  };

  return (
    <Panel id="extra-assistants-title" title="Extra account assistants">
      <p className={styles.note}>{EXTRA_ASSISTANTS_NOTE}</p>
      {people.length === 0 ? (
        <p className="muted">No extra account assistants.</p>
      ) : (
        <ul className={styles.list} aria-label="Extra account assistants">
          {people.map((person) => (
            <li key={person.id} className={styles.listRow}>
              <span>{personLabel(person)}</span>
              {canEdit && (
                <Button
                  size="sm"
                  aria-label={`Remove ${personLabel(person)}`}
                  onClick={() => setPending(person)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && <AddAssistant account={account} />}
      <ConfirmDialog
        open={pending !== null}
        title="Remove this extra account assistant?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        destructive
        busy={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending ? personLabel(pending) : ''} loses the permissions this account gives on the
          platform.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

const addSchema = z.object({
  person: z
    .custom<PersonRef | null>()
    .pipe(z.custom<PersonRef>((person) => person !== null, 'Choose the person to add.')),
});

function AddAssistant({ account }: { account: AccountDetail }) {
  const form = useZodForm(addSchema, { defaultValues: { person: null } });
  const [add] = useAddExtraAssistantMutation();
  // A new key empties the search box after a success.
  const [round, setRound] = useState(0);
  const { dialog } = useUnsavedChangesGuard(form.formState.isDirty, {
    text: 'The person you chose is not added yet.',
  });
  const exclude = [
    ...account.extra_assistants.map((person) => person.id),
    ...(account.delivery_owner ? [account.delivery_owner.id] : []),
    ...(account.owner_assistant ? [account.owner_assistant.id] : []),
  ];

  const save = async ({ person }: z.output<typeof addSchema>) => {
    try {
      await add({ accountId: account.id, user_id: person.id }).unwrap();
      notify.success(`${personLabel(person)} is now an extra account assistant.`);
      form.reset({ person: null });
      setRound((value) => value + 1);
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['person'],
        rename: { user_id: 'person' },
        toastShowsRest: true,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      className={styles.addForm}
      aria-label="Add an extra account assistant"
    >
      <Controller
        control={form.control}
        name="person"
        render={({ field }) => (
          <Field name="person">
            {(props) => (
              <ControlFocus fieldRef={field.ref}>
                <PersonPicker
                  key={round}
                  id={props.id}
                  label="Add an extra assistant"
                  person={field.value}
                  exclude={exclude}
                  onChange={field.onChange}
                  useSearch={useSearchUsersQuery}
                  placeholder="Type a name or a login"
                  describedBy={props['aria-describedby']}
                  invalid={Boolean(props['aria-invalid'])}
                />
              </ControlFocus>
            )}
          </Field>
        )}
      />
      <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Adding…">
        Add assistant
      </Button>
      {dialog}
    </Form>
  );
}
