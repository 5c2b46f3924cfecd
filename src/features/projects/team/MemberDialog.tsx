import { useMemo } from 'react';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { personLabel } from '../../../api/contract/display';
import type { ProjectDetail } from '../../../api/contract/projects';
import {
  ALLOCATION_MAX,
  ALLOCATION_MIN,
  ASSIGNABLE_TEAM_ROLES,
  MANAGER_ROLE,
  TEAM_MESSAGES,
  TEAM_ROLES,
  TEAM_ROLE_LABELS,
  type TeamMember,
} from '../../../api/contract/projectTeam';
import { notify } from '../../../shared/lib/toasts';
import { isIsoDate } from '../../../shared/ui/dateText';
import { Field } from '../../../shared/ui/form/Field';
import { FormDateField } from '../../../shared/ui/form/FormDateField';
import { FormDialog } from '../../../shared/ui/form/FormDialog';
import { dateSchema } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useAddTeamMemberMutation, useUpdateTeamMemberMutation } from './api';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { useSearchUsersQuery } from '../../checks/api';
import styles from './team.module.css';
import { FieldPair } from '../../../shared/ui/Layout';
import { todayIso } from '../../../shared/lib/today';

export const MEMBER_TEXTS = {
  choosePerson: 'Choose the person to add.',
  allocationMissing: 'Give the allocation in percent.',
  allocationNotWhole: 'Give the allocation as a whole number of percent, for example 50.',
  startMissing: 'Choose the start date.',
} as const;

/**
 * The member form: keys in the order the dialog shows them. The allocation is checked as a whole
 * number here; its range (1–100) and who may be added are the server's rules, which a 400 puts
 * on their fields.
 */
export const memberSchema = (isNew: boolean) =>
  z
    .object({
      person: isNew
        ? z
            .custom<PersonRef | null>()
            .refine((person) => person !== null, MEMBER_TEXTS.choosePerson)
        : z.custom<PersonRef | null>(),
      role: z.enum(TEAM_ROLES),
      allocation: z
        .string()
        .refine((value) => value.trim() !== '', MEMBER_TEXTS.allocationMissing)
        .refine((value) => value.trim() === '' || /^\d+$/.test(value.trim()), {
          message: MEMBER_TEXTS.allocationNotWhole,
        }),
      start: dateSchema({ required: MEMBER_TEXTS.startMissing }),
      end: dateSchema(),
    })
    .superRefine((values, context) => {
      if (values.end && values.start && values.end < values.start)
        context.addIssue({ code: 'custom', path: ['end'], message: TEAM_MESSAGES.endBeforeStart });
    });
type Schema = ReturnType<typeof memberSchema>;
type Values = z.input<Schema>;
const FIELDS = ['person', 'role', 'allocation', 'start', 'end'] as const;

/**
 * Adds a member to the team (`member` null) or changes one: role, allocation, start and end.
 * The project manager's role comes from the CRM and is shown, not offered. A failed call leaves
 * the dialog as it is, with the 400's messages on their fields and what was typed kept; closing
 * with changes asks first.
 */
export function MemberDialog({
  project,
  member,
  taken,
  onClose,
}: {
  project: ProjectDetail;
  member: TeamMember | null;
  /** Ids of the people already on the team: the picker does not offer them. */
  taken: readonly number[];
  onClose: () => void;
}) {
  const manager = member?.role === MANAGER_ROLE;
  const schema = useMemo(() => memberSchema(member === null), [member]);
  const form = useZodForm(schema, {
    defaultValues: member
      ? {
          person: member.person,
          role: member.role,
          allocation: String(member.allocation),
          start: member.start_date,
          end: member.end_date ?? '',
        }
      : { person: null, role: 'developer', allocation: '', start: todayIso(), end: '' },
  });
  const [addMember, adding] = useAddTeamMemberMutation();
  const [updateMember, updating] = useUpdateTeamMemberMutation();
  const busy = adding.isLoading || updating.isLoading;

  const save = async (values: z.output<Schema>) => {
    const fields = {
      allocation: Number(values.allocation.trim()),
      start_date: values.start,
      end_date: values.end || null,
    };
    try {
      if (member) {
        await updateMember({
          projectId: project.id,
          memberId: member.id,
          ...(manager ? {} : { role: values.role }),
          ...fields,
        }).unwrap();
        notify.success(`The changes to ${personLabel(member.person)} have been saved.`);
      } else {
        const added = await addMember({
          projectId: project.id,
          person_id: values.person!.id,
          role: values.role,
          ...fields,
        }).unwrap();
        notify.success(`${personLabel(added.person)} has joined the team.`);
      }
      return true;
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: FIELDS,
        rename: { person_id: 'person', start_date: 'start', end_date: 'end' },
        toastShowsRest: true,
      });
      return false;
    }
  };

  const start = form.watch('start');
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      discardWhat="for this member"
      title={member ? `Edit ${personLabel(member.person)}` : 'Add a team member'}
      description={
        manager
          ? 'The project manager comes from the CRM and keeps the role; the allocation and dates change here.'
          : member
            ? 'Change the role, the allocation or the dates.'
            : 'Who joins the team, in which role, for how much of their week.'
      }
      busy={busy}
      onSubmit={save}
      submitLabel={member ? 'Save changes' : 'Add member'}
    >
      {!member && (
        <PersonField<Values>
          name="person"
          label="Person"
          exclude={taken}
          useSearch={useSearchUsersQuery}
          required
        />
      )}
      {manager ? (
        <p className={styles.fixedRole}>
          Role: <strong>{TEAM_ROLE_LABELS[MANAGER_ROLE]}</strong> (from the CRM)
        </p>
      ) : (
        <Field<Values> name="role" label="Role">
          <select {...form.register('role')}>
            {ASSIGNABLE_TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field<Values>
        name="allocation"
        label="Allocation (%)"
        hint={`Share of a full-time week, ${ALLOCATION_MIN} to ${ALLOCATION_MAX}.`}
      >
        <input
          type="number"
          inputMode="numeric"
          min={ALLOCATION_MIN}
          max={ALLOCATION_MAX}
          step={1}
          className={styles.allocation}
          {...form.register('allocation')}
        />
      </Field>
      <FieldPair>
        <FormDateField<Values>
          name="start"
          label="Start date"
          calendarLabel="Choose the start date from the calendar"
        />
        <FormDateField<Values>
          name="end"
          label="End date"
          hint="Optional."
          min={isIsoDate(start) ? start : undefined}
          calendarLabel="Choose the end date from the calendar"
        />
      </FieldPair>
    </FormDialog>
  );
}
