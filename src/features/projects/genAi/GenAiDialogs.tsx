import { Controller, useWatch } from 'react-hook-form';
import { AttachedFiles } from '../files/AttachedFiles';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  GEN_AI_CONSENT_LABELS,
  GEN_AI_CONSENT_NEEDED,
  GEN_AI_CONSENTS,
  GEN_AI_DATA_CLASS_LABELS,
  GEN_AI_DATA_CLASSES,
  GEN_AI_LIMITS,
  GEN_AI_UPLOAD,
  approvalWaitsFor,
  type GenAiApproval,
} from '../../../api/contract/genAi';
import { notify } from '../../../shared/lib/toasts';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import {
  useDecideGenAiMutation,
  useDeleteGenAiConsentFileMutation,
  useGetGenAiApprovalsQuery,
  useRecordGenAiUseMutation,
  useRequestGenAiMutation,
  useUploadGenAiConsentFilesMutation,
} from './api';
import styles from './genAi.module.css';
import { Fields, WarningNote, layoutClass } from '../../../shared/ui/Layout';

export const GEN_AI_TOASTS = {
  requested: 'The request has been sent for a decision.',
  approved: 'The request has been approved.',
  rejected: 'The request has been rejected.',
  recorded: 'The tool has been recorded as in use.',
  stopped: 'The tool is no longer recorded as in use.',
  fileAdded: 'The consent file has been attached.',
  filesAdded: 'The consent files have been attached.',
  fileRemoved: 'The consent file has been removed.',
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;
const limited = (message: string, what: string, max: number) =>
  requiredText(message).pipe(z.string().max(max, tooLong(what, max)));

const requestSchema = z
  .object({
    // In the order the dialog shows them: a wrong submit focuses the first in error.
    tool: limited('Name the tool.', 'tool', GEN_AI_LIMITS.tool),
    purpose: limited('Say what the tool is used for.', 'purpose', GEN_AI_LIMITS.purpose),
    data_classification: z.enum(GEN_AI_DATA_CLASSES),
    client_consent: z.enum(GEN_AI_CONSENTS),
    consent_evidence: z
      .string()
      .max(GEN_AI_LIMITS.consent_evidence, tooLong('evidence', GEN_AI_LIMITS.consent_evidence)),
  })
  .superRefine((values, context) => {
    if (values.client_consent === 'yes' && values.consent_evidence.trim() === '')
      context.addIssue({
        code: 'custom',
        path: ['consent_evidence'],
        message: 'Give the evidence of the client’s consent: who agreed, when and how.',
      });
  });
type RequestValues = z.input<typeof requestSchema>;
const REQUEST_FIELDS = [
  'tool',
  'purpose',
  'data_classification',
  'client_consent',
  'consent_evidence',
] as const;

/** A request to use a tool: tool, purpose, data classification, the client's consent. */
export function RequestDialog({
  projectId,
  tool = '',
  onClose,
  onCreated,
}: {
  projectId: number;
  /** A tool in use the request is for, filled in. */
  tool?: string;
  onClose: () => void;
  /** The request as the server stored it (before the dialog closes). */
  onCreated?: (approval: GenAiApproval) => void;
}) {
  const form = useZodForm(requestSchema, {
    defaultValues: {
      tool,
      purpose: '',
      data_classification: 'internal',
      client_consent: 'pending',
      consent_evidence: '',
    },
  });
  const [requestGenAi, { isLoading }] = useRequestGenAiMutation();
  const [dataClass, consent] = useWatch({
    control: form.control,
    name: ['data_classification', 'client_consent'],
  });

  const save = async (values: z.output<typeof requestSchema>) => {
    let created: GenAiApproval;
    try {
      created = await requestGenAi({
        projectId,
        request: {
          tool: values.tool.trim(),
          purpose: values.purpose.trim(),
          data_classification: values.data_classification,
          client_consent: values.client_consent,
          consent_evidence: values.consent_evidence.trim(),
        },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: REQUEST_FIELDS });
      return false;
    }
    notify.success(GEN_AI_TOASTS.requested);
    onCreated?.(created);
    return true;
  };

  return (
    <FormDialog
      form={form}
      wide
      onClose={onClose}
      title="Request a Gen AI tool"
      description="Whoever keeps the tools register approves it with conditions and an expiry, or rejects it."
      busy={isLoading}
      onSubmit={save}
      submitLabel="Send request"
      busyLabel="Sending…"
    >
      <Fields>
        <Field<RequestValues> name="tool" label="Tool" maxLength={GEN_AI_LIMITS.tool}>
          <input type="text" autoComplete="off" {...form.register('tool')} />
        </Field>
        <Field<RequestValues> name="purpose" label="Purpose" maxLength={GEN_AI_LIMITS.purpose}>
          <textarea rows={3} {...form.register('purpose')} />
        </Field>
        <Field<RequestValues>
          name="data_classification"
          label="Data classification"
          hint="The most sensitive data the tool would see."
        >
          <select {...form.register('data_classification')}>
            {GEN_AI_DATA_CLASSES.map((value) => (
              <option key={value} value={value}>
                {GEN_AI_DATA_CLASS_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field<RequestValues>
          name="client_consent"
          label="Client consent"
          hint={
            GEN_AI_CONSENT_NEEDED.includes(dataClass) && consent !== 'yes'
              ? 'This classification is approved only once the client has consented.'
              : undefined
          }
        >
          <select {...form.register('client_consent')}>
            {GEN_AI_CONSENTS.map((value) => (
              <option key={value} value={value}>
                {GEN_AI_CONSENT_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field<RequestValues>
          name="consent_evidence"
          label={
            consent === 'yes' ? (
              'Evidence of the consent'
            ) : (
              <>
                Evidence of the consent <span className="muted">(optional)</span>
              </>
            )
          }
          hint={
            consent === 'yes'
              ? 'Who agreed, when and how. Once sent, attach the client’s email or signed form.'
              : 'Who agreed, when and how: a mail, minutes, a clause of the SOW.'
          }
          maxLength={GEN_AI_LIMITS.consent_evidence}
        >
          <textarea rows={2} {...form.register('consent_evidence')} />
        </Field>
      </Fields>
    </FormDialog>
  );
}

const decisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    conditions: z
      .string()
      .max(GEN_AI_LIMITS.conditions, tooLong('conditions', GEN_AI_LIMITS.conditions)),
    expires_on: dateSchema(),
    reason: z.string().max(GEN_AI_LIMITS.reason, tooLong('reason', GEN_AI_LIMITS.reason)),
  })
  .superRefine((values, context) => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.decision === 'approve') {
      if (values.conditions.trim() === '')
        missing('conditions', 'Say on which conditions the tool may be used.');
      if (values.expires_on === '') missing('expires_on', 'Choose the last day of the approval.');
    } else if (values.reason.trim() === '') missing('reason', 'Say why the request is rejected.');
  });
type DecisionValues = z.input<typeof decisionSchema>;
const DECISION_FIELDS = ['decision', 'conditions', 'expires_on', 'reason'] as const;

/** The decision on a pending request: approve with conditions and an expiry, or reject. */
export function DecisionDialog({
  projectId,
  approval,
  onClose,
}: {
  projectId: number;
  approval: GenAiApproval;
  onClose: () => void;
}) {
  const form = useZodForm(decisionSchema, {
    defaultValues: { decision: 'approve', conditions: '', expires_on: '', reason: '' },
  });
  const [decide, { isLoading }] = useDecideGenAiMutation();
  const decision = useWatch({ control: form.control, name: 'decision' });
  const waitsFor = approvalWaitsFor(approval);

  const save = async (values: z.output<typeof decisionSchema>) => {
    try {
      await decide({
        projectId,
        approvalId: approval.id,
        decision:
          values.decision === 'approve'
            ? {
                decision: 'approve',
                conditions: values.conditions.trim(),
                expires_on: values.expires_on,
              }
            : { decision: 'reject', reason: values.reason.trim() },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: DECISION_FIELDS });
      return false;
    }
    notify.success(values.decision === 'approve' ? GEN_AI_TOASTS.approved : GEN_AI_TOASTS.rejected);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Decide on “${approval.tool}”`}
      description={`${GEN_AI_DATA_CLASS_LABELS[approval.data_classification]} data, client consent ${GEN_AI_CONSENT_LABELS[approval.client_consent].toLowerCase()}.`}
      busy={isLoading}
      onSubmit={save}
      submitLabel={decision === 'approve' ? 'Approve' : 'Reject'}
      destructive={decision === 'reject'}
    >
      <Fields>
        <p className={styles.purpose}>{approval.purpose}</p>
        <fieldset className={layoutClass.choiceGroup}>
          <legend>Decision</legend>
          <label>
            <input type="radio" value="approve" {...form.register('decision')} /> Approve
          </label>
          <label>
            <input type="radio" value="reject" {...form.register('decision')} /> Reject
          </label>
        </fieldset>
        {decision === 'approve' && waitsFor && (
          <WarningNote>
            <strong>Approval waits for the client’s consent.</strong> {waitsFor}
          </WarningNote>
        )}
        {decision === 'approve' ? (
          <>
            <Field<DecisionValues>
              name="conditions"
              label="Conditions"
              maxLength={GEN_AI_LIMITS.conditions}
            >
              <textarea rows={3} {...form.register('conditions')} />
            </Field>
            <Controller
              control={form.control}
              name="expires_on"
              render={({ field }) => (
                <Field<DecisionValues>
                  name="expires_on"
                  label="Valid until"
                  hint="The last day the approval holds."
                >
                  {(control) => <DateField {...control} {...field} />}
                </Field>
              )}
            />
          </>
        ) : (
          <Field<DecisionValues> name="reason" label="Reason" maxLength={GEN_AI_LIMITS.reason}>
            <textarea rows={3} {...form.register('reason')} />
          </Field>
        )}
      </Fields>
    </FormDialog>
  );
}

/**
 * The client's consent of a request and its evidence files (the email or the signed form, spec §5
 * general attachments): download links, removal asked first and the upload field, while the
 * request is pending. Reads the request from the list, so that an upload shows at once.
 */
export function ConsentFilesDialog({
  projectId,
  approvalId,
  onClose,
}: {
  projectId: number;
  approvalId: number;
  onClose: () => void;
}) {
  const { approval } = useGetGenAiApprovalsQuery(projectId, {
    selectFromResult: ({ data }) => ({ approval: data?.find((row) => row.id === approvalId) }),
  });
  const [upload, uploading] = useUploadGenAiConsentFilesMutation();
  const [remove, removing] = useDeleteGenAiConsentFileMutation();
  const waitsFor = approval ? approvalWaitsFor(approval) : null;
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      busy={uploading.isLoading || removing.isLoading}
      title={approval ? `Client consent for “${approval.tool}”` : 'Client consent'}
      description="The client’s email or signed form with the consent, kept with the request for its decision."
      actions={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {approval && (
        <Fields>
          <dl className={styles.consent}>
            <div>
              <dt>Data classification</dt>
              <dd>{GEN_AI_DATA_CLASS_LABELS[approval.data_classification]}</dd>
            </div>
            <div>
              <dt>Client consent</dt>
              <dd>
                {GEN_AI_CONSENT_LABELS[approval.client_consent]}
                {approval.consent_evidence && `: ${approval.consent_evidence}`}
              </dd>
            </div>
          </dl>
          {waitsFor && (
            <WarningNote>
              <strong>Approval waits for the client’s consent.</strong> {waitsFor}
            </WarningNote>
          )}
          <AttachedFiles
            title="Consent files"
            listLabel={`Consent files of ${approval.tool}`}
            empty="No consent file yet."
            uploadLabel="Attach the client’s email or signed form"
            files={approval.consent_files}
            rule={GEN_AI_UPLOAD}
            uploading={uploading.isLoading}
            onUpload={async (chosen) => {
              await upload({ projectId, approvalId, files: chosen }).unwrap();
              notify.success(
                chosen.length === 1 ? GEN_AI_TOASTS.fileAdded : GEN_AI_TOASTS.filesAdded,
              );
            }}
            removing={removing.isLoading}
            onRemove={async (file) => {
              await remove({ projectId, approvalId, fileId: file.id }).unwrap();
              notify.success(GEN_AI_TOASTS.fileRemoved);
            }}
            removeText="The file is removed from the request for good; the card’s History keeps a note of it."
          />
        </Fields>
      )}
    </Dialog>
  );
}

const useSchema = z.object({
  tool: limited('Name the tool.', 'tool', GEN_AI_LIMITS.tool),
  since: dateSchema({ required: 'Choose since when the project uses it.' }),
});
type UseValues = z.input<typeof useSchema>;

/** Records that the project uses a tool since a day. */
export function UseDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const form = useZodForm(useSchema, { defaultValues: { tool: '', since: '' } });
  const [record, { isLoading }] = useRecordGenAiUseMutation();

  const save = async (values: z.output<typeof useSchema>) => {
    try {
      await record({ projectId, use: { tool: values.tool.trim(), since: values.since } }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['tool', 'since'] });
      return false;
    }
    notify.success(GEN_AI_TOASTS.recorded);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Record a tool in use"
      description="A tool in use without a valid approval is flagged on the Overview."
      busy={isLoading}
      onSubmit={save}
      submitLabel="Record tool"
    >
      <Fields>
        <Field<UseValues> name="tool" label="Tool" maxLength={GEN_AI_LIMITS.tool}>
          <input type="text" autoComplete="off" {...form.register('tool')} />
        </Field>
        <Controller
          control={form.control}
          name="since"
          render={({ field }) => (
            <Field<UseValues> name="since" label="In use since">
              {(control) => <DateField {...control} {...field} />}
            </Field>
          )}
        />
      </Fields>
    </FormDialog>
  );
}
