import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import type { PersonRef } from '../../api/contract/actionRequests';
import type { ProjectListItem } from '../../api/contract/directory';
import {
  CHECK_INDEX_MESSAGES,
  EXPERT_KINDS,
  RESPONDENT_ROLES,
  checkIndexError,
  type CreatePollRequest,
  type ExpertKind,
  type PollModel,
  type PollModelInfo,
  type PollType,
  type RespondentRole,
} from '../../api/contract/polls';
import { formatDate, personLabel } from '../../api/contract/display';
import { notify } from '../../shared/lib/toasts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetCurrentUserQuery } from '../auth/api';
import { useCreatePollMutation, useGetPollModelsQuery } from './api';
import { EXPERT_KIND_LABELS, POLL_TYPE_LABELS, ROLE_LABELS } from '../../api/contract/pollLabels';
import { PersonPicker } from './PersonPicker';
import { ProjectPicker } from './ProjectPicker';
import { creatableTypes } from './rules';
import './checks.css';

export const CHECK_CONFIGURED = 'The check has been configured.';

/** The form's fields, in the order they appear; the server's names map onto them. */
const FIELDS = [
  'project',
  'type',
  'model',
  'index',
  'roles',
  'experts',
  'due_date',
  'custom_check_config',
] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string[]>>;

const SERVER_FIELDS: Record<string, Field> = {
  project_id: 'project',
  project: 'project',
  type: 'type',
  model: 'model',
  index: 'index',
  roles: 'roles',
  experts: 'experts',
  due_date: 'due_date',
  custom_check_config: 'custom_check_config',
};

/** The element each field's error sends the focus to. */
const FOCUS_IDS: Record<Field, string> = {
  project: 'configure-project',
  type: 'configure-type',
  model: 'configure-model',
  index: 'configure-index',
  roles: 'configure-role-pm',
  experts: 'configure-expert-search',
  due_date: 'configure-due-date',
  custom_check_config: 'configure-some-drivers',
};

interface Draft {
  project: ProjectListItem | null;
  type: PollType | '';
  model: PollModel | '';
  index: string;
  roles: RespondentRole[];
  experts: { person: PersonRef; kind: ExpertKind }[];
  dueDate: string;
  someDrivers: boolean;
  drivers: string[];
}

const EMPTY_DRAFT: Draft = {
  project: null,
  type: '',
  model: '',
  index: '',
  roles: [...RESPONDENT_ROLES],
  experts: [],
  dueDate: '',
  someDrivers: false,
  drivers: [],
};

/**
 * `/checks/configure_new`: a new check for a project. The index follows spec §5 (checked on
 * blur and on submit); the server's field errors show beside their fields and nothing typed is
 * lost; success opens the new check.
 */
export default function ConfigureCheckPage() {
  const navigate = useNavigate();
  const { data: user } = useGetCurrentUserQuery();
  const models = useGetPollModelsQuery();
  const [createPoll, { isLoading: creating }] = useCreatePollMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  if (!user) return <LoadingScreen label="Loading your permissions…" />;

  const types = creatableTypes(user.permissions);
  // One possible type or model needs no choosing.
  const type: PollType | '' = draft.type || (types.length === 1 ? (types[0] ?? '') : '');
  const modelChoices = type ? (models.data ?? []).filter((m) => m.types.includes(type)) : [];
  const model: PollModel | '' = modelChoices.some((m) => m.code === draft.model)
    ? draft.model
    : modelChoices.length === 1
      ? (modelChoices[0]?.code ?? '')
      : '';
  const modelInfo = modelChoices.find((m) => m.code === model);
  const someDrivers = draft.someDrivers && modelInfo !== undefined;
  // Drivers picked under another model do not belong to this one.
  const drivers = draft.drivers.filter((slug) => modelInfo?.drivers.some((d) => d.slug === slug));
  const today = format(new Date(), 'yyyy-MM-dd');

  const change = <Key extends keyof Draft>(key: Key, value: Draft[Key], field?: Field) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const validateIndex = (index: string) => {
    const message = checkIndexError(index);
    setErrors(({ index: _old, ...rest }) => (message ? { ...rest, index: [message] } : rest));
  };

  const submit = async () => {
    const found = validate({ ...draft, type, model, someDrivers, drivers }, today);
    setErrors(found);
    setFormErrors([]);
    if (focusFirst(found) || !draft.project || !type || !model) return;
    const body: CreatePollRequest = {
      project_id: draft.project.id,
      type,
      model,
      index: draft.index,
      roles: RESPONDENT_ROLES.filter((role) => draft.roles.includes(role)),
      experts: draft.experts.map(({ person, kind }) => ({ user_id: person.id, kind })),
      due_date: draft.dueDate,
      custom_check_config: someDrivers ? { drivers } : null,
    };
    try {
      const poll = await createPoll(body).unwrap();
      notify.success(CHECK_CONFIGURED);
      navigate(`/checks/${poll.id}`);
    } catch (error) {
      const server = readServerErrors(error as ApiError);
      setErrors(server.fields);
      setFormErrors(server.form);
      focusFirst(server.fields);
    }
  };

  const errorOf = (field: Field) => errors[field];
  const describedBy = (field: Field, ...more: string[]) =>
    [...more, errors[field] ? `${FOCUS_IDS[field]}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  /** A labelled control's id, error state and descriptions (its hint first, then its errors). */
  const controlOf = (field: Field, { hinted = false } = {}) => ({
    id: FOCUS_IDS[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, ...(hinted ? [`${FOCUS_IDS[field]}-hint`] : [])),
    required: true,
  });

  return (
    <section className="configure-check" aria-labelledby="configure-title">
      <p className="back-link">
        <Link to="/checks">All checks</Link>
      </p>
      <h1 id="configure-title">Configure a new check</h1>
      <p>
        Choose the project, the kind of check and who answers it. Experts and the choice of drivers
        are optional; every other field is required.
      </p>

      {formErrors.length > 0 && (
        <div className="form-errors" role="alert">
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <form
        className="configure-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!creating) void submit();
        }}
      >
        <div className="field">
          <ProjectPicker
            id={FOCUS_IDS.project}
            project={draft.project}
            onChange={(project) => change('project', project, 'project')}
            describedBy={describedBy('project')}
            invalid={Boolean(errorOf('project'))}
          />
          <FieldErrors field="project" messages={errorOf('project')} />
        </div>

        <FormField field="type" label="Type" messages={errorOf('type')}>
          <select
            {...controlOf('type')}
            value={type}
            onChange={(event) => change('type', event.target.value as PollType | '', 'type')}
          >
            {types.length !== 1 && <option value="">Choose a type</option>}
            {types.map((option) => (
              <option key={option} value={option}>
                {POLL_TYPE_LABELS[option]}
              </option>
            ))}
          </select>
        </FormField>

        <FormField
          field="model"
          label="Model"
          messages={errorOf('model')}
          hint={
            models.isError ? (
              <>
                The models could not be loaded.{' '}
                <button type="button" className="link-button" onClick={() => void models.refetch()}>
                  Try again
                </button>
              </>
            ) : !models.data ? (
              'Loading the models…'
            ) : !type ? (
              'Choose a type first: each model serves some types.'
            ) : (
              <>
                What the check asks. <Link to="/checks/models">See the models</Link>
              </>
            )
          }
        >
          <select
            {...controlOf('model', { hinted: true })}
            value={model}
            disabled={!type || !models.data}
            onChange={(event) => change('model', event.target.value as PollModel | '', 'model')}
          >
            {modelChoices.length !== 1 && <option value="">Choose a model</option>}
            {modelChoices.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </FormField>

        <FormField
          field="index"
          label="Index"
          messages={errorOf('index')}
          hint={CHECK_INDEX_MESSAGES.hint}
        >
          <input
            {...controlOf('index', { hinted: true })}
            type="text"
            value={draft.index}
            onChange={(event) => {
              change('index', event.target.value);
              if (errors.index) validateIndex(event.target.value);
            }}
            onBlur={(event) => validateIndex(event.target.value)}
          />
        </FormField>

        <fieldset className="field choice-group" aria-describedby={describedBy('roles')}>
          <legend>Respondent roles</legend>
          {RESPONDENT_ROLES.map((role) => (
            <label key={role}>
              <input
                id={`configure-role-${role}`}
                type="checkbox"
                checked={draft.roles.includes(role)}
                onChange={(event) =>
                  change(
                    'roles',
                    event.target.checked
                      ? [...draft.roles, role]
                      : draft.roles.filter((chosen) => chosen !== role),
                    'roles',
                  )
                }
              />{' '}
              {ROLE_LABELS[role]}
            </label>
          ))}
          <FieldErrors field="roles" messages={errorOf('roles')} />
        </fieldset>

        <fieldset className="field" aria-describedby={describedBy('experts')}>
          <legend>Experts</legend>
          {draft.experts.length > 0 && (
            <ul className="expert-list">
              {draft.experts.map(({ person, kind }) => (
                <li key={person.id}>
                  <span>{personLabel(person)}</span>
                  <label className="visually-hidden" htmlFor={`configure-expert-${person.id}`}>
                    Role of {personLabel(person)}
                  </label>
                  <select
                    id={`configure-expert-${person.id}`}
                    value={kind}
                    onChange={(event) =>
                      change(
                        'experts',
                        setExpertKind(draft.experts, person.id, event.target.value as ExpertKind),
                        'experts',
                      )
                    }
                  >
                    {EXPERT_KINDS.map((option) => (
                      <option key={option} value={option}>
                        {EXPERT_KIND_LABELS[option]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      change(
                        'experts',
                        draft.experts.filter((expert) => expert.person.id !== person.id),
                        'experts',
                      )
                    }
                  >
                    Remove<span className="visually-hidden"> {personLabel(person)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PersonPicker
            id={FOCUS_IDS.experts}
            label="Add an expert"
            person={null}
            clearOnPick
            exclude={draft.experts.map((expert) => expert.person.id)}
            onChange={(person) => {
              if (person)
                change('experts', [...draft.experts, { person, kind: 'expert' }], 'experts');
            }}
          />
          <FieldErrors field="experts" messages={errorOf('experts')} />
        </fieldset>

        <FormField field="due_date" label="Due date" messages={errorOf('due_date')}>
          <input
            {...controlOf('due_date')}
            type="date"
            min={today}
            value={draft.dueDate}
            onChange={(event) => change('dueDate', event.target.value, 'due_date')}
          />
        </FormField>

        <div className="field">
          <label className="toggle">
            <input
              id={FOCUS_IDS.custom_check_config}
              type="checkbox"
              checked={someDrivers}
              disabled={!modelInfo}
              aria-describedby={describedBy('custom_check_config', 'configure-drivers-hint')}
              onChange={(event) =>
                change('someDrivers', event.target.checked, 'custom_check_config')
              }
            />{' '}
            Ask only some drivers
          </label>
          <span id="configure-drivers-hint" className="field-hint">
            {modelInfo
              ? 'Off: the check asks every driver of the model.'
              : 'Choose a model to pick its drivers.'}
          </span>
          {someDrivers && modelInfo && (
            <DriverChoice
              model={modelInfo}
              chosen={drivers}
              onChange={(drivers) => change('drivers', drivers, 'custom_check_config')}
            />
          )}
          <FieldErrors field="custom_check_config" messages={errorOf('custom_check_config')} />
        </div>

        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={creating}>
            {creating ? 'Configuring…' : 'Configure check'}
          </button>
          <Link to="/checks" className="button">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}

function DriverChoice({
  model,
  chosen,
  onChange,
}: {
  model: PollModelInfo;
  chosen: string[];
  onChange: (drivers: string[]) => void;
}) {
  return (
    <fieldset className="choice-group driver-choice">
      <legend>Drivers to ask</legend>
      {model.drivers.map((driver) => (
        <label key={driver.slug}>
          <input
            type="checkbox"
            checked={chosen.includes(driver.slug)}
            onChange={(event) =>
              onChange(
                // Kept in the model's order whatever the order of the clicks.
                model.drivers
                  .map((d) => d.slug)
                  .filter((slug) =>
                    slug === driver.slug ? event.target.checked : chosen.includes(slug),
                  ),
              )
            }
          />{' '}
          {driver.name} <span className="muted">({driver.area.name})</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A labelled field: its control, a hint under it, then its errors. */
function FormField({
  field,
  label,
  hint,
  messages,
  children,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  messages: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={FOCUS_IDS[field]}>{label}</label>
      {children}
      {hint !== undefined && (
        <span id={`${FOCUS_IDS[field]}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      <FieldErrors field={field} messages={messages} />
    </div>
  );
}

function FieldErrors({ field, messages }: { field: Field; messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <span id={`${FOCUS_IDS[field]}-error`} className="field-error">
      {messages.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </span>
  );
}

/** One main expert at most: naming a new one makes the previous one an expert. */
function setExpertKind(experts: Draft['experts'], id: number, kind: ExpertKind): Draft['experts'] {
  return experts.map((expert) =>
    expert.person.id === id
      ? { ...expert, kind }
      : kind === 'main_expert' && expert.kind === 'main_expert'
        ? { ...expert, kind: 'expert' }
        : expert,
  );
}

/** The client's rules; the server may add its own. */
function validate(draft: Draft, today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.project) errors.project = ['Choose the project.'];
  if (!draft.type) errors.type = ['Choose the type of check.'];
  if (!draft.model) errors.model = ['Choose a model.'];
  const indexError = checkIndexError(draft.index);
  if (indexError) errors.index = [indexError];
  if (draft.roles.length === 0) errors.roles = ['Choose at least one respondent role.'];
  if (!draft.dueDate) errors.due_date = ['Choose the due date.'];
  else if (draft.dueDate < today)
    errors.due_date = [`The due date cannot be before today (${formatDate(today)}).`];
  if (draft.someDrivers && draft.drivers.length === 0)
    errors.custom_check_config = ['Choose at least one driver, or ask every driver.'];
  return errors;
}

/** Focuses the first field in error; false when there is none. */
function focusFirst(errors: FieldErrors): boolean {
  const field = FIELDS.find((name) => errors[name]);
  if (!field) return false;
  document.getElementById(FOCUS_IDS[field])?.focus();
  return true;
}

/** A 400 body `{field: ['…']}` onto the form's fields; anything else is about the whole form. */
function readServerErrors(error: ApiError | undefined): { fields: FieldErrors; form: string[] } {
  const fields: FieldErrors = {};
  const form: string[] = [];
  const body = error?.data;
  if (error?.status !== 400 || !body || typeof body !== 'object') return { fields, form };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const messages = flatten(value);
    const field = SERVER_FIELDS[key];
    if (field) fields[field] = [...(fields[field] ?? []), ...messages];
    else if (key !== 'code') form.push(...messages);
  }
  return { fields, form };
}

/** DRF nests errors of nested serializers and lists (`experts: [{user_id: ['…']}]`). */
function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}
