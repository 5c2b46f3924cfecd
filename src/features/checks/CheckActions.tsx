import { addDays, format, parseISO } from 'date-fns';
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PersonRef } from '../../api/contract/actionRequests';
import { EXPERT_KINDS, type ExpertKind, type Poll } from '../../api/contract/polls';
import { formatDate, personLabel } from '../../shared/lib/format';
import { notify } from '../../shared/lib/toasts';
import { ActionDialog } from './ActionDialog';
import {
  useAddExtensionMutation,
  useAssignExpertMutation,
  useCancelPollMutation,
  useChangeMainExpertMutation,
  useMarkInvalidMutation,
  useSetQcOwnershipMutation,
  useStartPollMutation,
} from './api';
import { EXPERT_KIND_LABELS } from './labels';
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

/** Awaits a check call; on success runs `done`. A failure leaves the dialog as it is. */
async function run(call: { unwrap: () => Promise<unknown> }, done: () => void) {
  try {
    await call.unwrap();
    done();
  } catch {
    // The base query's error toast names the problem; the dialog keeps the input for a retry.
  }
}

const isBlank = (text: string) => text.trim() === '';

function StartAction({ poll }: { poll: Poll }) {
  const [open, setOpen] = useState(false);
  const [start, { isLoading }] = useStartPollMutation();
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        disabled={isLoading}
        onClick={() => setOpen(true)}
      >
        Start check
      </button>
      <ActionDialog
        open={open}
        title="Start this check?"
        submitLabel="Start check"
        busyLabel="Starting…"
        busy={isLoading}
        onSubmit={() =>
          void run(start({ pollId: poll.id }), () => {
            setOpen(false);
            notify.success('The check has started.');
          })
        }
        onCancel={() => setOpen(false)}
      >
        <p>Participants can answer the survey once the check starts.</p>
      </ActionDialog>
    </>
  );
}

function CancelAction({ poll }: { poll: Poll }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [cancel, { isLoading }] = useCancelPollMutation();
  const submit = () => {
    if (isBlank(reason)) {
      setError('Give the reason for canceling the check.');
      reasonRef.current?.focus();
      return;
    }
    void run(cancel({ pollId: poll.id, reason: reason.trim() }), () => {
      setOpen(false);
      setReason('');
      notify.success('The check has been canceled.');
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={isLoading} onClick={() => setOpen(true)}>
        Cancel check
      </button>
      <ActionDialog
        open={open}
        title="Cancel this check?"
        submitLabel="Cancel check"
        busyLabel="Canceling…"
        cancelLabel="Keep the check"
        destructive
        busy={isLoading}
        onSubmit={submit}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>Nobody can answer a canceled check, and it cannot be started again.</p>
        <TextField
          ref={reasonRef}
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (!isBlank(value)) setError(null);
          }}
          error={error}
        />
      </ActionDialog>
    </>
  );
}

function MarkInvalidAction({ poll }: { poll: Poll }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [markInvalid, { isLoading }] = useMarkInvalidMutation();
  const submit = () => {
    if (isBlank(reason)) {
      setError('Give the reason why the check is invalid.');
      reasonRef.current?.focus();
      return;
    }
    void run(markInvalid({ pollId: poll.id, reason: reason.trim() }), () => {
      setOpen(false);
      setReason('');
      notify.success('The check is marked invalid.');
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={isLoading} onClick={() => setOpen(true)}>
        Mark invalid
      </button>
      <ActionDialog
        open={open}
        title="Mark this check invalid?"
        submitLabel="Mark invalid"
        busyLabel="Marking invalid…"
        destructive
        busy={isLoading}
        onSubmit={submit}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>The results of an invalid check do not count.</p>
        <TextField
          ref={reasonRef}
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (!isBlank(value)) setError(null);
          }}
          error={error}
        />
      </ActionDialog>
    </>
  );
}

function AssignExpertAction({ poll }: { poll: Poll }) {
  const [open, setOpen] = useState(false);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [kind, setKind] = useState<ExpertKind>('expert');
  const [error, setError] = useState<string | null>(null);
  // A new key empties the search box after a success.
  const [round, setRound] = useState(0);
  const pickerId = useId();
  const [assign, { isLoading }] = useAssignExpertMutation();
  const experts = poll.poll_stats.participants
    .filter((participant) => participant.role === 'exp' || participant.role === 'main_expert')
    .map((participant) => participant.id);
  const submit = () => {
    if (!person) {
      setError('Choose a person.');
      document.getElementById(pickerId)?.focus();
      return;
    }
    void run(assign({ pollId: poll.id, user_id: person.id, kind }), () => {
      setOpen(false);
      setPerson(null);
      setKind('expert');
      setRound((value) => value + 1);
      notify.success(
        `${personLabel(person)} is assigned as ${EXPERT_KIND_LABELS[kind].toLowerCase()}.`,
      );
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={isLoading} onClick={() => setOpen(true)}>
        Assign expert
      </button>
      <ActionDialog
        open={open}
        title="Assign an expert"
        submitLabel="Assign"
        busyLabel="Assigning…"
        busy={isLoading}
        onSubmit={submit}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <PersonPicker
          key={round}
          id={pickerId}
          label="Person"
          person={person}
          exclude={experts}
          onChange={(next) => {
            setPerson(next);
            if (next) setError(null);
          }}
          describedBy={error ? `${pickerId}-error` : undefined}
          invalid={error !== null}
        />
        <FieldError id={`${pickerId}-error`} error={error} />
        <fieldset className="choice-group">
          <legend>As</legend>
          {EXPERT_KINDS.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${pickerId}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />{' '}
              {EXPERT_KIND_LABELS[option]}
            </label>
          ))}
        </fieldset>
      </ActionDialog>
    </>
  );
}

/** A dialog that picks one person and sends them: the main expert and QC ownership changes. */
function PersonAction({
  poll,
  trigger,
  title,
  pickerLabel,
  submitLabel,
  busyLabel,
  exclude,
  send,
  busy,
  success,
}: {
  poll: Poll;
  trigger: string;
  title: string;
  pickerLabel: string;
  submitLabel: string;
  busyLabel: string;
  exclude: number[];
  /** The mutation's trigger; its own `isLoading` is `busy`. */
  send: (body: { pollId: number; user_id: number }) => { unwrap: () => Promise<unknown> };
  busy: boolean;
  success: (person: PersonRef) => string;
}) {
  const [open, setOpen] = useState(false);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const pickerId = useId();
  const submit = () => {
    if (!person) {
      setError('Choose a person.');
      document.getElementById(pickerId)?.focus();
      return;
    }
    void run(send({ pollId: poll.id, user_id: person.id }), () => {
      setOpen(false);
      setPerson(null);
      setRound((value) => value + 1);
      notify.success(success(person));
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => setOpen(true)}>
        {trigger}
      </button>
      <ActionDialog
        open={open}
        title={title}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        busy={busy}
        onSubmit={submit}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
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
      </ActionDialog>
    </>
  );
}

function ChangeMainExpertAction({ poll }: { poll: Poll }) {
  const [change, { isLoading }] = useChangeMainExpertMutation();
  return (
    <PersonAction
      poll={poll}
      trigger="Change main expert"
      title="Change the main expert"
      pickerLabel="New main expert"
      submitLabel="Change main expert"
      busyLabel="Changing…"
      exclude={poll.main_expert ? [poll.main_expert.id] : []}
      send={change}
      busy={isLoading}
      success={() => MAIN_EXPERT_CHANGED}
    />
  );
}

function QcOwnershipAction({ poll }: { poll: Poll }) {
  const [setOwner, { isLoading }] = useSetQcOwnershipMutation();
  return (
    <PersonAction
      poll={poll}
      trigger="Set QC owner"
      title="Set the QC owner"
      pickerLabel="QC owner"
      submitLabel="Set QC owner"
      busyLabel="Saving…"
      exclude={poll.qc_owner ? [poll.qc_owner.id] : []}
      send={setOwner}
      busy={isLoading}
      success={(person) => `${personLabel(person)} now owns the quality control of this check.`}
    />
  );
}

function ExtensionAction({ poll }: { poll: Poll }) {
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ until?: string; reason?: string }>({});
  const untilId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [extend, { isLoading }] = useAddExtensionMutation();
  const due = poll.due_date.slice(0, 10);
  const earliest = format(addDays(parseISO(due), 1), 'yyyy-MM-dd');
  const submit = () => {
    const found: typeof errors = {};
    if (!until) found.until = 'Choose the new due date.';
    else if (until <= due) found.until = `The new due date must be after ${formatDate(due)}.`;
    if (isBlank(reason)) found.reason = 'Give the reason for the extension.';
    setErrors(found);
    if (found.until) document.getElementById(untilId)?.focus();
    else if (found.reason) reasonRef.current?.focus();
    if (found.until || found.reason) return;
    void run(extend({ pollId: poll.id, until, reason: reason.trim() }), () => {
      setOpen(false);
      setUntil('');
      setReason('');
      notify.success(`The due date is extended to ${formatDate(until)}.`);
    });
  };
  return (
    <>
      <button type="button" className="button" disabled={isLoading} onClick={() => setOpen(true)}>
        Extend due date
      </button>
      <ActionDialog
        open={open}
        title="Extend the due date"
        submitLabel="Extend"
        busyLabel="Extending…"
        busy={isLoading}
        onSubmit={submit}
        onCancel={() => {
          setOpen(false);
          setErrors({});
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
              setErrors(({ reason: reasonError }) => ({ reason: reasonError }));
            }}
            aria-invalid={errors.until ? true : undefined}
            aria-describedby={errors.until ? `${untilId}-error` : undefined}
            required
          />
          <FieldError id={`${untilId}-error`} error={errors.until ?? null} />
        </div>
        <TextField
          ref={reasonRef}
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (!isBlank(value)) setErrors(({ until: untilError }) => ({ until: untilError }));
          }}
          error={errors.reason ?? null}
        />
      </ActionDialog>
    </>
  );
}

function TextField({
  ref,
  label,
  value,
  onChange,
  error,
}: {
  ref: Ref<HTMLTextAreaElement>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={ref}
        id={id}
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      <FieldError id={`${id}-error`} error={error} />
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
