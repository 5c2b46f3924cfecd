import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { ActionItem, PersonRef, Risk } from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { useFocusAfterAction } from '../../../shared/lib/focus';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { Form, FormAlert } from '../../../shared/ui/form/Form';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import {
  useAddActionItemMutation,
  useDeleteActionItemMutation,
  useGetActionItemsQuery,
  useUpdateActionItemMutation,
} from '../api';
import { PersonField } from './PersonPicker';
import { ownerDueColumns } from '../ownerDueColumns';
import { can } from './riskAccess';
import styles from './riskForms.module.css';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import { DataTable, useTableSort, withActions, type Column } from '../../../shared/ui/DataTable';
import { RowButtons } from '../../../shared/ui/Layout';
import detailStyles from '../riskDetail.module.css';

export const ACTION_ITEM_MESSAGES = {
  added: 'The action item has been added.',
  saved: 'The action item has been saved.',
  deleted: 'The action item has been deleted.',
} as const;

const itemSchema = z.object({
  title: requiredText('Say what is to be done.'),
  owner: z.custom<PersonRef | null>().refine((owner) => owner !== null, 'Choose who does it.'),
  due: dateSchema(),
  done: z.boolean(),
});
type ItemValues = z.input<typeof itemSchema>;

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
  const sort = useTableSort(SORTED_COLUMNS);
  const [doomed, setDoomed] = useState<ActionItem | null>(null);
  const editable = can(risk, 'action_items');
  const focusAfter = useFocusAfterAction();
  // Added, changed or left as it was: the item's Edit button, once its row is back.
  const focusItem = (itemId: number) =>
    focusAfter(() =>
      document.querySelector<HTMLElement>(
        `.risk-action-items [data-action="edit"][data-item-id="${itemId}"]`,
      ),
    );

  const toggle = (item: ActionItem, done: boolean) =>
    // Optimistic in the API: the box shows the tick at once, a failure puts it back and the
    // error toast says why.
    void updateItem({ riskId: risk.id, itemId: item.id, done })
      .unwrap()
      .then(() => notify.success(ACTION_ITEM_MESSAGES.saved))
      .catch(() => undefined);
  const columns = withActions(
    itemColumns(editable ? toggle : null),
    editable &&
      ((item: ActionItem) => (
        <RowButtons>
          <Button
            size="sm"
            type="button"
            data-action="edit"
            data-item-id={item.id}
            onClick={() => setEditing(item.id)}
          >
            Edit<span className="visually-hidden"> {item.title}</span>
          </Button>
          <Button size="sm" type="button" onClick={() => setDoomed(item)}>
            Delete<span className="visually-hidden"> {item.title}</span>
          </Button>
        </RowButtons>
      )),
    'Changes',
  );

  if (isLoading) return <p className={detailStyles.riskFormHint}>Loading the action items…</p>;
  if (isError || !items)
    return (
      <LoadFailed title="The action items could not be loaded" onRetry={() => void refetch()} />
    );
  const done = items.filter((item) => item.done).length;

  return (
    <div className="risk-action-items">
      <h2>Action plan</h2>
      <p className={detailStyles.riskFormHint}>
        {items.length === 0 ? 'No action items yet.' : `${done} of ${items.length} done.`}
        {!editable && ' Your role cannot change the action plan of this ' + risk.kind + '.'}
      </p>
      {items.length > 0 && (
        <DataTable
          caption={`Action items of this ${risk.kind}`}
          columns={columns}
          rows={items}
          rowKey={(item) => item.id}
          rowClassName={(item) => (item.done ? detailStyles.riskItemDone : undefined)}
          rowEditor={(item) =>
            editing === item.id && (
              <ItemForm
                risk={risk}
                item={item}
                onDone={() => {
                  setEditing(null);
                  focusItem(item.id);
                }}
              />
            )
          }
          {...sort}
        />
      )}
      {editable && (
        <section aria-labelledby="risk-item-add-title" className={detailStyles.riskSubsection}>
          <h3 id="risk-item-add-title">Add an action item</h3>
          <ItemForm risk={risk} item={null} onDone={focusItem} />
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

/**
 * What the plan's table shows of an item, the action its row's header (the title of its card on
 * a phone); with `toggle` (the user may change the plan) Done is a box to tick.
 */
function itemColumns(toggle: ((item: ActionItem, done: boolean) => void) | null) {
  return [
    {
      id: 'done',
      header: 'Done',
      cell: (item) =>
        toggle ? (
          <input
            type="checkbox"
            checked={item.done}
            aria-label={`Done: ${item.title}`}
            onChange={(event) => toggle(item, event.target.checked)}
          />
        ) : item.done ? (
          'Done'
        ) : (
          'Open'
        ),
      sortValue: (item) => (item.done ? 1 : 0),
    },
    {
      id: 'action',
      header: 'Action',
      kind: 'long',
      rowHeader: true,
      cell: (item) => item.title,
      sortValue: (item) => item.title,
    },
    ...ownerDueColumns<ActionItem>(),
  ] satisfies Column<ActionItem>[];
}

/** The columns a sort may name (what `useTableSort` looks up: the same ids, either way). */
const SORTED_COLUMNS = itemColumns(null);

/** Adds an item (`item` null) or changes one: title, owner, due date, done. */
function ItemForm({
  risk,
  item,
  onDone,
}: {
  risk: Risk;
  item: ActionItem | null;
  /** After a save (with the item's id) or Cancel. */
  onDone: (itemId: number) => void;
}) {
  const form = useZodForm(itemSchema, {
    defaultValues: {
      title: item?.title ?? '',
      owner: item?.owner ?? risk.owner,
      due: item?.due_date ?? '',
      done: item?.done ?? false,
    },
  });
  const [addItem, adding] = useAddActionItemMutation();
  const [updateItem, updating] = useUpdateActionItemMutation();
  const busy = adding.isLoading || updating.isLoading;

  const submit = async (values: z.output<typeof itemSchema>) => {
    if (busy || !values.owner) return;
    const body = {
      title: values.title.trim(),
      owner_id: values.owner.id,
      due_date: values.due || null,
    };
    try {
      if (item) {
        await updateItem({ riskId: risk.id, itemId: item.id, ...body, done: values.done }).unwrap();
        notify.success(ACTION_ITEM_MESSAGES.saved);
        onDone(item.id);
      } else {
        const added = await addItem({ riskId: risk.id, ...body }).unwrap();
        notify.success(ACTION_ITEM_MESSAGES.added);
        form.reset({ ...values, title: '', due: '' });
        onDone(added.id);
      }
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['title', 'owner', 'due', 'done'],
        rename: { owner_id: 'owner', due_date: 'due' },
      });
    }
  };

  return (
    <Form
      form={form}
      alert={false}
      onSubmit={submit}
      className={detailStyles.riskItemForm}
      aria-label={item ? `Change “${item.title}”` : 'New action item'}
    >
      <FormAlert className={styles.wide} />
      <Field<ItemValues> name="title" label="Action">
        <input type="text" {...form.register('title')} />
      </Field>
      <PersonField<ItemValues> name="owner" label="Owner" />
      <Controller
        control={form.control}
        name="due"
        render={({ field }) => (
          <Field<ItemValues> name="due" label="Due date">
            {(control) => <DateField {...control} {...field} />}
          </Field>
        )}
      />
      {item && (
        <label className={detailStyles.riskCheck}>
          <input type="checkbox" {...form.register('done')} /> Done
        </label>
      )}
      <div className={detailStyles.riskFormActions}>
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? 'Saving…' : item ? 'Save action item' : 'Add action item'}
        </Button>
        {item && (
          <Button type="button" onClick={() => onDone(item.id)} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
