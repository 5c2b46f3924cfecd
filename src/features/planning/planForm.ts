import { z } from '../../shared/ui/form/zod';
import type { PersonRef } from '../../api/contract/actionRequests';
import {
  PLAN_NOTE_MAX,
  PLAN_RULES,
  expertConflicts,
  type PlannedCheck,
} from '../../api/contract/planner';
import { EXPERT_KINDS, type PollModel, type PollType } from '../../api/contract/polls';

/**
 * A planned check's form, in the order the dialog shows it (a wrong submit focuses the first
 * field in error). The server checks the same rules in the same words (PLAN_RULES).
 */
export const planSchema = z.object({
  type: z.string().min(1, 'Choose the type of check.'),
  model: z.string().min(1, 'Choose a model.'),
  planned_week: z.string().min(1, PLAN_RULES.weekRequired),
  experts: z
    .array(z.object({ person: z.custom<PersonRef>(), kind: z.enum(EXPERT_KINDS) }))
    .refine(
      (experts) => experts.filter((expert) => expert.kind === 'main_expert').length <= 1,
      PLAN_RULES.oneMainExpert,
    ),
  note: z.string().max(PLAN_NOTE_MAX, PLAN_RULES.noteTooLong),
});

export type PlanValues = z.input<typeof planSchema>;

/** The form's fields; the server's names that differ go to the form's alert. */
export const PLAN_FIELDS = ['type', 'model', 'planned_week', 'experts', 'note'] as const;

/** The values as the calls send them. */
export function planBody(values: PlanValues) {
  return {
    type: values.type as PollType,
    model: values.model as PollModel,
    planned_week: values.planned_week,
    experts: values.experts.map(({ person, kind }) => ({ user_id: person.id, kind })),
    note: values.note.trim(),
  };
}

/** One warning of the form: an expert who would be planned twice or more in one week. */
export interface ConflictWarning {
  person: PersonRef;
  /** The other planned checks that week (not the one being planned). */
  others: PlannedCheck[];
  /** How many of the projects being planned now share them (a bulk plan names each once). */
  together: number;
}

/**
 * What the plan being written would clash with: for each chosen expert, the other planned checks
 * of the same week that name them, and the projects of this plan itself when it plans several
 * (`projectCount` > 1) in one week. Warnings only: the quality lead decides.
 */
export function conflictWarnings(
  values: Pick<PlanValues, 'planned_week' | 'experts'>,
  checks: readonly PlannedCheck[],
  editingId: number | undefined,
  projectCount: number,
): ConflictWarning[] {
  if (!values.planned_week) return [];
  const candidate = {
    id: -1,
    planned_week: values.planned_week,
    experts: values.experts.map(({ person, kind }) => ({ user_id: person.id, kind })),
  };
  const others = checks.filter((check) => check.id !== editingId);
  const conflicts = expertConflicts([...others, candidate]).filter((conflict) =>
    conflict.check_ids.includes(-1),
  );
  const byId = new Map(others.map((check) => [check.id, check]));
  return values.experts.flatMap(({ person }) => {
    const conflict = conflicts.find((entry) => entry.user_id === person.id);
    const clashing = (conflict?.check_ids ?? []).flatMap((id) => byId.get(id) ?? []);
    if (clashing.length === 0 && projectCount < 2) return [];
    return [{ person, others: clashing, together: projectCount }];
  });
}
