import { z } from '../../shared/ui/form/zod';
import type { PersonRef } from '../../api/contract/actionRequests';
import type { ProjectListItem } from '../../api/contract/directory';
import { checkIndexError, EXPERT_KINDS, RESPONDENT_ROLES } from '../../api/contract/polls';
import { formatDate } from '../../api/contract/display';
import { isIsoDate } from '../../shared/ui/dateText';
import { dateSchema } from '../../shared/ui/form/schemas';
import { todayIso } from '../../shared/lib/today';

/** Spec §5: the check index, its first broken rule's exact words (the rule the mock applies). */
export const checkIndexSchema = z.string().superRefine((index, context) => {
  const message = checkIndexError(index);
  if (message) context.addIssue({ code: 'custom', message });
});

/**
 * The new check's form, in the order the page shows it (a wrong submit focuses the first field
 * in error). The server may add its own rules; `applyDrfErrors` shows them.
 */
export const configureCheckSchema = z
  .object({
    project: z
      .custom<ProjectListItem | null>()
      .pipe(z.custom<ProjectListItem>((project) => project !== null, 'Choose the project.')),
    type: z.string().min(1, 'Choose the type of check.'),
    model: z.string().min(1, 'Choose a model.'),
    index: checkIndexSchema,
    roles: z.array(z.enum(RESPONDENT_ROLES)).min(1, 'Choose at least one respondent role.'),
    experts: z.array(z.object({ person: z.custom<PersonRef>(), kind: z.enum(EXPERT_KINDS) })),
    due_date: dateSchema({ required: 'Choose the due date.' }).superRefine((due, context) => {
      const first = todayIso();
      if (isIsoDate(due) && due < first)
        context.addIssue({
          code: 'custom',
          message: `The due date cannot be before today (${formatDate(first)}).`,
        });
    }),
    someDrivers: z.boolean(),
    drivers: z.array(z.string()),
  })
  // Checked even while other fields are wrong, so that every problem shows at once.
  .refine(({ someDrivers, drivers }) => !(someDrivers && drivers.length === 0), {
    path: ['someDrivers'],
    message: 'Choose at least one driver, or ask every driver.',
    when: () => true,
  });

export type ConfigureCheckValues = z.input<typeof configureCheckSchema>;
export type ConfiguredCheck = z.output<typeof configureCheckSchema>;

/** The form's field names; the server's names that differ map onto them. */
export const CONFIGURE_FIELDS = [
  'project',
  'type',
  'model',
  'index',
  'roles',
  'experts',
  'due_date',
  'someDrivers',
] as const satisfies readonly (keyof ConfigureCheckValues)[];
export const CONFIGURE_API_NAMES = {
  project_id: 'project',
  custom_check_config: 'someDrivers',
} as const;
