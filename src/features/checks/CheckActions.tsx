import { addDays, format, parseISO } from 'date-fns';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from '../../shared/ui/form/zod';
import type { PersonRef } from '../../api/contract/actionRequests';
import { EXPERT_KINDS, type ExpertKind, type Poll } from '../../api/contract/polls';
import { formatDate, personLabel } from '../../api/contract/display';
import { DateField } from '../../shared/ui/DateField';
import { isIsoDate } from '../../shared/ui/dateText';
import { ControlFocus, Field, FieldSet } from '../../shared/ui/form/Field';
import { dateSchema, requiredText } from '../../shared/ui/form/schemas';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { ActionDialog, type ActionWords, type Sending } from './ActionDialog';
import {
  useAddExtensionMutation,
  useAssignExpertMutation,
  useCancelPollMutation,
  useChangeMainExpertMutation,
  useMarkInvalidMutation,
  useSetQcOwnershipMutation,
  useStartPollMutation,
} from './api';
import { EXPERT_KIND_LABELS } from '../../api/contract/pollLabels';
import { PersonPicker } from './PersonPicker';
import { canDo, type PollActionName } from './rules';
import checkStyles from './checks.module.css';

/** Spec §8: the exact words after a main expert change. */
export const MAIN_EXPERT_CHANGED = 'You have successfully changed your Main Expert';

const ACTIONS: { name: PollActionName; Action: (props: { poll: Poll }) => ReactNode }[] = [
  { name: 'start', Action: StartAction },
  { name: 'assignExpert', Action: AssignExpertAction },
  { name: 'changeMainExpert', Action: ChangeMainExpertAction },
  { name: 'setQcOwnership', Action: QcOwnershipAction },
  { name: 'addExtension', Action: ExtensionAction },
  { name: 'markInvalid', Action: MarkInvalidAction },
  { name: 'cancel', Action: CancelAction },
];

/**
 * The actions the user's permissions on this poll and its status allow. Each keeps its own
 * in-progress flag and what was typed when the call fails (the error toast comes from the base
 * query); success closes the dialog and says so.
 */
export function CheckActions({ poll }: { poll: Poll }) {
  const allowed = ACTIONS.filter(({ name }) => canDo(poll, name));
  if (allowed.length === 0) return null;
  return (
    <>
      <h2>Manage this check</h2>
      <div className={checkStyles.actionBar}>
        {allowed.map(({ name, Action }) => (
          <Action key={name} poll={poll} />
        ))}
      </div>
    </>
  );
}

const NO_FIELDS = z.object({});

function StartAction({ poll }: { poll: Poll }) {
  const [start, { isLoading }] = useStartPollMutation();
  const form = useZodForm(NO_FIELDS);
  return (
    <ActionDialog
      form={form}
      trigger="Start check"
      primary
      title="Start this check?"
      submitLabel="Start check"
      busyLabel="Starting…"
      busy={isLoading}
      send={() => ({ call: start({ pollId: poll.id }), success: 'The check has started.' })}
    >
      <p>Participants can answer the survey once the check starts.</p>
    </ActionDialog>
  );
}

function CancelAction({ poll }: { poll: Poll }) {
  const [cancel, { isLoading }] = useCancelPollMutation();
  return (
    <ReasonAction
      trigger="Cancel check"
      title="Cancel this check?"
      submitLabel="Cancel check"
      busyLabel="Canceling…"
      cancelLabel="Keep the check"
      destructive
      busy={isLoading}
      explanation="Nobody can answer a canceled check, and it cannot be started again."
      missing="Give the reason for canceling the check."
      send={(reason) => ({
        call: cancel({ pollId: poll.id, reason }),
        success: 'The check has been canceled.',
      })}
    />
  );
}

function MarkInvalidAction({ poll }: { poll: Poll }) {
  const [markInvalid, { isLoading }] = useMarkInvalidMutation();
  return (
    <ReasonAction
      trigger="Mark invalid"
      title="Mark this check invalid?"
      submitLabel="Mark invalid"
      busyLabel="Marking invalid…"
      destructive
      busy={isLoading}
      explanation="The results of an invalid check do not count."
      missing="Give the reason why the check is invalid."
      send={(reason) => ({
        call: markInvalid({ pollId: poll.id, reason }),
        success: 'The check has been marked invalid.',
      })}
    />
  );
}

/** A required reason, trimmed (spec §5: a text is valid only when not blank). */
const reasonSchema = (missing: string) => requiredText(missing).transform((text) => text.trim());

/** A dialog that asks why, and sends the reason: canceling the check, marking it invalid. */
function ReasonAction({
  explanation,
  missing,
  send,
  ...words
}: ActionWords & {
  explanation: string;
  /** The error when no reason is given. */
  missing: string;
  send: (reason: string) => Sending;
}) {
  const schema = useMemo(() => z.object({ reason: reasonSchema(missing) }), [missing]);
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  return (
    <ActionDialog {...words} form={form} fields={['reason']} send={({ reason }) => send(reason)}>
      <p>{explanation}</p>
      <ReasonField />
    </ActionDialog>
  );
}

function AssignExpertAction({ poll }: { poll: Poll }) {
  const [assign, { isLoading }] = useAssignExpertMutation();
  const experts = poll.poll_stats.participants
    .filter((participant) => participant.role === 'exp' || participant.role === 'main_expert')
    .map((participant) => participant.id);
  return (
    <PersonAction
      trigger="Assign expert"
      title="Assign an expert"
      pickerLabel="Person"
      submitLabel="Assign"
      busyLabel="Assigning…"
      busy={isLoading}
      exclude={experts}
      send={(person, kind) => ({
        call: assign({ pollId: poll.id, user_id: person.id, kind }),
        success: `${personLabel(person)} is assigned as ${EXPERT_KIND_LABELS[kind].toLowerCase()}.`,
      })}
    >
      <ExpertKindChoice />
    </PersonAction>
  );
}

function ExpertKindChoice() {
  const { register } = useFormContext<PersonValues>();
  return (
    <FieldSet name="kind" legend="As" className={checkStyles.choiceGroup}>
      {EXPERT_KINDS.map((option) => (
        <label key={option}>
          <input type="radio" value={option} {...register('kind')} /> {EXPERT_KIND_LABELS[option]}
        </label>
      ))}
    </FieldSet>
  );
}

function ChangeMainExpertAction({ poll }: { poll: Poll }) {
  const [change, { isLoading }] = useChangeMainExpertMutation();
  return (
    <PersonAction
      trigger="Change main expert"
      title="Change the main expert"
      pickerLabel="New main expert"
      submitLabel="Change main expert"
      busyLabel="Changing…"
      busy={isLoading}
      exclude={poll.main_expert ? [poll.main_expert.id] : []}
      send={(person) => ({
        call: change({ pollId: poll.id, user_id: person.id }),
        success: MAIN_EXPERT_CHANGED,
      })}
    />
  );
}

function QcOwnershipAction({ poll }: { poll: Poll }) {
  const [setOwner, { isLoading }] = useSetQcOwnershipMutation();
  return (
    <PersonAction
      trigger="Set QC owner"
      title="Set the QC owner"
      pickerLabel="QC owner"
      submitLabel="Set QC owner"
      busyLabel="Saving…"
      busy={isLoading}
      exclude={poll.qc_owner ? [poll.qc_owner.id] : []}
      send={(person) => ({
        call: setOwner({ pollId: poll.id, user_id: person.id }),
        success: `${personLabel(person)} now owns the quality control of this check.`,
      })}
    />
  );
}

const personSchema = z.object({
  person: z
    .custom<PersonRef | null>()
    .pipe(z.custom<PersonRef>((person) => person !== null, 'Choose a person.')),
  kind: z.enum(EXPERT_KINDS),
});
type PersonValues = z.input<typeof personSchema>;

/**
 * A dialog that picks one person and sends them: assigning an expert (with the role as
 * `children`, on the same form), changing the main expert, setting the QC owner.
 */
function PersonAction({
  pickerLabel,
  exclude,
  send,
  children,
  ...words
}: ActionWords & {
  pickerLabel: string;
  exclude: number[];
  send: (person: PersonRef, kind: ExpertKind) => Sending;
  children?: ReactNode;
}) {
  const form = useZodForm(personSchema, { defaultValues: { person: null, kind: 'expert' } });
  // A new key empties the search box after a success.
  const [round, setRound] = useState(0);
  return (
    <ActionDialog
      {...words}
      form={form}
      fields={['person', 'kind']}
      send={({ person, kind }) => send(person, kind)}
      onSent={() => setRound((value) => value + 1)}
    >
      <Controller
        control={form.control}
        name="person"
        render={({ field }) => (
          <Field name="person">
            {(props) => (
              <ControlFocus fieldRef={field.ref}>
                <PersonPicker
                  key={round}
                  id={props.id}
                  label={pickerLabel}
                  person={field.value}
                  exclude={exclude}
                  onChange={field.onChange}
                  describedBy={props['aria-describedby']}
                  invalid={Boolean(props['aria-invalid'])}
                />
              </ControlFocus>
            )}
          </Field>
        )}
      />
      {children}
    </ActionDialog>
  );
}

function ExtensionAction({ poll }: { poll: Poll }) {
  const [extend, { isLoading }] = useAddExtensionMutation();
  const due = poll.due_date.slice(0, 10);
  const earliest = format(addDays(parseISO(due), 1), 'yyyy-MM-dd');
  const schema = useMemo(
    () =>
      z.object({
        until: dateSchema({ required: 'Choose the new due date.' }).refine(
          (until) => !isIsoDate(until) || until > due,
          `The new due date must be after ${formatDate(due)}.`,
        ),
        reason: reasonSchema('Give the reason for the extension.'),
      }),
    [due],
  );
  const form = useZodForm(schema, { defaultValues: { until: '', reason: '' } });
  return (
    <ActionDialog
      form={form}
      fields={['until', 'reason']}
      trigger="Extend due date"
      title="Extend the due date"
      submitLabel="Extend"
      busyLabel="Extending…"
      busy={isLoading}
      send={({ until, reason }) => ({
        call: extend({ pollId: poll.id, until, reason }),
        success: `The due date is extended to ${formatDate(until)}.`,
      })}
    >
      <p>The check is due on {formatDate(due)}.</p>
      <Controller
        control={form.control}
        name="until"
        render={({ field }) => (
          <Field name="until" label="New due date">
            {(props) => <DateField {...props} {...field} min={earliest} required />}
          </Field>
        )}
      />
      <ReasonField />
    </ActionDialog>
  );
}

/** The required reason of a dialog's form (`reason`). */
function ReasonField() {
  const { register } = useFormContext<{ reason: string }>();
  return (
    <Field name="reason" label="Reason">
      <textarea rows={3} required {...register('reason')} />
    </Field>
  );
}
