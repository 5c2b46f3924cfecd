import { nextId } from '../lib/ids';
import { Router, type Request, type Response } from 'express';
import {
  EXPERT_KINDS,
  POLL_MODELS,
  POLL_ORDERING_FIELDS,
  POLL_STATUSES,
  POLL_TYPES,
  RESPONDENT_ROLES,
  checkIndexError,
  type ExpertKind,
  type PollListItem,
  type PollModel,
  type PollType,
  type RespondentRole,
} from '../../src/api/contract/polls';
import {
  ACTION_RULES,
  CREATE_PERMISSIONS,
  canListChecks,
  creatableTypes,
} from '../../src/api/contract/pollRules';
import { authOf } from '../auth/middleware';
import {
  FieldErrors,
  INVALID_CHOICE,
  NOT_AVAILABLE_CHOICE,
  notText,
  REQUIRED,
  dateField,
  drf,
  pkProblem,
  pkValue,
  primaryKey,
  queryInteger,
  rejected,
  requireObjectBody,
  requiredText,
  textValue,
  userField,
} from '../drf';
import { allowed, inStatus, visiblePoll, type PollAccess } from '../polls/access';
import { canSee as canSeeRisk, mayActOn, sharedDirectory } from '../areas/risks/access';
import { canSee, overallProgress, participantOf, toListItem, toPoll } from '../polls/view';
import { newPoll } from '../polls/create';
import type { StoredPoll } from '../polls/model';
import { modelInfo, modelOf, pollModels } from '../polls/models';
import { mutate, type MockDb } from '../store/db';
import { sendPage } from '../lib/paging';

const choice = INVALID_CHOICE;

/**
 * Checks: `GET/POST /api/polls/`, `GET /api/polls/{id}/`, the actions of the check details page,
 * `GET /api/poll-models/` and `GET /api/users/`.
 */
export function pollRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/poll-models/', (_req, res) => {
    res.json(pollModels().map(modelInfo));
  });

  /**
   * People, by name: `search` on name and login; `can_receive_risk` keeps those who may act on
   * that risk (the recipients of a propagation, delegation or escalation, the caller left out).
   * A client-side person finds only the people of what was shared or transferred to them.
   */
  router.get('/users/', (req, res) => {
    const { persona } = authOf(res.locals);
    const state = db.readState();
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const riskId = queryInteger(errors, query, 'can_receive_risk');
    const risk =
      riskId === undefined ? undefined : state.risks.find((candidate) => candidate.id === riskId);
    if (riskId !== undefined && (!risk || !canSeeRisk(persona, risk)))
      errors.add('can_receive_risk', NOT_AVAILABLE_CHOICE);
    if (rejected(res, errors)) return;
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    const shared = sharedDirectory(state, persona);
    const people = state.people
      .filter(
        (person) =>
          (!shared || shared.people.has(person.id)) &&
          (!risk || (person.id !== persona.userId && mayActOn(person.id))) &&
          (!search ||
            person.name.toLowerCase().includes(search) ||
            person.login.toLowerCase().includes(search)),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
    sendPage(req, res, people);
  });

  router.get('/polls/', (req, res) => listPolls(db, req, res));
  router.post('/polls/', requireObjectBody, (req, res) => createPoll(db, req, res));

  router.get('/polls/:id/', (req, res) => {
    const access = visiblePoll(db, req, res);
    if (access) res.json(toPoll(access.state, access.poll, access.persona));
  });

  /** Runs a check action: visibility, permission, status, then the body; answers the poll. */
  const action = (
    path: string,
    method: 'post' | 'patch',
    { permission, statuses }: (typeof ACTION_RULES)[keyof typeof ACTION_RULES],
    verb: string,
    apply: (access: PollAccess, body: Record<string, unknown>, res: Response) => boolean,
  ) => {
    router[method](`/polls/:id/${path}/`, requireObjectBody, (req, res) => {
      const access = visiblePoll(db, req, res);
      if (!access || !allowed(res, access, permission)) return;
      if (!inStatus(res, access.poll, statuses, verb)) return;
      let applied = false;
      mutate(db, () => {
        applied = apply(access, req.body as Record<string, unknown>, res);
        return applied;
      });
      if (applied) res.json(toPoll(db.getState(), access.poll, access.persona));
    });
  };

  action('start', 'post', ACTION_RULES.start, 'started', ({ poll }) => {
    poll.status = poll.type === 'audit_check' ? 'expert' : 'started';
    poll.started_at = new Date().toISOString();
    return true;
  });

  action('cancel', 'post', ACTION_RULES.cancel, 'canceled', ({ poll }, body, res) => {
    const errors = new FieldErrors();
    const reason = requiredText(errors, body, 'reason', 500);
    if (rejected(res, errors)) return false;
    poll.status = 'canceled';
    poll.cancel_reason = reason;
    return true;
  });

  action(
    'experts',
    'post',
    ACTION_RULES.assignExpert,
    'given experts',
    ({ poll, state }, body, res) => {
      const errors = new FieldErrors();
      const userId = userField(errors, state, body);
      const kind = body.kind;
      if (kind === undefined || kind === null) errors.add('kind', REQUIRED);
      else if (!(EXPERT_KINDS as readonly unknown[]).includes(kind))
        errors.add('kind', `"${String(kind)}" is not a valid choice.`);
      if (poll.type === 'audit_check')
        errors.add('non_field_errors', 'An audit has an auditor, not experts.');
      const existing = userId ? participantOf(poll, userId) : undefined;
      if (existing && (existing.role === 'pm' || existing.role === 'qcl'))
        errors.add('user_id', 'This person already answers the check as a respondent.');
      else if (existing && existing.role === kind)
        errors.add('user_id', 'This person is already an expert of the check.');
      if (rejected(res, errors)) return false;
      assignExpert(poll, userId, kind as ExpertKind);
      return true;
    },
  );

  action(
    'main-expert',
    'patch',
    ACTION_RULES.changeMainExpert,
    'given a main expert',
    ({ poll, state }, body, res) => {
      const errors = new FieldErrors();
      const userId = userField(errors, state, body);
      const existing = userId ? participantOf(poll, userId) : undefined;
      if (poll.type === 'audit_check')
        errors.add('non_field_errors', 'An audit has an auditor, not a main expert.');
      if (existing && (existing.role === 'pm' || existing.role === 'qcl'))
        errors.add('user_id', 'This person already answers the check as a respondent.');
      else if (existing?.role === 'main_expert')
        errors.add('user_id', 'This person is already the main expert.');
      if (rejected(res, errors)) return false;
      assignExpert(poll, userId, 'main_expert');
      return true;
    },
  );

  action(
    'qc-ownership',
    'post',
    ACTION_RULES.setQcOwnership,
    'given a QC owner',
    ({ poll, state }, body, res) => {
      const errors = new FieldErrors();
      const userId = userField(errors, state, body);
      if (rejected(res, errors)) return false;
      poll.qc_owner_id = userId;
      return true;
    },
  );

  action(
    'mark-invalid',
    'post',
    ACTION_RULES.markInvalid,
    'marked invalid',
    ({ poll }, body, res) => {
      const errors = new FieldErrors();
      const reason = requiredText(errors, body, 'reason', 500);
      if (poll.is_invalid) errors.add('non_field_errors', 'The check is already marked invalid.');
      if (rejected(res, errors)) return false;
      poll.is_invalid = true;
      poll.invalid_reason = reason;
      return true;
    },
  );

  action(
    'extensions',
    'post',
    ACTION_RULES.addExtension,
    'extended',
    ({ poll, state, persona }, body, res) => {
      const errors = new FieldErrors();
      const until = dateField(errors, body, 'until');
      const reason = requiredText(errors, body, 'reason', 500);
      if (until && until <= poll.due_date)
        errors.add('until', `The new due date must be after the current one (${poll.due_date}).`);
      if (rejected(res, errors)) return false;
      const nextId = Math.max(0, ...state.polls.flatMap((p) => p.extensions.map((e) => e.id))) + 1;
      poll.extensions.push({
        id: nextId,
        until,
        reason,
        created_at: new Date().toISOString(),
        created_by: state.people.find((person) => person.id === persona.userId) ?? {
          id: persona.userId,
          name: persona.name,
          login: persona.login,
        },
      });
      poll.due_date = until;
      return true;
    },
  );

  return router;
}

/** Adds or promotes an expert; a new main expert demotes the former one to expert. */
function assignExpert(poll: StoredPoll, userId: number, kind: ExpertKind): void {
  const role = kind === 'main_expert' ? 'main_expert' : 'exp';
  if (role === 'main_expert')
    for (const participant of poll.participants)
      if (participant.role === 'main_expert') participant.role = 'exp';
  const existing = participantOf(poll, userId);
  if (existing) existing.role = role;
  else poll.participants.push({ user_id: userId, role, submitted: false });
  if (!poll.available_roles.includes('exp')) poll.available_roles.push('exp');
}

function listPolls(db: MockDb, req: Request, res: Response): void {
  const { persona } = authOf(res.locals);
  if (!canListChecks(persona.permissions)) {
    drf.forbidden(res);
    return;
  }
  const query = req.query as Record<string, unknown>;
  const errors = new FieldErrors();
  const filterChoice = (field: string, choices: readonly string[]) => {
    const value = query[field];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' || !choices.includes(value)) {
      errors.add(field, choice(value));
      return undefined;
    }
    return value;
  };
  const status = filterChoice('status', POLL_STATUSES);
  const type = filterChoice('type', POLL_TYPES);
  const model = filterChoice('model', POLL_MODELS);
  let project: number | undefined;
  if (query.project !== undefined && query.project !== '') {
    project = Number(query.project);
    if (!Number.isInteger(project)) errors.add('project', 'Enter a whole number.');
  }
  if (rejected(res, errors)) return;
  const account = typeof query.account === 'string' ? query.account.trim().toLowerCase() : '';
  const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';

  // Every poll's row in the default order (newest first), computed once per version of the parts
  // of the state it reads; a request filters them, and sorts only for another order.
  const all = db.memo('polls:list', (state) =>
    state.polls
      .map((poll) => ({ poll, row: toListItem(state, poll, overallProgress(state, poll)) }))
      .sort((a, b) => byDefaultOrder(a.row, b.row)),
  );
  const rows: PollListItem[] = [];
  for (const { poll, row } of all) {
    if (!canSee(persona, poll)) continue;
    if (status && poll.status !== status) continue;
    if (type && poll.type !== type) continue;
    if (model && poll.model !== model) continue;
    if (project !== undefined && poll.project_id !== project) continue;
    const accountName = row.account.name.toLowerCase();
    if (account && !accountName.includes(account)) continue;
    if (
      search &&
      ![row.project.name, row.account.name, poll.index].some((text) =>
        text.toLowerCase().includes(search),
      )
    )
      continue;
    rows.push(row);
  }
  sendPage(req, res, orderRows(rows, typeof query.ordering === 'string' ? query.ordering : ''));
}

const SORT_KEYS: Record<
  (typeof POLL_ORDERING_FIELDS)[number],
  (row: PollListItem) => string | number
> = {
  id: (row) => row.id,
  project: (row) => row.project.name.toLowerCase(),
  account: (row) => row.account.name.toLowerCase(),
  type: (row) => row.type,
  model: (row) => row.model,
  index: (row) => row.index.toLowerCase(),
  status: (row) => row.status,
  progress: (row) => row.progress,
  created_at: (row) => row.created_at,
  due_date: (row) => row.due_date,
};

/** The list's default order: newest first, the higher id first on a tie. */
const byDefaultOrder = (a: PollListItem, b: PollListItem) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** DRF's OrderingFilter: comma-separated fields, `-` for descending, unknown fields ignored. */
function orderRows(rows: PollListItem[], ordering: string): PollListItem[] {
  const fields = ordering
    .split(',')
    .map((field) => field.trim())
    .filter((field) => Object.hasOwn(SORT_KEYS, field.replace(/^-/, '')));
  // Rows come in the default order already.
  if (fields.length === 0) return rows;
  const keys = fields.map((field) => ({
    key: SORT_KEYS[field.replace(/^-/, '') as keyof typeof SORT_KEYS],
    direction: field.startsWith('-') ? -1 : 1,
  }));
  return [...rows].sort((a, b) => {
    for (const { key, direction } of keys) {
      const left = key(a);
      const right = key(b);
      if (left < right) return -direction;
      if (left > right) return direction;
    }
    return b.id - a.id;
  });
}

function createPoll(db: MockDb, req: Request, res: Response): void {
  const { persona } = authOf(res.locals);
  // A user with every permission holds every create flag.
  const types = creatableTypes(
    persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS')
      ? CREATE_PERMISSIONS
      : persona.permissions,
  );
  if (types.length === 0) {
    drf.forbidden(res);
    return;
  }
  const body = req.body as Record<string, unknown>;
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
  if (dueDate && dueDate < new Date().toISOString().slice(0, 10))
    errors.add('due_date', 'The due date may not be in the past.');

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
  if (rejected(res, errors) || !project) return;

  const id = nextId(state.polls);
  const poll = newPoll(id, {
    type,
    model,
    index,
    project_id: project.id,
    team: state.projectTeams.find((candidate) => candidate.project_id === project.id),
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
  res.status(201).json(toPoll(db.getState(), poll, persona));
}
