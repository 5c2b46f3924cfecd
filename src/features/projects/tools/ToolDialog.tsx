import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  TOOL_CATEGORIES,
  TOOL_CATEGORY_LABELS,
  TOOL_LIMITS,
  type LicenceType,
  type NewTool,
  type Tool,
  type ToolCategory,
} from '../../../api/contract/tools';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useSearchUsersQuery } from '../../checks/api';
import { useAddToolMutation, useUpdateToolMutation } from './api';
import { CheckRow, FieldPair, Fields } from '../../../shared/ui/Layout';

export const TOOL_MESSAGES = {
  added: 'The tool has been added to the register.',
  saved: 'The tool has been saved.',
  deleted: 'The tool has been removed from the register.',
} as const;

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;

const toolSchema = z.object({
  // In the order the dialog shows them: a wrong submit focuses the first in error.
  name: requiredText('Name the tool or technology.').pipe(
    z.string().max(TOOL_LIMITS.name, tooLong('name', TOOL_LIMITS.name)),
  ),
  category: z
    .custom<ToolCategory | ''>()
    .pipe(z.enum(TOOL_CATEGORIES, { error: 'Choose the category.' })),
  version: z.string().max(TOOL_LIMITS.version, tooLong('version', TOOL_LIMITS.version)),
  licenceType: z
    .custom<LicenceType | ''>()
    .pipe(z.enum(LICENCE_TYPES, { error: 'Choose the licence type.' })),
  expiry: dateSchema(),
  owner: z.custom<PersonRef | null>().refine((owner) => owner !== null, 'Choose the owner.'),
  approved: z.boolean(),
  notes: z.string().max(TOOL_LIMITS.notes, tooLong('notes', TOOL_LIMITS.notes)),
});
type ToolValues = z.input<typeof toolSchema>;
const FIELDS = [
  'name',
  'category',
  'version',
  'licenceType',
  'expiry',
  'owner',
  'approved',
  'notes',
] as const;
const RENAME = {
  licence_type: 'licenceType',
  licence_expiry: 'expiry',
  owner_id: 'owner',
} as const;

/**
 * Adds a tool to the register or changes one: name, category, version, licence type and expiry,
 * owner, approved, notes. A refused call leaves the dialog as it is: field messages on their
 * fields, the rest above them, what was typed kept.
 */
export function ToolDialog({
  projectId,
  tool,
  onClose,
}: {
  projectId: number;
  /** The tool to change; null to add one. */
  tool: Tool | null;
  onClose: () => void;
}) {
  const form = useZodForm(toolSchema, {
    defaultValues: {
      name: tool?.name ?? '',
      // An empty choice until the user picks one: the schema says what is missing.
      category: tool?.category ?? '',
      version: tool?.version ?? '',
      licenceType: tool?.licence_type ?? '',
      expiry: tool?.licence_expiry ?? '',
      owner: tool?.owner ?? null,
      approved: tool?.approved ?? false,
      notes: tool?.notes ?? '',
    },
  });
  const [addTool, adding] = useAddToolMutation();
  const [updateTool, updating] = useUpdateToolMutation();
  const busy = adding.isLoading || updating.isLoading;

  const save = async (values: z.output<typeof toolSchema>) => {
    const body: NewTool = {
      name: values.name.trim(),
      category: values.category,
      version: values.version.trim(),
      licence_type: values.licenceType,
      licence_expiry: values.expiry || null,
      owner_id: values.owner!.id,
      approved: values.approved,
      notes: values.notes.trim(),
    };
    try {
      if (tool) await updateTool({ projectId, toolId: tool.id, patch: body }).unwrap();
      else await addTool({ projectId, tool: body }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS, rename: RENAME });
      return false;
    }
    notify.success(tool ? TOOL_MESSAGES.saved : TOOL_MESSAGES.added);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={tool ? `Change “${tool.name}”` : 'Add a tool to the register'}
      busy={busy}
      onSubmit={save}
      submitLabel={tool ? 'Save tool' : 'Add tool'}
    >
      <Fields>
        <Field<ToolValues> name="name" label="Name" maxLength={TOOL_LIMITS.name}>
          <input type="text" autoComplete="off" {...form.register('name')} />
        </Field>
        <FieldPair>
          <Field<ToolValues> name="category" label="Category">
            <select {...form.register('category')}>
              <option value="">Choose…</option>
              {TOOL_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {TOOL_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </Field>
          <Field<ToolValues>
            name="version"
            label={
              <>
                Version <span className="muted">(optional)</span>
              </>
            }
          >
            <input type="text" autoComplete="off" {...form.register('version')} />
          </Field>
        </FieldPair>
        <FieldPair>
          <Field<ToolValues> name="licenceType" label="Licence type">
            <select {...form.register('licenceType')}>
              <option value="">Choose…</option>
              {LICENCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {LICENCE_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <Controller
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <Field<ToolValues>
                name="expiry"
                label={
                  <>
                    Licence expiry <span className="muted">(optional)</span>
                  </>
                }
                hint="Leave it empty for a licence that never expires."
              >
                {(control) => <DateField {...control} {...field} />}
              </Field>
            )}
          />
        </FieldPair>
        <PersonField<ToolValues>
          name="owner"
          label="Owner"
          useSearch={useSearchUsersQuery}
          debounceMs={250}
          required
        />
        <CheckRow>
          <input type="checkbox" {...form.register('approved')} /> Approved for use on the project
        </CheckRow>
        <Field<ToolValues>
          name="notes"
          label={
            <>
              Notes <span className="muted">(optional)</span>
            </>
          }
          maxLength={TOOL_LIMITS.notes}
        >
          <textarea rows={2} {...form.register('notes')} />
        </Field>
      </Fields>
    </FormDialog>
  );
}
