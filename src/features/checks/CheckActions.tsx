import { addDays, format, parseISO } from 'date-fns';
import { useId, useState, type ReactNode } from 'react';
import type { PersonRef } from '../../api/contract/actionRequests';
import { EXPERT_KINDS, type ExpertKind, type Poll } from '../../api/contract/polls';
import { formatDate, personLabel } from '../../api/contract/display';
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
      <h2>Actions</h2>
      <div className="action-bar">
        {allowed.map(({ name, Action }) => (
          <Action key={name} poll={poll} />
        ))}
      </div>
    </>
  );
}

const isBlank = (text: string) => text.trim() === '';

function StartAction({ poll }: { poll: Poll }) {
  const [start, { isLoading }] = useStartPollMutation();
  return (
    <ActionDialog
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
        success: 'The check is marked invalid.',
      })}
    />
  );
}

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
  const reason = useReason(missing);
  return (
    <ActionDialog
      {...words}
      send={() => {
        const text = reason.check();
        return text === null ? null : send(text);
      }}
      onSent={reason.clear}
      onClose={reason.clearError}
    >
      <p>{explanation}</p>
      <ReasonField reason={reason} />
    </ActionDialog>
  );
}

function AssignExpertAction({ poll }: { poll: Poll }) {
  const [kind, setKind] = useState<ExpertKind>('expert');
  const kindName = useId();
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
      send={(person) => ({
        call: assign({ pollId: poll.id, user_id: person.id, kind }),
        success: `${personLabel(person)} is assigned as ${EXPERT_KIND_LABELS[kind].toLowerCase()}.`,
      })}
      onSent={() => setKind('expert')}
    >
      <fieldset className="choice-group">
        <legend>As</legend>
        {EXPERT_KINDS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={kindName}
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
            />{' '}
            {EXPERT_KIND_LABELS[option]}
          </label>
        ))}
      </fieldset>
    </PersonAction>
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

/**
 * A dialog that picks one person and sends them: assigning an expert (with more fields as
 * `children`), changing the main expert, setting the QC owner.
 */
function PersonAction({
  pickerLabel,
  exclude,
  send,
  onSent,
  children,
  ...words
}: ActionWords & {
  pickerLabel: string;
  exclude: number[];
  send: (person: PersonRef) => Sending;
  onSent?: () => void;
  children?: ReactNode;
}) {
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new key empties the search box after a success.
  const [round, setRound] = useState(0);
  const pickerId = useId();
  return (
    <ActionDialog
      {...words}
      send={() => {
        if (person) return send(person);
        setError('Choose a person.');
        document.getElementById(pickerId)?.focus();
        return null;
      }}
      onSent={() => {
        setPerson(null);
        setRound((value) => value + 1);
        onSent?.();
      }}
      onClose={() => setError(null)}
    >
      <PersonPicker
        key={round}
        id={pickerId}
        label={pickerLabel}
        person={person}
        exclude={exclude}
        onChange={(next) => {
          setPerson(next);
          if (next) setError(null);
        }}
        describedBy={error ? `${pickerId}-error` : undefined}
        invalid={error !== null}
      />
      <FieldError id={`${pickerId}-error`} error={error} />
      {children}
    </ActionDialog>
  );
}

function ExtensionAction({ poll }: { poll: Poll }) {
  const [until, setUntil] = useState('');
  const [untilError, setUntilError] = useState<string | null>(null);
  const reason = useReason('Give the reason for the extension.');
  const untilId = useId();
  const [extend, { isLoading }] = useAddExtensionMutation();
  const due = poll.due_date.slice(0, 10);
  const earliest = format(addDays(parseISO(due), 1), 'yyyy-MM-dd');
  const send = (): Sending | null => {
    const wrongUntil = !until
      ? 'Choose the new due date.'
      : until <= due
        ? `The new due date must be after ${formatDate(due)}.`
        : null;
    setUntilError(wrongUntil);
    // The first wrong field takes the focus.
    const text = reason.check({ focus: !wrongUntil });
    if (wrongUntil) document.getElementById(untilId)?.focus();
    if (wrongUntil || text === null) return null;
    return {
      call: extend({ pollId: poll.id, until, reason: text }),
      success: `The due date is extended to ${formatDate(until)}.`,
    };
  };
  return (
    <ActionDialog
      trigger="Extend due date"
      title="Extend the due date"
      submitLabel="Extend"
      busyLabel="Extending…"
      busy={isLoading}
      send={send}
      onSent={() => {
        setUntil('');
        reason.clear();
      }}
      onClose={() => {
        setUntilError(null);
        reason.clearError();
      }}
    >
      <p>The check is due on {formatDate(due)}.</p>
      <div className="field">
        <label htmlFor={untilId}>New due date</label>
        <input
          id={untilId}
          type="date"
          min={earliest}
          value={until}
          onChange={(event) => {
            setUntil(event.target.value);
            setUntilError(null);
          }}
          aria-invalid={untilError ? true : undefined}
          aria-describedby={untilError ? `${untilId}-error` : undefined}
          required
        />
        <FieldError id={`${untilId}-error`} error={untilError} />
      </div>
      <ReasonField reason={reason} />
    </ActionDialog>
  );
}

/** A required reason: what was typed, its error and its box's id. */
function useReason(missing: string) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return {
    id,
    text,
    error,
    change: (value: string) => {
      setText(value);
      if (!isBlank(value)) setError(null);
    },
    /** The trimmed reason; when there is none, says so, takes the focus (unless told not to), null. */
    check: ({ focus = true } = {}): string | null => {
      if (!isBlank(text)) return text.trim();
      setError(missing);
      if (focus) document.getElementById(id)?.focus();
      return null;
    },
    clear: () => setText(''),
    clearError: () => setError(null),
  };
}

function ReasonField({ reason }: { reason: ReturnType<typeof useReason> }) {
  const { id } = reason;
  return (
    <div className="field">
      <label htmlFor={id}>Reason</label>
      <textarea
        id={id}
        rows={3}
        value={reason.text}
        onChange={(event) => reason.change(event.target.value)}
        aria-invalid={reason.error ? true : undefined}
        aria-describedby={reason.error ? `${id}-error` : undefined}
        required
      />
      <FieldError id={`${id}-error`} error={reason.error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}
