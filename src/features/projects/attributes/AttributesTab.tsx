import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { ProjectDetail } from '../../../api/contract/projects';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  attributeValueText,
  EDIT_ATTRIBUTES_FLAG,
  FILL_ATTRIBUTES_FLAG,
  VALIDATE_ATTRIBUTES_FLAG,
  type ProjectAttribute,
} from '../../../api/contract/projectAttributes';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DateField } from '../../../shared/ui/DateField';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Field } from '../../../shared/ui/form/Field';
import { Form } from '../../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { ButtonRow, Panel, Stack } from '../../../shared/ui/Layout';
import {
  useClearAttributeValidationMutation,
  useGetProjectAttributesQuery,
  usePatchProjectAttributesMutation,
  useValidateAttributeMutation,
} from './api';
import {
  attributesSchema,
  changedValues,
  labelOf,
  NO,
  textOf,
  YES,
  type AttributeTexts,
} from './attributeForm';
import styles from './attributes.module.css';
import { ProfileValidationPanel } from './ProfileValidationPanel';

/** What the card gives every tab (CardTabProps of card/tabs.ts, without importing it back). */
interface TabProps {
  project: ProjectDetail;
  permissions: readonly string[];
}

export const ATTRIBUTES_SAVED = 'The attributes have been saved.';

/** What this user may do with the attributes (see the flags in the contract). */
export interface AttributeRights {
  /** Set values of attributes not validated yet. */
  fill: boolean;
  /** Also change validated values (clearing their validation) and clear validations. */
  edit: boolean;
  validate: boolean;
}

export function attributeRights(permissions: readonly string[]): AttributeRights {
  const edit = permissions.includes(EDIT_ATTRIBUTES_FLAG);
  return {
    fill: edit || permissions.includes(FILL_ATTRIBUTES_FLAG),
    edit,
    validate: permissions.includes(VALIDATE_ATTRIBUTES_FLAG),
  };
}

const mayChange = (rights: AttributeRights, attribute: ProjectAttribute) =>
  rights.edit || (rights.fill && attribute.validation === null);

/**
 * The Attributes tab: the project's typed attributes with their validation, and the profile
 * validation status with its evidence files. One guard asks before leaving either form unsaved.
 */
export default function AttributesTab({ project, permissions }: TabProps) {
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const { dialog } = useUnsavedChangesGuard(Object.values(dirty).some(Boolean));
  const onAttributesDirty = useCallback(
    (value: boolean) => setDirty((current) => ({ ...current, attributes: value })),
    [],
  );
  const onValidationDirty = useCallback(
    (value: boolean) => setDirty((current) => ({ ...current, validation: value })),
    [],
  );
  return (
    <Stack>
      <AttributesPanel
        projectId={project.id}
        rights={attributeRights(permissions)}
        onDirtyChange={onAttributesDirty}
      />
      <ProfileValidationPanel
        projectId={project.id}
        permissions={permissions}
        onDirtyChange={onValidationDirty}
      />
      {dialog}
    </Stack>
  );
}

function AttributesPanel({
  projectId,
  rights,
  onDirtyChange,
}: {
  projectId: number;
  rights: AttributeRights;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { data, isLoading, isError, refetch } = useGetProjectAttributesQuery(projectId);
  return (
    <Panel aria-labelledby="attributes-title">
      <h3 id="attributes-title">Project attributes</h3>
      <AsyncContent
        query={{ data, isLoading, isError, refetch }}
        loading={{ inline: 'Loading the attributes…' }}
        failed="The attributes could not be loaded"
        failedLevel={3}
        isEmpty={(attributes) => attributes.length === 0}
        empty={<EmptyState as="p">No attributes are defined for projects yet.</EmptyState>}
      >
        {(attributes) => (
          <AttributesForm
            projectId={projectId}
            attributes={attributes}
            rights={rights}
            onDirtyChange={onDirtyChange}
          />
        )}
      </AsyncContent>
    </Panel>
  );
}

type Pending = { action: 'validate' | 'clear'; attribute: ProjectAttribute } | null;

function AttributesForm({
  projectId,
  attributes,
  rights,
  onDirtyChange,
}: {
  projectId: number;
  attributes: ProjectAttribute[];
  rights: AttributeRights;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const schema = useMemo(() => attributesSchema(attributes), [attributes]);
  const form = useZodForm(schema, {
    defaultValues: Object.fromEntries(attributes.map((a) => [a.key, textOf(a)])),
  });
  const { isDirty, isSubmitting, dirtyFields } = form.formState;
  const [patchAttributes] = usePatchProjectAttributesMutation();
  const [pending, setPending] = useState<Pending>(null);
  const editable = attributes.some((attribute) => mayChange(rights, attribute));

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = async (texts: AttributeTexts) => {
    const values = changedValues(attributes, texts, dirtyFields as Record<string, boolean>);
    if (Object.keys(values).length === 0) return;
    try {
      const saved = await patchAttributes({ projectId, values }).unwrap();
      form.reset(Object.fromEntries(saved.map((a) => [a.key, textOf(a)])));
      notify.success(ATTRIBUTES_SAVED);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: attributes.map((a) => a.key) });
    }
  };

  const rows = (
    <ul className={styles.attributes} aria-label="Attributes">
      {attributes.map((attribute) => (
        <li key={attribute.key} className={styles.attribute}>
          <div className={styles.attributeValue}>
            {mayChange(rights, attribute) ? (
              <AttributeField attribute={attribute} form={form} />
            ) : (
              <dl className={styles.readOnly}>
                <dt>{labelOf(attribute)}</dt>
                <dd>{attributeValueText(attribute, attribute.value) || 'Not filled'}</dd>
              </dl>
            )}
          </div>
          <div className={styles.attributeState}>
            <ValidationState attribute={attribute} />
            <AttributeActions
              attribute={attribute}
              rights={rights}
              changed={Boolean((dirtyFields as Record<string, boolean>)[attribute.key])}
              onAsk={(action) => setPending({ action, attribute })}
            />
          </div>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      {editable ? (
        <Form form={form} onSubmit={save} aria-label="Project attributes" className={styles.form}>
          {rows}
          <ButtonRow>
            <Button type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save changes'}
            </Button>
            <Button type="button" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
              Discard changes
            </Button>
          </ButtonRow>
        </Form>
      ) : (
        rows
      )}
      <ValidationDialog projectId={projectId} pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

type AttributesFormApi = ReturnType<typeof useZodForm<ReturnType<typeof attributesSchema>>>;

function AttributeField({
  attribute,
  form,
}: {
  attribute: ProjectAttribute;
  form: AttributesFormApi;
}) {
  const { key } = attribute;
  const hint = attribute.validation
    ? `${attribute.hint} Validated: changing the value clears its validation.`
    : attribute.hint;
  const label = labelOf(attribute);
  switch (attribute.type) {
    case 'date':
      return (
        <Controller
          control={form.control}
          name={key}
          render={({ field }) => (
            <Field<AttributeTexts> name={key} label={label} hint={hint}>
              {(control) => (
                <DateField
                  {...control}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            </Field>
          )}
        />
      );
    case 'boolean':
      return (
        <Field<AttributeTexts> name={key} label={label} hint={hint}>
          <select {...form.register(key)}>
            <option value="">Not set</option>
            <option value={YES}>Yes</option>
            <option value={NO}>No</option>
          </select>
        </Field>
      );
    case 'choice':
      return (
        <Field<AttributeTexts> name={key} label={label} hint={hint}>
          <select {...form.register(key)}>
            <option value="">Not set</option>
            {attribute.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
      );
    case 'number':
      return (
        <Field<AttributeTexts> name={key} label={label} hint={hint}>
          <input inputMode="decimal" autoComplete="off" {...form.register(key)} />
        </Field>
      );
    default:
      return (
        <Field<AttributeTexts>
          name={key}
          label={label}
          hint={hint}
          maxLength={attribute.max_length ?? undefined}
        >
          <input autoComplete="off" {...form.register(key)} />
        </Field>
      );
  }
}

function ValidationState({ attribute }: { attribute: ProjectAttribute }) {
  const { validation } = attribute;
  return validation ? (
    <p className={styles.validation}>
      <Badge tone="success">Validated</Badge>{' '}
      <span className="muted">
        by {personLabel(validation.by)} on {formatDate(validation.at)}
      </span>
    </p>
  ) : (
    <p className={styles.validation}>
      <Badge>Not validated</Badge>
    </p>
  );
}

function AttributeActions({
  attribute,
  rights,
  changed,
  onAsk,
}: {
  attribute: ProjectAttribute;
  rights: AttributeRights;
  /** The value was changed in the form and is not saved: validate the saved one first. */
  changed: boolean;
  onAsk: (action: 'validate' | 'clear') => void;
}) {
  const validate = rights.validate && !attribute.validation && attribute.value !== null;
  const clear = rights.edit && attribute.validation !== null;
  if (!validate && !clear) return null;
  return (
    <ButtonRow>
      {validate && (
        <Button
          type="button"
          size="sm"
          disabled={changed}
          aria-label={`Validate ${attribute.label}`}
          title={changed ? 'Save the new value before validating it.' : undefined}
          onClick={() => onAsk('validate')}
        >
          Validate
        </Button>
      )}
      {clear && (
        <Button
          type="button"
          size="sm"
          aria-label={`Clear validation of ${attribute.label}`}
          onClick={() => onAsk('clear')}
        >
          Clear validation
        </Button>
      )}
    </ButtonRow>
  );
}

/** Asks before validating a value (your name is recorded) or clearing a validation. */
function ValidationDialog({
  projectId,
  pending,
  onClose,
}: {
  projectId: number;
  pending: Pending;
  onClose: () => void;
}) {
  const [validate, validating] = useValidateAttributeMutation();
  const [clear, clearing] = useClearAttributeValidationMutation();
  const attribute = pending?.attribute;
  const isValidate = pending?.action === 'validate';
  const confirm = async () => {
    if (!pending || !attribute) return;
    try {
      const call = isValidate ? validate : clear;
      await call({ projectId, key: attribute.key }).unwrap();
      notify.success(
        isValidate
          ? `${attribute.label} has been validated.`
          : `The validation of ${attribute.label} has been cleared.`,
      );
      onClose();
    } catch {
      // The error toast says why; the dialog stays for another try.
    }
  };
  const value = attribute ? attributeValueText(attribute, attribute.value) : '';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        attribute
          ? isValidate
            ? `Validate “${attribute.label}”?`
            : `Clear the validation of “${attribute.label}”?`
          : ''
      }
      confirmLabel={isValidate ? 'Validate' : 'Clear validation'}
      busyLabel={isValidate ? 'Validating…' : 'Clearing…'}
      busy={validating.isLoading || clearing.isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        {isValidate
          ? `You confirm that “${value}” is right. Your name and today’s date are recorded.`
          : `The value “${value}” stays; it needs validating again.`}
      </p>
    </ConfirmDialog>
  );
}
