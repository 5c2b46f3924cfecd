import { useState } from 'react';
import type { ActionItem, PersonRef, Risk } from '../../../api/contract/risks';
import { formatDate, personLabel } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import {
  useAddActionItemMutation,
  useDeleteActionItemMutation,
  useGetActionItemsQuery,
  useUpdateActionItemMutation,
} from '../api';
import {
  describedBy,
  FieldError,
  FormErrors,
  readServerErrors,
  type FieldErrors,
} from './formErrors';
import { PersonPicker } from './PersonPicker';
import { can } from './riskAccess';

export const ACTION_ITEM_MESSAGES = {
  added: 'The action item has been added.',
  saved: 'The action item has been saved.',
  deleted: 'The action item has been deleted.',
} as const;

const ITEM_FIELDS = ['title', 'owner_id', 'due_date', 'done'] as const;

/**
 * The risk's action plan: what is to be done, by whom, by when. With the action-plan flag the
 * user adds items, ticks them done, changes their owner and due date, and deletes them (asked
 * first); without it the plan is read-only.
 */
export function ActionItemsTab({ risk }: { risk: Risk }) {
  const { data: items, isLoading, isError, refetch } = useGetActionItemsQuery(risk.id);
  const [updateItem] = useUpdateActionItemMutation();
  const [deleteItem, deleting] = useDeleteActionItemMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const [doomed, setDoomed] = useState<ActionItem | null>(null);
  const editable = can(risk, 'action_items');

  if (isLoading) return <p className="risk-form-hint">Loading the action items…</p>;
  if (isError || !items)
    return (
      <p role="alert">
        The action items could not be loaded.{' '}
        <button type="button" className="link-button" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  const done = items.filter((item) => item.done).length;

  return (
    <div className="risk-action-items">
      <h2>Action plan</h2>
      <p className="risk-form-hint">
        {items.length === 0 ? 'No action items yet.' : `${done} of ${items.length} done.`}
        {!editable && ' Your role cannot change the action plan of this ' + risk.kind + '.'}
      </p>
      {items.length > 0 && (
        <div className="risk-table-scroll">
          <table className="risk-data-table">
            <thead>
              <tr>
                <th scope="col">Done</th>
                <th scope="col">Action</th>
                <th scope="col">Owner</th>
                <th scope="col">Due</th>
                {editable && (
                  <th scope="col">
                    <span className="visually-hidden">Changes</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((item) =>
                editing === item.id ? (
                  <tr key={item.id}>
                    <td colSpan={5}>
                      <ItemForm risk={risk} item={item} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={item.id} className={item.done ? 'risk-item-done' : undefined}>
                    <td>
                      {editable ? (
                        <input
                          type="checkbox"
                          checked={item.done}
                          aria-label={`Done: ${item.title}`}
                          onChange={(event) => {
                            const done = event.target.checked;
                            // Optimistic in the API: the box shows the tick at once, a failure
                            // puts it back and the error toast says why.
                            void updateItem({ riskId: risk.id, itemId: item.id, done })
                              .unwrap()
                              .then(() => notify.success(ACTION_ITEM_MESSAGES.saved))
                              .catch(() => undefined);
                          }}
                        />
                      ) : item.done ? (
                        'Done'
                      ) : (
                        'Open'
                      )}
                    </td>
                    <td>{item.title}</td>
                    <td>{personLabel(item.owner)}</td>
                    <td>{item.due_date ? formatDate(item.due_date) : '—'}</td>
                    {editable && (
                      <td className="risk-row-actions">
                        <button
                          type="button"
                          className="button"
                          onClick={() => setEditing(item.id)}
                        >
                          Edit<span className="visually-hidden"> {item.title}</span>
                        </button>
                        <button type="button" className="button" onClick={() => setDoomed(item)}>
                          Delete<span className="visually-hidden"> {item.title}</span>
                        </button>
                      </td>
                    )}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {editable && (
        <section aria-labelledby="risk-item-add-title" className="risk-subsection">
          <h3 id="risk-item-add-title">Add an action item</h3>
          <ItemForm risk={risk} item={null} onDone={() => undefined} />
        </section>
      )}
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this action item?"
        confirmLabel="Delete"
        destructive
        busy={deleting.isLoading}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          void deleteItem({ riskId: risk.id, itemId: doomed.id })
            .unwrap()
            .then(() => notify.success(ACTION_ITEM_MESSAGES.deleted))
            .catch(() => undefined)
            .finally(() => setDoomed(null));
        }}
      >
        <p>“{doomed?.title}” is removed from the action plan for good.</p>
      </ConfirmDialog>
    </div>
  );
}

/** Adds an item (`item` null) or changes one: title, owner, due date, done. */
function ItemForm({
  risk,
  item,
  onDone,
}: {
  risk: Risk;
  item: ActionItem | null;
  onDone: () => void;
}) {
  const prefix = item ? `risk-item-${item.id}` : 'risk-item-new';
  const [title, setTitle] = useState(item?.title ?? '');
  const [owner, setOwner] = useState<PersonRef | null>(item?.owner ?? risk.owner);
  const [due, setDue] = useState(item?.due_date ?? '');
  const [done, setDone] = useState(item?.done ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [addItem, adding] = useAddActionItemMutation();
  const [updateItem, updating] = useUpdateActionItemMutation();
  const busy = adding.isLoading || updating.isLoading;

  const submit = async () => {
    const found: FieldErrors = {};
    if (!title.trim()) found.title = ['Say what is to be done.'];
    if (!owner) found.owner_id = ['Choose who does it.'];
    setErrors(found);
    setFormErrors([]);
    if (!owner || Object.keys(found).length > 0) {
      document.getElementById(`${prefix}-${found.title ? 'title' : 'owner'}`)?.focus();
      return;
    }
    const body = { title: title.trim(), owner_id: owner.id, due_date: due || null };
    try {
      if (item) {
        await updateItem({ riskId: risk.id, itemId: item.id, ...body, done }).unwrap();
        notify.success(ACTION_ITEM_MESSAGES.saved);
      } else {
        await addItem({ riskId: risk.id, ...body }).unwrap();
        notify.success(ACTION_ITEM_MESSAGES.added);
        setTitle('');
        setDue('');
      }
      onDone();
    } catch (error) {
      const server = readServerErrors(error, ITEM_FIELDS);
      setErrors(server.fields);
      setFormErrors(server.form);
    }
  };

  return (
    <form
      className="risk-item-form"
      noValidate
      aria-label={item ? `Change “${item.title}”` : 'New action item'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <FormErrors messages={formErrors} />
      <div className="risk-form-field risk-item-title">
        <label htmlFor={`${prefix}-title`}>Action</label>
        <input
          id={`${prefix}-title`}
          type="text"
          value={title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(errors.title && `${prefix}-title-error`)}
          onChange={(event) => setTitle(event.target.value)}
        />
        <FieldError id={`${prefix}-title-error`} messages={errors.title} />
      </div>
      <div className="risk-form-field">
        <PersonPicker
          id={`${prefix}-owner`}
          label="Owner"
          person={owner}
          onChange={setOwner}
          invalid={Boolean(errors.owner_id)}
          describedBy={describedBy(errors.owner_id && `${prefix}-owner-error`)}
        />
        <FieldError id={`${prefix}-owner-error`} messages={errors.owner_id} />
      </div>
      <div className="risk-form-field">
        <label htmlFor={`${prefix}-due`}>Due date</label>
        <input
          id={`${prefix}-due`}
          type="date"
          value={due}
          aria-invalid={errors.due_date ? true : undefined}
          aria-describedby={describedBy(errors.due_date && `${prefix}-due-error`)}
          onChange={(event) => setDue(event.target.value)}
        />
        <FieldError id={`${prefix}-due-error`} messages={errors.due_date} />
      </div>
      {item && (
        <label className="risk-check">
          <input
            type="checkbox"
            checked={done}
            onChange={(event) => setDone(event.target.checked)}
          />{' '}
          Done
        </label>
      )}
      <div className="risk-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : item ? 'Save action item' : 'Add action item'}
        </button>
        {item && (
          <button type="button" className="button" onClick={onDone} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
