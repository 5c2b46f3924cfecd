import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  AGREEMENT_CURRENCIES,
  AGREEMENT_LIMITS,
  AGREEMENT_MAX_VALUE,
  AGREEMENT_RULES,
  AGREEMENT_STATE_LABELS,
  AGREEMENT_STATES,
  AGREEMENT_TYPE_LABELS,
  AGREEMENT_TYPES,
  AGREEMENT_UPLOAD,
  type Agreement,
  type NewAgreement,
} from '../../../api/contract/agreements';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import {
  useAddAgreementMutation,
  useDeleteAgreementDocumentMutation,
  useGetAgreementsQuery,
  useUpdateAgreementMutation,
  useUploadAgreementDocumentsMutation,
} from './api';
import { AttachedFiles } from '../files/AttachedFiles';
import styles from './agreements.module.css';

export const AGREEMENT_MESSAGES = {
  added: 'The agreement has been added. You can attach its documents now.',
  saved: 'The agreement has been saved.',
  deleted: 'The agreement has been deleted.',
  documentAdded: 'The document has been attached.',
  documentsAdded: 'The documents have been attached.',
  documentRemoved: 'The document has been removed.',
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

const agreementSchema = z
  .object({
    // In the order the dialog shows them: a wrong submit focuses the first in error.
    type: z.enum(AGREEMENT_TYPES),
    reference: requiredText('Give the agreement’s reference.').pipe(
      z.string().max(AGREEMENT_LIMITS.reference, tooLong('reference', AGREEMENT_LIMITS.reference)),
    ),
    parties: requiredText('Name the parties to the agreement.').pipe(
      z.string().max(AGREEMENT_LIMITS.parties, tooLong('parties', AGREEMENT_LIMITS.parties)),
    ),
    start: dateSchema({ required: 'Choose the start date.' }),
    end: dateSchema({ required: 'Choose the end date.' }),
    value: z.string().refine((text) => {
      const number = Number(text);
      return (
        text.trim() !== '' &&
        Number.isFinite(number) &&
        number >= 0 &&
        number <= AGREEMENT_MAX_VALUE &&
        /^\d+(\.\d{1,2})?$/.test(text.trim())
      );
    }, `${AGREEMENT_RULES.valueRange} Use at most two decimals.`),
    currency: z.enum(AGREEMENT_CURRENCIES),
    state: z.enum(AGREEMENT_STATES),
  })
  .superRefine((values, context) => {
    if (values.start && values.end && values.end <= values.start)
      context.addIssue({ code: 'custom', path: ['end'], message: AGREEMENT_RULES.endAfterStart });
  });
type AgreementValues = z.input<typeof agreementSchema>;
const FIELDS = [
  'type',
  'reference',
  'parties',
  'start',
  'end',
  'value',
  'currency',
  'state',
] as const;
const RENAME = { start_date: 'start', end_date: 'end' } as const;

const valuesOf = (agreement: Agreement | null): AgreementValues => ({
  type: agreement?.type ?? 'contract',
  reference: agreement?.reference ?? '',
  parties: agreement?.parties ?? '',
  start: agreement?.start_date ?? '',
  end: agreement?.end_date ?? '',
  value: agreement ? String(agreement.value) : '',
  currency: agreement?.currency ?? 'EUR',
  state: agreement?.state ?? 'draft',
});

/**
 * Adds or changes an agreement: type, reference, parties, start and end dates, value with its
 * currency, and state. Once the agreement exists the dialog holds its documents too (spec §5
 * general attachments): an added agreement stays open to attach them. A refused call leaves the
 * dialog as it is: field messages on their fields, the rest above them, what was typed kept.
 */
export function AgreementDialog({
  projectId,
  agreement,
  onClose,
}: {
  projectId: number;
  /** The agreement to change; null to add one. */
  agreement: Agreement | null;
  onClose: () => void;
}) {
  // The agreement once it exists: the one changed, or the one this dialog added.
  const [saved, setSaved] = useState(agreement);
  const savedId = saved?.id ?? null;
  // The list's fresh copy, so that documents attached here show at once.
  const { current } = useGetAgreementsQuery(projectId, {
    selectFromResult: ({ data }) => ({
      current: data?.find((candidate) => candidate.id === savedId) ?? null,
    }),
  });
  const shown = current ?? saved;
  const form = useZodForm(agreementSchema, { defaultValues: valuesOf(agreement) });
  const [addAgreement, adding] = useAddAgreementMutation();
  const [updateAgreement, updating] = useUpdateAgreementMutation();
  const busy = adding.isLoading || updating.isLoading;

  const save = async (values: z.output<typeof agreementSchema>) => {
    const fields: NewAgreement = {
      type: values.type,
      reference: values.reference.trim(),
      parties: values.parties.trim(),
      start_date: values.start,
      end_date: values.end,
      value: Number(values.value),
      currency: values.currency,
      state: values.state,
    };
    let answer: Agreement;
    try {
      answer =
        savedId === null
          ? await addAgreement({ projectId, agreement: fields }).unwrap()
          : await updateAgreement({ projectId, agreementId: savedId, patch: fields }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, rename: RENAME });
      return false;
    }
    if (savedId === null) {
      // Stays open on the new agreement, for its documents.
      form.reset(valuesOf(answer));
      setSaved(answer);
      notify.success(AGREEMENT_MESSAGES.added);
      return false;
    }
    notify.success(AGREEMENT_MESSAGES.saved);
    return true;
  };

  const title = shown ? `Change “${shown.reference}”` : 'Add an agreement';
  return (
    <FormDialog
      form={form}
      wide
      onClose={onClose}
      title={title}
      busy={busy}
      onSubmit={save}
      submitLabel={savedId === null ? 'Add agreement' : 'Save agreement'}
      cancelLabel={savedId !== null && !form.formState.isDirty ? 'Done' : 'Cancel'}
    >
      <div className={styles.fields}>
        <Field<AgreementValues> name="type" label="Type">
          <select {...form.register('type')}>
            {AGREEMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {AGREEMENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field<AgreementValues>
          name="reference"
          label="Reference"
          maxLength={AGREEMENT_LIMITS.reference}
        >
          <input type="text" autoComplete="off" {...form.register('reference')} />
        </Field>
        <Field<AgreementValues>
          name="parties"
          label="Parties"
          maxLength={AGREEMENT_LIMITS.parties}
          className={styles.wide}
        >
          <input type="text" autoComplete="off" {...form.register('parties')} />
        </Field>
        <Controller
          control={form.control}
          name="start"
          render={({ field }) => (
            <Field<AgreementValues> name="start" label="Start date">
              {(control) => <DateField {...control} {...field} />}
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="end"
          render={({ field }) => (
            <Field<AgreementValues> name="end" label="End date">
              {(control) => <DateField {...control} {...field} />}
            </Field>
          )}
        />
        <Field<AgreementValues> name="value" label="Value">
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...form.register('value')}
          />
        </Field>
        <Field<AgreementValues> name="currency" label="Currency">
          <select {...form.register('currency')}>
            {AGREEMENT_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </Field>
        <Field<AgreementValues> name="state" label="State">
          <select {...form.register('state')}>
            {AGREEMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {AGREEMENT_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {shown ? (
        <AgreementDocuments projectId={projectId} agreement={shown} onChange={setSaved} />
      ) : (
        <p className="muted">Documents are attached once the agreement is added.</p>
      )}
    </FormDialog>
  );
}

/** The agreement's documents: download links, removal (asked first) and the upload field. */
function AgreementDocuments({
  projectId,
  agreement,
  onChange,
}: {
  projectId: number;
  agreement: Agreement;
  /** The agreement as an upload answered it. */
  onChange: (agreement: Agreement) => void;
}) {
  const [upload, uploading] = useUploadAgreementDocumentsMutation();
  const [remove, removing] = useDeleteAgreementDocumentMutation();
  const one = { projectId, agreementId: agreement.id };
  return (
    <AttachedFiles
      title="Documents"
      listLabel={`Documents of ${agreement.reference}`}
      empty="No documents yet."
      uploadLabel="Attach documents"
      files={agreement.documents}
      rule={AGREEMENT_UPLOAD}
      uploading={uploading.isLoading}
      onUpload={async (chosen) => {
        onChange(await upload({ ...one, files: chosen }).unwrap());
        notify.success(
          chosen.length === 1
            ? AGREEMENT_MESSAGES.documentAdded
            : AGREEMENT_MESSAGES.documentsAdded,
        );
      }}
      removing={removing.isLoading}
      onRemove={async (file) => {
        await remove({ ...one, fileId: file.id }).unwrap();
        notify.success(AGREEMENT_MESSAGES.documentRemoved);
      }}
      removeText="The document is removed from the agreement for good; the History keeps a note of it."
    />
  );
}
