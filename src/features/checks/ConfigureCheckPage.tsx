import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ProjectListItem } from '../../api/contract/directory';
import {
  RESPONDENT_ROLES,
  CHECK_INDEX_MESSAGES,
  type CreatePollRequest,
  type PollModelInfo,
  type PollModel,
  type PollType,
} from '../../api/contract/polls';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { notify } from '../../shared/lib/toasts';
import { DateField } from '../../shared/ui/DateField';
import { ControlFocus, Field, FieldSet } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetProjectQuery } from '../projects/api';
import { positiveInt } from '../../shared/lib/searchParams';
import { useCreatePollMutation, useGetPollModelsQuery } from './api';
import {
  CONFIGURE_API_NAMES,
  CONFIGURE_FIELDS,
  configureCheckSchema,
  type ConfiguredCheck,
} from './configureCheck';
import { POLL_TYPE_LABELS, ROLE_LABELS } from '../../api/contract/pollLabels';
import { ExpertList } from './ExpertList';
import { PersonPicker } from './PersonPicker';
import { ProjectPicker } from './ProjectPicker';
import { creatableTypes } from './rules';
import { Button } from '../../shared/ui/Button';
import checkStyles from './checks.module.css';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';
import { todayIso } from '../../shared/lib/today';

export const CHECK_CONFIGURED = 'The check has been configured.';

/**
 * `/checks/configure_new`: a new check for a project. The index follows spec §5 (checked on
 * blur, then as it changes, and on submit); the server's field errors show beside their fields
 * and nothing typed is lost; leaving with changes asks first; success opens the new check.
 */
export default function ConfigureCheckPage() {
  const { data: user } = useGetCurrentUserQuery();
  // From a project card: `?project=12` chooses the project already.
  const projectId = positiveInt(useSearchParams()[0].get('project'));
  const preset = useGetProjectQuery(projectId ?? 0, { skip: projectId === undefined });
  if (!user) return <LoadingScreen label="Loading your permissions…" />;
  if (projectId !== undefined && preset.isLoading)
    return <LoadingScreen label="Loading the project…" />;
  const project = preset.data;
  return (
    <ConfigureCheckForm
      types={creatableTypes(user.permissions)}
      initialProject={
        project
          ? {
              id: project.id,
              name: project.name,
              account_id: project.account.id,
              account_name: project.account.name,
              delivery_unit: '',
              high_ownership: project.high_ownership,
            }
          : null
      }
    />
  );
}

function ConfigureCheckForm({
  types,
  initialProject,
}: {
  types: PollType[];
  initialProject: ProjectListItem | null;
}) {
  const navigate = useNavigate();
  const models = useGetPollModelsQuery();
  const [createPoll] = useCreatePollMutation();
  const form = useZodForm(configureCheckSchema, {
    defaultValues: {
      project: initialProject,
      // One possible type needs no choosing.
      type: types.length === 1 ? (types[0] ?? '') : '',
      model: '',
      index: '',
      roles: [...RESPONDENT_ROLES],
      experts: [],
      due_date: '',
      someDrivers: false,
      drivers: [],
    },
  });
  const { control, register, resetField, formState } = form;
  const { dialog, allowNavigation } = useUnsavedChangesGuard(formState.isDirty);
  const [type, model, someDrivers] = useWatch({
    control,
    name: ['type', 'model', 'someDrivers'],
  });
  const modelChoices = type
    ? (models.data ?? []).filter((m) => m.types.includes(type as PollType))
    : [];
  const modelInfo = modelChoices.find((m) => m.code === model);
  const today = todayIso();

  // A model that does not serve the type goes; one possible model needs no choosing.
  const onlyModel = modelChoices.length === 1 ? (modelChoices[0]?.code ?? '') : '';
  const modelFits = modelChoices.some((m) => m.code === model);
  // The choice made for the user is no change of theirs: it becomes the field's default.
  useEffect(() => {
    if (!modelFits) resetField('model', { defaultValue: onlyModel });
  }, [modelFits, onlyModel, resetField]);

  const save = async (values: ConfiguredCheck) => {
    const info = modelChoices.find((m) => m.code === values.model);
    // Drivers picked under another model do not belong to this one.
    const drivers = values.drivers.filter((slug) => info?.drivers.some((d) => d.slug === slug));
    const body: CreatePollRequest = {
      project_id: values.project.id,
      type: values.type as PollType,
      model: values.model as PollModel,
      index: values.index,
      roles: RESPONDENT_ROLES.filter((role) => values.roles.includes(role)),
      experts: values.experts.map(({ person, kind }) => ({ user_id: person.id, kind })),
      due_date: values.due_date,
      custom_check_config: values.someDrivers && info ? { drivers } : null,
    };
    try {
      const poll = await createPoll(body).unwrap();
      notify.successOnNextPage(CHECK_CONFIGURED);
      allowNavigation();
      navigate(`/checks/${poll.id}`);
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: CONFIGURE_FIELDS,
        rename: CONFIGURE_API_NAMES,
      });
    }
  };

  return (
    <section className={checkStyles.configureCheck} aria-labelledby="configure-title">
      <Breadcrumb trail={[{ label: 'Checks', to: '/checks' }]} />
      <h1 id="configure-title">Configure a new check</h1>
      <p>
        Choose the project, the kind of check and who answers it. Experts and the choice of drivers
        are optional; every other field is required.
      </p>

      <Form
        form={form}
        onSubmit={save}
        className={checkStyles.configureForm}
        aria-labelledby="configure-title"
      >
        <Controller
          control={control}
          name="project"
          render={({ field }) => (
            <Field name="project" id="configure-project">
              {(props) => (
                <ControlFocus fieldRef={field.ref}>
                  <ProjectPicker
                    id={props.id}
                    project={field.value}
                    onChange={field.onChange}
                    describedBy={props['aria-describedby']}
                    invalid={Boolean(props['aria-invalid'])}
                  />
                </ControlFocus>
              )}
            </Field>
          )}
        />

        <Field name="type" label="Type" id="configure-type">
          <select {...register('type')} required>
            {types.length !== 1 && <option value="">Choose a type</option>}
            {types.map((option) => (
              <option key={option} value={option}>
                {POLL_TYPE_LABELS[option]}
              </option>
            ))}
          </select>
        </Field>

        <Field
          name="model"
          label="Model"
          id="configure-model"
          hint={
            models.isError ? (
              <>
                The models could not be loaded.{' '}
                <Button type="button" variant="quiet-link" onClick={() => void models.refetch()}>
                  Try again
                </Button>
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
          <select {...register('model')} required disabled={!type || !models.data}>
            {modelChoices.length !== 1 && <option value="">Choose a model</option>}
            {modelChoices.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </Field>

        <Field name="index" label="Index" id="configure-index" hint={CHECK_INDEX_MESSAGES.hint}>
          <input {...register('index')} type="text" required />
        </Field>

        <FieldSet name="roles" legend="Respondent roles" className={checkStyles.choiceGroup}>
          {RESPONDENT_ROLES.map((role) => (
            <label key={role}>
              <input type="checkbox" value={role} {...register('roles')} /> {ROLE_LABELS[role]}
            </label>
          ))}
        </FieldSet>

        <Controller
          control={control}
          name="experts"
          render={({ field }) => (
            <FieldSet name="experts" legend="Experts">
              <ExpertList
                idPrefix="configure-expert"
                experts={field.value}
                onChange={field.onChange}
              />
              <ControlFocus fieldRef={field.ref}>
                <PersonPicker
                  id="configure-expert-search"
                  label="Add an expert"
                  person={null}
                  clearOnPick
                  exclude={field.value.map((expert) => expert.person.id)}
                  onChange={(person) => {
                    if (person) field.onChange([...field.value, { person, kind: 'expert' }]);
                  }}
                />
              </ControlFocus>
            </FieldSet>
          )}
        />

        <Controller
          control={control}
          name="due_date"
          render={({ field }) => (
            <Field name="due_date" label="Due date" id="configure-due-date">
              {(props) => <DateField {...props} {...field} min={today} required />}
            </Field>
          )}
        />

        <Field
          name="someDrivers"
          id="configure-some-drivers"
          hint={
            modelInfo
              ? 'Off: the check asks every driver of the model.'
              : 'Choose a model to pick its drivers.'
          }
        >
          {(props) => (
            <>
              <label className={checkStyles.toggle}>
                <input
                  {...props}
                  type="checkbox"
                  disabled={!modelInfo}
                  {...register('someDrivers')}
                />{' '}
                Ask only some drivers
              </label>
              {someDrivers && modelInfo && (
                <Controller
                  control={control}
                  name="drivers"
                  render={({ field }) => (
                    <DriverChoice
                      model={modelInfo}
                      chosen={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
              )}
            </>
          )}
        </Field>

        <div className={checkStyles.formActions}>
          <Button type="submit" variant="primary" busy={formState.isSubmitting}>
            {formState.isSubmitting ? 'Configuring…' : 'Configure check'}
          </Button>
          <Button to="/checks">Cancel</Button>
        </div>
      </Form>
      {dialog}
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
    <fieldset className={`${checkStyles.choiceGroup} ${checkStyles.driverChoice}`}>
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
