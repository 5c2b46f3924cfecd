import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import type { ProjectListItem } from '../../../api/contract/directory';
import {
  DEPENDENCY_DIRECTION_LABELS,
  DEPENDENCY_DIRECTIONS,
  DEPENDENCY_LIMITS,
  DEPENDENCY_TYPE_LABELS,
  DEPENDENCY_TYPES,
  PLACEMENT_MESSAGES,
  type DependencyDirection,
  type DependencyType,
  type ProjectDependency,
  type ProjectLink,
  type ProjectPlacement,
} from '../../../api/contract/placement';
import type { ProjectDetail } from '../../../api/contract/projects';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { ControlFocus, Field, FieldSet } from '../../../shared/ui/form/Field';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { SearchPicker } from '../../../shared/ui/SearchPicker';
import { useSearchProjectsQuery } from '../../checks/api';
import {
  useAddDependencyMutation,
  useAddRelatedProjectMutation,
  useGetProgrammesQuery,
  useUpdateDependencyMutation,
  useUpdatePlacementMutation,
} from './api';
import styles from './placement.module.css';
import { CheckRow, FieldPair, Fields } from '../../../shared/ui/Layout';

export const PLACEMENT_TOASTS = {
  placed: 'The programme and the parent project have been saved.',
  related: 'The related project has been added.',
  unrelated: 'The related project has been removed.',
  dependencyAdded: 'The dependency has been added.',
  dependencySaved: 'The dependency has been saved.',
  dependencyDeleted: 'The dependency has been deleted.',
} as const;

/** What the project picker holds: a search result, or a project the tab already links. */
export interface PickedProject {
  id: number;
  name: string;
  account_name: string;
}

export const pickedOf = (link: ProjectLink): PickedProject => ({
  id: link.id,
  name: link.name,
  account_name: link.account.name,
});

const pickedLabel = (project: PickedProject) => `${project.name} (${project.account_name})`;
const PROJECTS: [string, string] = ['project', 'projects'];

/** `GET /api/projects/?search=`, as the picker's search hook (the checks' project search). */
const useProjectSearch = (term: string, options: { skip: boolean }) => {
  const result = useSearchProjectsQuery(term, options);
  return {
    data: result.data && {
      results: result.data.results.map((project: ProjectListItem) => ({
        id: project.id,
        name: project.name,
        account_name: project.account_name,
      })),
    },
    isFetching: result.isFetching,
    isError: result.isError,
  };
};

/** One project as a field of the surrounding form (its value a `PickedProject` or null). */
function ProjectField<TFieldValues extends FieldValues>({
  name,
  label,
  hint,
  required = false,
  exclude,
}: {
  name: FieldPath<TFieldValues>;
  label: string;
  hint?: string;
  required?: boolean;
  exclude?: readonly number[];
}) {
  const { control } = useFormContext<TFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field<TFieldValues> name={name} hint={hint}>
          {(props) => (
            <ControlFocus fieldRef={field.ref}>
              <SearchPicker<PickedProject>
                id={props.id}
                label={label}
                value={field.value as PickedProject | null}
                onChange={(project) => field.onChange(project)}
                useSearch={useProjectSearch}
                optionLabel={pickedLabel}
                noun={PROJECTS}
                placeholder="Type a project name"
                describedBy={props['aria-describedby']}
                invalid={Boolean(props['aria-invalid'])}
                required={required}
                {...(exclude ? { exclude } : {})}
              />
            </ControlFocus>
          )}
        </Field>
      )}
    />
  );
}

const placeSchema = (projectId: number) =>
  z.object({
    programme: z.string(),
    parent: z
      .custom<PickedProject | null>()
      .refine((parent) => parent?.id !== projectId, PLACEMENT_MESSAGES.ownParent),
  });
type PlaceValues = z.input<ReturnType<typeof placeSchema>>;

/**
 * Sets, changes or clears the programme (one of the project's account) and the parent project.
 * The server refuses a sub-project as parent and says so on the field.
 */
export function PlaceDialog({
  project,
  placement,
  onClose,
}: {
  project: ProjectDetail;
  placement: ProjectPlacement;
  onClose: () => void;
}) {
  const form = useZodForm(placeSchema(project.id), {
    defaultValues: {
      programme: placement.programme ? String(placement.programme.id) : '',
      parent: placement.parent ? pickedOf(placement.parent) : null,
    },
  });
  const programmes = useGetProgrammesQuery();
  const offered = (programmes.data ?? []).filter(
    (programme) => programme.account.id === project.account.id,
  );
  const [update, updating] = useUpdatePlacementMutation();

  const save = async (values: z.output<ReturnType<typeof placeSchema>>) => {
    try {
      await update({
        projectId: project.id,
        patch: {
          programme_id: values.programme ? Number(values.programme) : null,
          parent_id: values.parent?.id ?? null,
        },
      }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['programme', 'parent'],
        rename: { programme_id: 'programme', parent_id: 'parent' },
      });
      return false;
    }
    notify.success(PLACEMENT_TOASTS.placed);
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Programme and parent project"
      busy={updating.isLoading}
      onSubmit={save}
      submitLabel="Save"
    >
      <Fields>
        <Field<PlaceValues>
          name="programme"
          label="Programme"
          hint={
            programmes.isError
              ? 'The programmes could not be loaded: close the dialog and try again.'
              : `The programmes of ${project.account.name}.`
          }
        >
          <select {...form.register('programme')}>
            <option value="">No programme</option>
            {offered.map((programme) => (
              <option key={programme.id} value={programme.id}>
                {programme.name} ({programme.code})
              </option>
            ))}
          </select>
        </Field>
        <ProjectField<PlaceValues>
          name="parent"
          label="Parent project"
          hint="Leave it empty for a project at the top of its hierarchy."
        />
      </Fields>
    </FormDialog>
  );
}

const relatedSchema = z.object({
  project: z
    .custom<PickedProject | null>()
    .refine((project) => project !== null, 'Choose a project.'),
});
type RelatedValues = z.input<typeof relatedSchema>;

/** Relates another project to this one (the relation shows on both). */
export function RelatedDialog({
  project,
  related,
  onClose,
}: {
  project: ProjectDetail;
  related: readonly ProjectLink[];
  onClose: () => void;
}) {
  const form = useZodForm(relatedSchema, { defaultValues: { project: null } });
  const [add, adding] = useAddRelatedProjectMutation();
  const save = async (values: z.output<typeof relatedSchema>) => {
    try {
      await add({ projectId: project.id, otherId: values.project!.id }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['project'],
        rename: { project_id: 'project' },
      });
      return false;
    }
    notify.success(PLACEMENT_TOASTS.related);
    return true;
  };
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Add a related project"
      busy={adding.isLoading}
      onSubmit={save}
      submitLabel="Add related project"
    >
      <ProjectField<RelatedValues>
        name="project"
        label="Related project"
        hint="The relation shows on both projects."
        required
        exclude={[project.id, ...related.map((link) => link.id)]}
      />
    </FormDialog>
  );
}

const tooLong = (max: number) => `Keep the note to ${max} characters or fewer.`;

const dependencySchema = (projectId: number) =>
  z.object({
    // In the order the dialog shows them: a wrong submit focuses the first in error.
    direction: z.enum(DEPENDENCY_DIRECTIONS),
    project: z
      .custom<PickedProject | null>()
      .refine((project) => project !== null, 'Choose the other project.')
      .refine((project) => project?.id !== projectId, PLACEMENT_MESSAGES.ownDependency),
    type: z
      .custom<DependencyType | ''>()
      .pipe(z.enum(DEPENDENCY_TYPES, { error: 'Choose the type of dependency.' })),
    dueDate: dateSchema(),
    note: z.string().max(DEPENDENCY_LIMITS.note, tooLong(DEPENDENCY_LIMITS.note)),
  });
type DependencyValues = z.input<ReturnType<typeof dependencySchema>>;
const DEPENDENCY_FIELDS = ['direction', 'project', 'type', 'dueDate', 'note'] as const;

/**
 * Adds a dependency between this project and another, either way, or changes the type, due date
 * and note of one (its projects and direction stay: delete it and add another instead).
 */
export function DependencyDialog({
  project,
  dependency,
  onClose,
}: {
  project: ProjectDetail;
  /** The dependency to change; null to add one. */
  dependency: ProjectDependency | null;
  onClose: () => void;
}) {
  const form = useZodForm(dependencySchema(project.id), {
    defaultValues: {
      direction: dependency?.direction ?? ('depends_on' as DependencyDirection),
      project: dependency ? pickedOf(dependency.project) : null,
      type: dependency?.type ?? '',
      dueDate: dependency?.due_date ?? '',
      note: dependency?.note ?? '',
    },
  });
  const [add, adding] = useAddDependencyMutation();
  const [update, updating] = useUpdateDependencyMutation();

  const save = async (values: z.output<ReturnType<typeof dependencySchema>>) => {
    const common = {
      type: values.type,
      note: values.note.trim(),
      due_date: values.dueDate || null,
    };
    try {
      if (dependency)
        await update({
          projectId: project.id,
          dependencyId: dependency.id,
          patch: common,
        }).unwrap();
      else
        await add({
          projectId: project.id,
          dependency: { direction: values.direction, project_id: values.project!.id, ...common },
        }).unwrap();
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: DEPENDENCY_FIELDS,
        rename: { project_id: 'project', due_date: 'dueDate' },
      });
      return false;
    }
    notify.success(
      dependency ? PLACEMENT_TOASTS.dependencySaved : PLACEMENT_TOASTS.dependencyAdded,
    );
    return true;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={
        dependency ? `Change the dependency with “${dependency.project.name}”` : 'Add a dependency'
      }
      busy={adding.isLoading || updating.isLoading}
      onSubmit={save}
      submitLabel={dependency ? 'Save dependency' : 'Add dependency'}
    >
      <Fields>
        {dependency ? (
          <p className={styles.fixed}>
            {dependency.direction === 'depends_on'
              ? `${project.name} depends on ${dependency.project.name}.`
              : `${dependency.project.name} depends on ${project.name}.`}
          </p>
        ) : (
          <>
            <FieldSet<DependencyValues> name="direction" legend="Which way">
              {DEPENDENCY_DIRECTIONS.map((direction) => (
                <CheckRow key={direction}>
                  <input type="radio" value={direction} {...form.register('direction')} />{' '}
                  {DEPENDENCY_DIRECTION_LABELS[direction]}
                </CheckRow>
              ))}
            </FieldSet>
            <ProjectField<DependencyValues> name="project" label="Other project" required />
          </>
        )}
        <FieldPair>
          <Field<DependencyValues> name="type" label="Type">
            <select {...form.register('type')}>
              <option value="">Choose…</option>
              {DEPENDENCY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DEPENDENCY_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <Controller
            control={form.control}
            name="dueDate"
            render={({ field }) => (
              <Field<DependencyValues>
                name="dueDate"
                label={
                  <>
                    Due date <span className="muted">(optional)</span>
                  </>
                }
              >
                {(control) => <DateField {...control} {...field} />}
              </Field>
            )}
          />
        </FieldPair>
        <Field<DependencyValues>
          name="note"
          label={
            <>
              Note <span className="muted">(optional)</span>
            </>
          }
          maxLength={DEPENDENCY_LIMITS.note}
        >
          <textarea rows={2} {...form.register('note')} />
        </Field>
      </Fields>
    </FormDialog>
  );
}
