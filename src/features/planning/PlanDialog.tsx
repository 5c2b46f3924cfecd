import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { PersonRef } from '../../api/contract/actionRequests';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { formatDate } from '../../api/contract/display';
import {
  PLAN_NOTE_MAX,
  runnableWeeks,
  type PlannedCheck,
  type PlannerColumn,
  type PlannerProject,
} from '../../api/contract/planner';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { POLL_TYPES, type PollType } from '../../api/contract/polls';
import { notify } from '../../shared/lib/toasts';
import { ControlFocus, Field, FieldSet } from '../../shared/ui/form/Field';
import { FormDialog } from '../../shared/ui/form/FormDialog';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { useGetPollModelsQuery } from '../checks/api';
import { ExpertList } from '../checks/embed';
import { PersonPicker } from '../checks/embed';
import { nameOf, weekLabel } from './plannerGrid';
import {
  usePlanCheckMutation,
  usePlanChecksMutation,
  useUpdatePlannedCheckMutation,
} from './plannerApi';
import {
  conflictWarnings,
  PLAN_FIELDS,
  planBody,
  planSchema,
  type ConflictWarning,
  type PlanValues,
} from './planForm';
import styles from './planner.module.css';
import { todayIso } from '../../shared/lib/today';

/** What the dialog plans: one empty cell, the selected projects, or a planned check to change. */
export type PlanTarget =
  | { kind: 'new'; project: PlannerProject; period: PlannerColumn }
  | { kind: 'bulk'; projects: PlannerProject[]; period: PlannerColumn }
  | { kind: 'edit'; check: PlannedCheck; project: PlannerProject; period: PlannerColumn };

export const PLAN_MESSAGES = {
  planned: (project: string, period: string) => `Planned a check for ${project} in ${period}.`,
  plannedMany: (count: number, period: string) =>
    `Planned ${count} ${count === 1 ? 'check' : 'checks'} in ${period}.`,
  saved: 'The planned check has been saved.',
} as const;

/**
 * Plans a check (one project, or the same check for several at once, all or nothing) or changes
 * a planned one: type, model (those serving the type), week of the period, experts with one main
 * expert, a note. Experts planned elsewhere that week are warned about, never refused. A refusal
 * from the server lands on its field (or above the form) and what was typed stays; closing with
 * changes asks first.
 */
export function PlanDialog({
  target,
  checks,
  people,
  projectName,
  onClose,
}: {
  target: PlanTarget;
  checks: readonly PlannedCheck[];
  people: ReadonlyMap<number, PersonRef>;
  projectName: (id: number) => string;
  onClose: (planned: boolean) => void;
}) {
  const { period } = target;
  const editing = target.kind === 'edit' ? target.check : undefined;
  const projects = target.kind === 'bulk' ? target.projects : [target.project];
  // Only weeks that can still run are offered, anywhere a week is chosen: a planned check whose
  // week is over is moved from it (the field starts empty and says which week it was).
  const weeks = runnableWeeks(period, todayIso());
  const overWeek = editing && !weeks.includes(editing.planned_week) ? editing.planned_week : null;
  const form = useZodForm(planSchema, {
    defaultValues: editing
      ? {
          type: editing.type,
          model: editing.model,
          planned_week: overWeek ? '' : editing.planned_week,
          experts: editing.experts.map((expert) => ({
            person: people.get(expert.user_id) ?? {
              id: expert.user_id,
              name: nameOf(people, expert.user_id),
              login: '',
            },
            kind: expert.kind,
          })),
          note: editing.note,
        }
      : { type: 'health_check', model: '', planned_week: '', experts: [], note: '' },
  });
  const models = useGetPollModelsQuery();
  const [planOne, one] = usePlanCheckMutation();
  const [planMany, many] = usePlanChecksMutation();
  const [update, updating] = useUpdatePlannedCheckMutation();
  const busy = one.isLoading || many.isLoading || updating.isLoading;
  // Set by a successful save, which FormDialog follows with `onClose`.
  const planned = useRef(false);
  const [type, model, week, experts] = useWatch({
    control: form.control,
    name: ['type', 'model', 'planned_week', 'experts'],
  });

  const modelChoices = (models.data ?? []).filter((info) => info.types.includes(type as PollType));
  // A model that does not serve the type goes; the project's own model is the first choice.
  const preferred =
    modelChoices.find((info) => info.code === projects[0]?.model) ?? modelChoices[0];
  const modelFits = modelChoices.some((info) => info.code === model);
  const fallback = preferred?.code ?? '';
  const { resetField } = form;
  useEffect(() => {
    if (!modelFits && fallback) resetField('model', { defaultValue: fallback });
  }, [modelFits, fallback, resetField]);

  const warnings = conflictWarnings(
    { planned_week: week, experts },
    checks,
    editing?.id,
    projects.length,
  );

  const save = async (values: PlanValues) => {
    const body = planBody(values);
    try {
      if (target.kind === 'edit') {
        await update({ checkId: target.check.id, patch: body }).unwrap();
        notify.success(PLAN_MESSAGES.saved);
      } else if (target.kind === 'new') {
        await planOne({ ...body, period_id: period.id, project_id: target.project.id }).unwrap();
        notify.success(PLAN_MESSAGES.planned(target.project.name, period.name));
      } else {
        const result = await planMany({
          ...body,
          period_id: period.id,
          project_ids: target.projects.map((project) => project.id),
        }).unwrap();
        notify.success(PLAN_MESSAGES.plannedMany(result.checks.length, period.name));
      }
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: PLAN_FIELDS });
      return false;
    }
    planned.current = true;
    return true;
  };

  const title =
    target.kind === 'edit'
      ? `Edit the planned check of ${target.project.name}`
      : target.kind === 'new'
        ? `Plan a check for ${target.project.name}`
        : `Plan a check for ${target.projects.length} projects`;

  return (
    <FormDialog
      form={form}
      wide
      onClose={() => onClose(planned.current)}
      discardWhat="for this check"
      title={title}
      description={`${period.name}: ${formatDate(period.start_date)} to ${formatDate(period.end_date)}`}
      busy={busy}
      onSubmit={save}
      submitLabel={
        target.kind === 'edit'
          ? 'Save'
          : target.kind === 'new'
            ? 'Plan check'
            : `Plan ${target.projects.length} checks`
      }
    >
      {target.kind === 'bulk' && (
        <p className={styles.bulkProjects}>
          {target.projects
            .slice(0, 6)
            .map((project) => project.name)
            .join(', ')}
          {target.projects.length > 6 ? ` and ${target.projects.length - 6} more` : ''}
        </p>
      )}
      <div className={styles.fields}>
        <div className={styles.pair}>
          <Field<PlanValues> name="type" label="Type of check">
            <select {...form.register('type')}>
              {POLL_TYPES.map((option) => (
                <option key={option} value={option}>
                  {POLL_TYPE_LABELS[option]}
                </option>
              ))}
            </select>
          </Field>
          <Field<PlanValues>
            name="model"
            label="Model"
            hint={models.isLoading ? 'Loading the models…' : undefined}
          >
            <select {...form.register('model')}>
              {!modelFits && <option value="">Choose a model</option>}
              {modelChoices.map((info) => (
                <option key={info.code} value={info.code}>
                  {info.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field<PlanValues>
          name="planned_week"
          label="Week"
          hint={weekHint(weeks, overWeek, period.name)}
        >
          <select {...form.register('planned_week')}>
            <option value="">Choose a week</option>
            {weeks.map((monday) => (
              <option key={monday} value={monday}>
                {weekLabel(monday)}
              </option>
            ))}
          </select>
        </Field>
        <Controller
          control={form.control}
          name="experts"
          render={({ field }) => (
            <FieldSet<PlanValues>
              name="experts"
              legend="Experts"
              hint="Make one of them the main expert: a health check needs one to start."
            >
              <ExpertList idPrefix="plan-expert" experts={field.value} onChange={field.onChange} />
              <ControlFocus fieldRef={field.ref}>
                <PersonPicker
                  id="plan-expert-search"
                  label="Add an expert"
                  person={null}
                  clearOnPick
                  exclude={field.value.map((expert) => expert.person.id)}
                  onChange={(person) => {
                    if (person)
                      field.onChange([
                        ...field.value,
                        {
                          person,
                          kind: field.value.some((expert) => expert.kind === 'main_expert')
                            ? 'expert'
                            : 'main_expert',
                        },
                      ]);
                  }}
                />
              </ControlFocus>
            </FieldSet>
          )}
        />
        <ConflictList warnings={warnings} projectName={projectName} />
        <Field<PlanValues> name="note" label="Note" maxLength={PLAN_NOTE_MAX}>
          <textarea rows={3} {...form.register('note')} />
        </Field>
      </div>
    </FormDialog>
  );
}

/** What the week field says: when the check runs, or why a week must be chosen anew. */
function weekHint(weeks: readonly string[], overWeek: string | null, period: string): string {
  if (weeks.length === 0) return `No week of ${period} can still run.`;
  const runs = 'The check runs Monday to Friday of this week; its due date is the Friday.';
  return overWeek
    ? `It was planned for ${weekLabel(overWeek)}, which is over: choose a week that can still run. ${runs}`
    : runs;
}

/** The experts planned elsewhere in the chosen week: a warning, announced politely. */
function ConflictList({
  warnings,
  projectName,
}: {
  warnings: ConflictWarning[];
  projectName: (id: number) => string;
}) {
  return (
    <div role="status" className={warnings.length ? styles.conflicts : undefined}>
      {warnings.length > 0 && (
        <>
          <p className={styles.conflictTitle}>
            <TriangleAlert size={16} aria-hidden="true" /> Expert conflicts in this week
          </p>
          <ul>
            {warnings.map(({ person, others, together }) => (
              <li key={person.id}>
                {conflictText(
                  person.name,
                  together,
                  others.map((check) => projectName(check.project_id)),
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** 'Jordan Lee is already planned on Apollo and Zeus that week.' */
function conflictText(name: string, together: number, projects: string[]): string {
  const parts: string[] = [];
  if (together > 1) parts.push(`would be planned on all ${together} projects at once`);
  if (projects.length > 0) {
    const shown = projects.slice(0, 3).join(', ');
    const more = projects.length > 3 ? ` and ${projects.length - 3} more` : '';
    parts.push(`is already planned on ${shown}${more} that week`);
  }
  return `${name} ${parts.join(', and ')}.`;
}
