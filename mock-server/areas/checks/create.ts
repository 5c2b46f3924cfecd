import {
  EXPERT_KINDS,
  POLL_MODELS,
  POLL_TYPES,
  RESPONDENT_ROLES,
  checkIndexError,
  type ExpertKind,
  type PollModel,
  type PollType,
  type RespondentRole,
} from '../../../src/api/contract/polls';
import { CREATE_PERMISSIONS, creatableTypes } from '../../../src/api/contract/pollRules';
import { today } from '../../lib/clock';
import {
  FieldErrors,
  REQUIRED,
  dateField,
  notText,
  pkProblem,
  pkValue,
  primaryKey,
  textValue,
} from '../../lib/drf';
import { created, forbidden, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { mutate, type MockDb } from '../../store/db';
import { toPoll } from './model';
import { newPoll } from './newPoll';
import { modelOf } from './pollModels';

/**
 * `POST /api/polls/`: a new check of a type the user may create (403 without any), with the
 * spec §5 index rules and DRF's field errors.
 */
export function createPoll(db: MockDb, req: MockRequest<Record<string, unknown>>) {
  const { persona } = req.auth;
  // A user with every permission holds every create flag.
  const types = creatableTypes(
    persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS')
      ? CREATE_PERMISSIONS
      : persona.permissions,
  );
  if (types.length === 0) forbidden();
  const { body } = req;
  const state = db.getState();
  const errors = new FieldErrors();

  const projectId = primaryKey(errors, body, 'project_id', (id) =>
    state.projects.some((candidate) => candidate.id === id),
  );
  const project = state.projects.find((candidate) => candidate.id === projectId);

  const type = body.type as PollType;
  if (type === undefined || type === null) errors.add('type', REQUIRED);
  else if (!POLL_TYPES.includes(type))
    errors.add('type', `"${String(type)}" is not a valid choice.`);
  else if (!types.includes(type)) errors.add('type', 'You may not create a check of this type.');

  const model = body.model as PollModel;
  if (model === undefined || model === null) errors.add('model', REQUIRED);
  else if (!POLL_MODELS.includes(model))
    errors.add('model', `"${String(model)}" is not a valid choice.`);
  else if (POLL_TYPES.includes(type) && !modelOf(model).types.includes(type))
    errors.add('model', `The ${model} model does not serve checks of type ${type}.`);

  const index = textValue(body.index) ?? '';
  if (body.index !== undefined && textValue(body.index) === undefined)
    errors.add('index', notText(body.index));
  else {
    const indexError = checkIndexError(index);
    if (indexError) errors.add('index', indexError);
  }

  const roles = body.roles;
  if (!Array.isArray(roles) || roles.length === 0)
    errors.add('roles', Array.isArray(roles) ? 'Choose at least one respondent role.' : REQUIRED);
  else
    for (const role of roles)
      if (!(RESPONDENT_ROLES as readonly unknown[]).includes(role))
        errors.add('roles', `"${String(role)}" is not a valid choice.`);

  const experts: { user_id: number; kind: ExpertKind }[] = [];
  if (body.experts !== undefined && !Array.isArray(body.experts))
    errors.add('experts', 'Expected a list of items but got type "' + typeof body.experts + '".');
  for (const expert of Array.isArray(body.experts) ? (body.experts as unknown[]) : []) {
    const entry = (expert ?? {}) as Record<string, unknown>;
    const problem =
      entry.user_id === undefined
        ? REQUIRED
        : pkProblem(entry.user_id, (id) => state.people.some((person) => person.id === id));
    if (problem) errors.add('experts', problem);
    else if (!(EXPERT_KINDS as readonly unknown[]).includes(entry.kind))
      errors.add('experts', `"${String(entry.kind)}" is not a valid choice.`);
    else experts.push({ user_id: pkValue(entry.user_id)!, kind: entry.kind as ExpertKind });
  }
  if (experts.filter((expert) => expert.kind === 'main_expert').length > 1)
    errors.add('experts', 'A check has one main expert.');

  const dueDate = dateField(errors, body, 'due_date');
  if (dueDate && dueDate < today()) errors.add('due_date', 'The due date may not be in the past.');

  let customDrivers: string[] | null = null;
  const config = body.custom_check_config;
  if (config !== undefined && config !== null) {
    const drivers = (config as Record<string, unknown>).drivers;
    const known = POLL_MODELS.includes(model)
      ? modelOf(model).drivers.map((driver) => driver.slug)
      : [];
    if (!Array.isArray(drivers) || drivers.length === 0)
      errors.add('custom_check_config', 'Choose at least one driver.');
    else if (drivers.some((slug) => !known.includes(slug as string)))
      errors.add('custom_check_config', 'Every driver must belong to the chosen model.');
    else customDrivers = drivers as string[];
  }
  errors.refuseIfAny();
  // Without an error on project_id, the project exists.
  const { id: checkedProjectId } = project!;

  const poll = newPoll(nextId(state.polls), {
    type,
    model,
    index,
    project_id: checkedProjectId,
    team: state.projectTeams.find((candidate) => candidate.project_id === checkedProjectId),
    roles: roles as RespondentRole[],
    experts,
    fallbackUserId: persona.userId,
    teamManagerAnswers: types.includes('health_check'),
    due_date: dueDate,
    custom_check_config: customDrivers ? { drivers: customDrivers } : null,
  });
  mutate(db, (current) => {
    current.polls.push(poll);
  });
  return created(toPoll(db.getState(), poll, persona));
}
