import { Router, type Request, type Response } from 'express';
import {
  CAPABILITY_PERMISSIONS,
  FIELD_PERMISSIONS,
  ISSUE_GRADES,
  LABEL_MAX,
  RATINGS,
  RESOLUTION_ACTIONS,
  RESPONSE_DECISIONS,
  RESPONSE_STRATEGIES,
  RISK_ACTIONS,
  RISK_CATEGORIES,
  RISK_KINDS,
  RISK_LEVELS,
  STATEMENT_MAX,
  TEXT_MAX,
  TRANSFER_SIDES,
  VISIBILITY_TAGS,
  ratingOf,
  type IssueGrade,
  type Resolution,
  type ResolutionAction,
  type Risk,
  type RiskEditableField,
  type RiskKind,
  type RiskLevel,
  type SimilarRisk,
} from '../../src/api/contract/risks';
import type { ActionRequest } from '../../src/api/contract/actionRequests';
import { authOf } from '../auth/middleware';
import type { Persona } from '../auth/personas';
import { FieldErrors, REQUIRED, drf, requireObjectBody } from '../drf';
import { dateField, optionalText, rejected, requiredText, userField } from '../polls/access';
import { similarity } from '../risks/similarity';
import type { StoredRisk } from '../seed/risks';
import type { MockState } from '../seed/seed';
import { mutate, type MockDb } from '../store/db';
import { canSee, riskPermissions, toListItem } from './risks';

const now = () => new Date().toISOString();
const nextId = (items: readonly { id: number }[]) =>
  items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
const NEXT_LEVEL: Record<RiskLevel, RiskLevel> = {
  project: 'account',
  account: 'business_line',
  business_line: 'business_segment',
  business_segment: 'business_segment',
};
const LEVEL_CREATE_FLAG: Partial<Record<RiskLevel, string>> = {
  account: 'CAN_CREATE_ACCOUNT_LEVEL',
  business_line: 'CAN_CREATE_BUSINESS_LINE_LEVEL',
  business_segment: 'CAN_CREATE_BUSINESS_SEGMENT_LEVEL',
};
const RESOLUTION_OF: Record<
  Exclude<ResolutionAction, 'reopen' | 'convert_to_issue'>,
  Resolution
> = {
  resolve: 'resolved',
  resolve_as_duplicate: 'duplicate',
  resolve_as_invalid: 'invalid',
  resolve_as_not_actual: 'not_actual',
  resolve_as_ignore: 'ignored',
};
const GRADE_OF_RATING: Record<string, IssueGrade> = {
  low: 'low',
  moderate: 'moderate',
  high: 'high',
};

interface Ctx {
  state: MockState;
  risk: StoredRisk;
  persona: Persona;
  permissions: string[];
}

/** Creating, editing and acting on risks; every change lands in the risk's history. */
export function riskWriteRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  const person = (state: MockState, id: number) => state.people.find((p) => p.id === id)!;
  const log = (
    state: MockState,
    risk: StoredRisk,
    persona: Persona,
    field: string,
    oldValue: string,
    newValue: string,
  ) => {
    state.riskHistory.push({
      id: nextId(state.riskHistory),
      risk_id: risk.id,
      at: now(),
      by: person(state, persona.userId),
      field,
      old_value: oldValue,
      new_value: newValue,
    });
    risk.updated_at = now();
  };
  const withRisk =
    (handler: (ctx: Ctx, req: Request, res: Response) => void) => (req: Request, res: Response) => {
      const { persona } = authOf(res.locals);
      const state = db.getState();
      const risk = state.risks.find((candidate) => candidate.id === Number(req.params.id));
      if (!risk || !canSee(persona, risk)) {
        drf.notFound(res);
        return;
      }
      handler({ state, risk, persona, permissions: riskPermissions(persona, risk) }, req, res);
    };
  const answer = (res: Response, ctx: Ctx, status = 200) => {
    const risk = db.getState().risks.find((candidate) => candidate.id === ctx.risk.id)!;
    const body: Risk = { ...risk, user_permissions: riskPermissions(ctx.persona, risk) };
    res.status(status).json(body);
  };

  router.get('/risks/similar/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, string | undefined>;
    const statement = query.statement ?? '';
    const results: SimilarRisk[] = db
      .getState()
      .risks.filter(
        (risk) =>
          risk.status === 'open' &&
          canSee(persona, risk) &&
          (!query.level || risk.level === query.level) &&
          (!query.scope || risk.scope.id === Number(query.scope)) &&
          (!query.kind || risk.kind === query.kind),
      )
      .map((risk) => ({ risk: toListItem(risk), score: similarity(statement, risk.statement) }))
      .filter((match) => match.score >= 0.3)
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
      .map((match) => ({ ...match, score: Number(match.score.toFixed(2)) }));
    res.json(results);
  });

  router.post('/risks/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const body = req.body as Record<string, unknown>;
    const state = db.getState();
    const errors = new FieldErrors();
    const risk = validateCreate(state, persona, body, errors, res);
    if (rejected(res, errors) || !risk) return;
    mutate(db, (current) => {
      current.risks.push(risk);
      log(current, risk, persona, 'created', '', risk.statement);
    });
    answer(res, { state, risk, persona, permissions: [] }, 201);
  });

  router.patch(
    '/risks/:id/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      const body = req.body as Record<string, unknown>;
      const fields = Object.keys(body) as RiskEditableField[];
      for (const field of fields) {
        const flag = FIELD_PERMISSIONS[ctx.risk.kind][field];
        if (flag === undefined) continue;
        if (flag === null || !ctx.permissions.includes(flag)) {
          drf.forbidden(res, `You may not edit "${field}".`);
          return;
        }
      }
      const errors = new FieldErrors();
      const changes = validateFields(ctx.state, ctx.risk.kind, body, errors, false);
      if (rejected(res, errors)) return;
      mutate(db, (current) => {
        for (const [field, value] of Object.entries(changes)) {
          const old = (ctx.risk as unknown as Record<string, unknown>)[field];
          (ctx.risk as unknown as Record<string, unknown>)[field] = value;
          log(current, ctx.risk, ctx.persona, field, display(old), display(value));
        }
        if (ctx.risk.probability && ctx.risk.impact)
          ctx.risk.rating = ratingOf(ctx.risk.probability, ctx.risk.impact);
      });
      answer(res, ctx);
    }),
  );

  router.post(
    '/risks/:id/resolution/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      const { risk } = ctx;
      const body = req.body as Record<string, unknown>;
      const action = body.action as ResolutionAction;
      const errors = new FieldErrors();
      if (!RESOLUTION_ACTIONS.includes(action))
        errors.add(
          'action',
          action === undefined ? REQUIRED : `"${String(action)}" is not a valid choice.`,
        );
      const comment = optionalText(errors, body, 'comment', TEXT_MAX);
      if (rejected(res, errors)) return;
      const flag = CAPABILITY_PERMISSIONS[risk.kind][action === 'reopen' ? 'reopen' : 'resolution'];
      if (!flag || !ctx.permissions.includes(flag)) {
        drf.forbidden(res);
        return;
      }
      const allowed =
        action === 'reopen'
          ? risk.status === 'closed'
          : risk.status === 'open' && (action !== 'convert_to_issue' || risk.kind === 'risk');
      if (!allowed) {
        drf.badRequest(res, {
          non_field_errors: [`A ${risk.status} ${risk.kind} cannot take the action "${action}".`],
        });
        return;
      }
      mutate(db, (current) => {
        const before = risk.resolution ?? risk.status;
        if (action === 'reopen') {
          risk.status = 'open';
          risk.resolution = null;
        } else if (action === 'convert_to_issue') {
          risk.kind = 'issue';
          risk.priority = GRADE_OF_RATING[risk.rating ?? 'moderate']!;
          risk.severity = GRADE_OF_RATING[risk.impact ?? 'moderate']!;
          risk.probability = null;
          risk.impact = null;
          risk.rating = null;
          risk.response_strategy = null;
        } else {
          risk.status = 'closed';
          risk.resolution = RESOLUTION_OF[action];
        }
        risk.resolution_comment = comment;
        log(
          current,
          risk,
          ctx.persona,
          'resolution',
          before,
          action === 'convert_to_issue' ? 'converted to issue' : (risk.resolution ?? 'open'),
        );
      });
      answer(res, ctx);
    }),
  );

  router.post(
    '/risks/:id/actions/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      const { risk, persona } = ctx;
      const body = req.body as Record<string, unknown>;
      const action = body.action as (typeof RISK_ACTIONS)[number];
      const errors = new FieldErrors();
      if (!RISK_ACTIONS.includes(action))
        errors.add(
          'action',
          action === undefined ? REQUIRED : `"${String(action)}" is not a valid choice.`,
        );
      const needsRecipient = ['propagate', 'delegate', 'escalate'].includes(action);
      const recipientId = needsRecipient ? userField(errors, ctx.state, body, 'recipient_id') : 0;
      const comment = optionalText(errors, body, 'comment', 200);
      if (rejected(res, errors)) return;
      const capability = action.startsWith('share')
        ? 'share'
        : action.endsWith('awareness')
          ? 'awareness'
          : (action as 'propagate' | 'delegate' | 'escalate');
      const flag = CAPABILITY_PERMISSIONS[risk.kind][capability];
      if (!flag || !ctx.permissions.includes(flag)) {
        drf.forbidden(res);
        return;
      }
      mutate(db, (current) => {
        if (needsRecipient) {
          const request: ActionRequest = {
            id: nextId(current.actionRequests),
            kind:
              action === 'propagate'
                ? 'propagation'
                : action === 'delegate'
                  ? 'delegation'
                  : 'escalation',
            status: 'pending',
            subject: {
              id: risk.id,
              type: risk.kind,
              title: risk.statement,
              level: risk.level,
              scope_name: risk.scope.name,
            },
            target_level: action === 'delegate' ? risk.level : NEXT_LEVEL[risk.level],
            requested_by: person(current, persona.userId),
            recipient: person(current, recipientId),
            comment,
            created_at: now(),
            decided_at: null,
          };
          current.actionRequests.push(request);
          log(
            current,
            risk,
            persona,
            'action',
            '',
            `${action} requested from ${request.recipient.name}`,
          );
        } else if (action.endsWith('awareness')) {
          risk.awareness_raised = action === 'raise_awareness';
          log(
            current,
            risk,
            persona,
            'awareness',
            '',
            action === 'raise_awareness' ? 'raised' : 'lowered',
          );
        } else {
          const target = action === 'share_with_account' ? 'account' : 'project';
          if (!risk.shared_with.includes(target)) risk.shared_with.push(target);
          log(current, risk, persona, 'shared_with', '', target);
        }
      });
      answer(res, ctx);
    }),
  );

  router.post(
    '/risks/:id/transfer/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      const flag = CAPABILITY_PERMISSIONS[ctx.risk.kind].transfer;
      if (!flag || !ctx.permissions.includes(flag)) {
        drf.forbidden(res);
        return;
      }
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const userId = userField(errors, ctx.state, body);
      if (!(TRANSFER_SIDES as readonly unknown[]).includes(body.side))
        errors.add(
          'side',
          body.side === undefined ? REQUIRED : `"${String(body.side)}" is not a valid choice.`,
        );
      const comment = optionalText(errors, body, 'comment', TEXT_MAX);
      if (rejected(res, errors)) return;
      mutate(db, (current) => {
        const to = person(current, userId);
        ctx.risk.transfer = {
          to,
          side: body.side as 'client',
          comment,
          by: person(current, ctx.persona.userId),
          at: now(),
        };
        log(current, ctx.risk, ctx.persona, 'transfer', '', `${to.name} (${String(body.side)})`);
      });
      answer(res, ctx);
    }),
  );

  router.get(
    '/risks/:id/history/',
    withRisk(({ state, risk }, _req, res) => {
      res.json(
        state.riskHistory
          .filter((entry) => entry.risk_id === risk.id)
          .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
          .map(({ risk_id: _risk, ...entry }) => entry),
      );
    }),
  );

  router.get(
    '/risks/:id/action-items/',
    withRisk(({ state, risk }, _req, res) => {
      res.json(
        state.riskActionItems
          .filter((item) => item.risk_id === risk.id)
          .map(({ risk_id: _risk, ...item }) => item),
      );
    }),
  );

  router.post(
    '/risks/:id/action-items/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      if (!mayPlan(ctx, res)) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const title = requiredText(errors, body, 'title', STATEMENT_MAX);
      const ownerId = userField(errors, ctx.state, body, 'owner_id');
      const due =
        body.due_date === null || body.due_date === undefined
          ? null
          : dateField(errors, body, 'due_date');
      if (rejected(res, errors)) return;
      const item = {
        id: nextId(ctx.state.riskActionItems),
        risk_id: ctx.risk.id,
        title,
        owner: person(ctx.state, ownerId),
        due_date: due,
        done: false,
        created_at: now(),
      };
      mutate(db, (current) => {
        current.riskActionItems.push(item);
        ctx.risk.action_items_count += 1;
        log(current, ctx.risk, ctx.persona, 'action_item', '', title);
      });
      const { risk_id: _risk, ...created } = item;
      res.status(201).json(created);
    }),
  );

  router.patch(
    '/risks/:id/action-items/:itemId/',
    requireObjectBody,
    withRisk((ctx, req, res) => {
      const item = ctx.state.riskActionItems.find(
        (candidate) =>
          candidate.id === Number(req.params.itemId) && candidate.risk_id === ctx.risk.id,
      );
      if (!item) {
        drf.notFound(res);
        return;
      }
      if (!mayPlan(ctx, res)) return;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const title =
        'title' in body ? requiredText(errors, body, 'title', STATEMENT_MAX) : item.title;
      const ownerId =
        'owner_id' in body ? userField(errors, ctx.state, body, 'owner_id') : item.owner.id;
      const due =
        'due_date' in body
          ? body.due_date === null
            ? null
            : dateField(errors, body, 'due_date')
          : item.due_date;
      if ('done' in body && typeof body.done !== 'boolean')
        errors.add('done', 'Must be a valid boolean.');
      if (rejected(res, errors)) return;
      mutate(db, (current) => {
        const wasDone = item.done;
        Object.assign(item, { title, owner: person(current, ownerId), due_date: due });
        if (typeof body.done === 'boolean') item.done = body.done;
        log(
          current,
          ctx.risk,
          ctx.persona,
          'action_item',
          wasDone ? 'done' : 'open',
          `${item.title}: ${item.done ? 'done' : 'open'}`,
        );
      });
      const { risk_id: _risk, ...updated } = item;
      res.json(updated);
    }),
  );

  router.delete(
    '/risks/:id/action-items/:itemId/',
    withRisk((ctx, req, res) => {
      const item = ctx.state.riskActionItems.find(
        (candidate) =>
          candidate.id === Number(req.params.itemId) && candidate.risk_id === ctx.risk.id,
      );
      if (!item) {
        drf.notFound(res);
        return;
      }
      if (!mayPlan(ctx, res)) return;
      mutate(db, (current) => {
        current.riskActionItems = current.riskActionItems.filter((candidate) => candidate !== item);
        ctx.risk.action_items_count -= 1;
        log(current, ctx.risk, ctx.persona, 'action_item', item.title, 'deleted');
      });
      res.status(204).end();
    }),
  );

  // Drafts: each user's own.
  router.get('/risk-drafts/', (req, res) => {
    const { persona } = authOf(res.locals);
    const query = req.query as Record<string, string | undefined>;
    res.json(
      db
        .getState()
        .riskDrafts.filter(
          (draft) =>
            draft.user_id === persona.userId &&
            (!query.kind || draft.kind === query.kind) &&
            (!query.level || draft.level === query.level),
        )
        .map(({ user_id: _user, ...draft }) => draft),
    );
  });

  const draftBody = (body: Record<string, unknown>, errors: FieldErrors) => {
    if (!(RISK_KINDS as readonly unknown[]).includes(body.kind)) errors.add('kind', REQUIRED);
    if (!(RISK_LEVELS as readonly unknown[]).includes(body.level)) errors.add('level', REQUIRED);
    if (typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))
      errors.add('data', 'Invalid data. Expected a dictionary.');
  };

  router.post('/risk-drafts/', requireObjectBody, (req, res) => {
    const { persona } = authOf(res.locals);
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    draftBody(body, errors);
    if (rejected(res, errors)) return;
    const draft = {
      id: nextId(db.getState().riskDrafts),
      user_id: persona.userId,
      kind: body.kind as RiskKind,
      level: body.level as RiskLevel,
      data: body.data as Record<string, never>,
      updated_at: now(),
    };
    mutate(db, (state) => {
      state.riskDrafts.push(draft);
    });
    const { user_id: _user, ...created } = draft;
    res.status(201).json(created);
  });

  const ownDraft = (req: Request, res: Response) => {
    const { persona } = authOf(res.locals);
    const draft = db
      .getState()
      .riskDrafts.find(
        (candidate) =>
          candidate.id === Number(req.params.id) && candidate.user_id === persona.userId,
      );
    if (!draft) drf.notFound(res);
    return draft;
  };

  router.patch('/risk-drafts/:id/', requireObjectBody, (req, res) => {
    const draft = ownDraft(req, res);
    if (!draft) return;
    const body = {
      kind: draft.kind,
      level: draft.level,
      data: draft.data,
      ...(req.body as object),
    } as Record<string, unknown>;
    const errors = new FieldErrors();
    draftBody(body, errors);
    if (rejected(res, errors)) return;
    mutate(db, () => {
      Object.assign(draft, {
        kind: body.kind,
        level: body.level,
        data: body.data,
        updated_at: now(),
      });
    });
    const { user_id: _user, ...updated } = draft;
    res.json(updated);
  });

  router.delete('/risk-drafts/:id/', (req, res) => {
    const draft = ownDraft(req, res);
    if (!draft) return;
    mutate(db, (state) => {
      state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
    });
    res.status(204).end();
  });

  router.post('/risk-drafts/:id/create/', (req, res) => {
    const { persona } = authOf(res.locals);
    const draft = ownDraft(req, res);
    if (!draft) return;
    const errors = new FieldErrors();
    const body = { ...draft.data, kind: draft.kind, level: draft.level } as Record<string, unknown>;
    const risk = validateCreate(db.getState(), persona, body, errors, res);
    if (rejected(res, errors) || !risk) return;
    mutate(db, (state) => {
      state.risks.push(risk);
      state.riskDrafts = state.riskDrafts.filter((candidate) => candidate !== draft);
      log(state, risk, persona, 'created', '', risk.statement);
    });
    answer(res, { state: db.getState(), risk, persona, permissions: [] }, 201);
  });

  return router;
}

function mayPlan(ctx: Ctx, res: Response): boolean {
  const flag = CAPABILITY_PERMISSIONS[ctx.risk.kind].action_items;
  if (flag && ctx.permissions.includes(flag)) return true;
  drf.forbidden(res);
  return false;
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((item) => (typeof item === 'object' ? (item as { name?: string }).name : item))
      .join(', ');
  if (typeof value === 'object') return (value as { name?: string }).name ?? JSON.stringify(value);
  return String(value);
}

/** Validates the editable fields present in `body`; answers the new values by stored field. */
function validateFields(
  state: MockState,
  kind: RiskKind,
  body: Record<string, unknown>,
  errors: FieldErrors,
  creating: boolean,
): Partial<StoredRisk> {
  const out: Record<string, unknown> = {};
  const choiceOf = (field: string, choices: readonly string[], nullable = false) => {
    if (!(field in body)) return;
    const value = body[field];
    if (value === null && nullable) out[field] = null;
    else if (!choices.includes(value as string))
      errors.add(
        field,
        value === null || value === undefined
          ? REQUIRED
          : `"${String(value)}" is not a valid choice.`,
      );
    else out[field] = value;
  };
  if ('statement' in body || creating)
    out.statement = requiredText(errors, body, 'statement', STATEMENT_MAX);
  if ('description' in body) out.description = optionalText(errors, body, 'description', TEXT_MAX);
  if ('client_communication' in body)
    out.client_communication = optionalText(errors, body, 'client_communication', TEXT_MAX);
  choiceOf('category', RISK_CATEGORIES);
  if (kind === 'risk') {
    choiceOf('probability', RATINGS);
    choiceOf('impact', RATINGS);
    choiceOf('response_strategy', RESPONSE_STRATEGIES, true);
    choiceOf('response_decision', RESPONSE_DECISIONS, true);
  } else {
    choiceOf('priority', ISSUE_GRADES);
    choiceOf('severity', ISSUE_GRADES);
  }
  if ('due_date' in body)
    out.due_date = body.due_date === null ? null : dateField(errors, body, 'due_date');
  if ('labels' in body) {
    const labels = body.labels;
    if (
      !Array.isArray(labels) ||
      labels.some((label) => typeof label !== 'string' || label.trim() === '')
    )
      errors.add('labels', 'Each label must be a non-blank text.');
    else if (labels.some((label: string) => label.length > LABEL_MAX))
      errors.add('labels', `Ensure each label has no more than ${LABEL_MAX} characters.`);
    else out.labels = labels;
  }
  if ('visibility_tags' in body) {
    const tags = body.visibility_tags;
    if (
      !Array.isArray(tags) ||
      tags.some((tag) => !(VISIBILITY_TAGS as readonly unknown[]).includes(tag))
    )
      errors.add('visibility_tags', 'Choose from the known visibility tags.');
    else out.visibility_tags = tags;
  }
  if ('informed_ids' in body) {
    const ids = body.informed_ids;
    if (!Array.isArray(ids) || ids.some((id) => !state.people.some((p) => p.id === id)))
      errors.add('informed_ids', 'Every informed person must exist.');
    else out.informed = (ids as number[]).map((id) => state.people.find((p) => p.id === id)!);
  }
  if ('owner_id' in body) {
    const owner = state.people.find((p) => p.id === body.owner_id);
    if (!owner)
      errors.add('owner_id', `Invalid pk "${String(body.owner_id)}" - object does not exist.`);
    else out.owner = owner;
  }
  return out as Partial<StoredRisk>;
}

function validateCreate(
  state: MockState,
  persona: Persona,
  body: Record<string, unknown>,
  errors: FieldErrors,
  res: Response,
): StoredRisk | null {
  const kind = body.kind as RiskKind;
  const level = body.level as RiskLevel;
  if (!RISK_KINDS.includes(kind)) errors.add('kind', REQUIRED);
  if (!RISK_LEVELS.includes(level)) errors.add('level', REQUIRED);
  if (!errors.isEmpty) return null;
  const has = (flag: string) =>
    persona.permissions.includes('CAN_PERFORM_ALL_ACTIONS') || persona.permissions.includes(flag);
  const levelFlag = LEVEL_CREATE_FLAG[level];
  if (
    !has(kind === 'risk' ? 'CAN_CREATE_RISK' : 'CAN_CREATE_ISSUE') ||
    (levelFlag && !has(levelFlag))
  ) {
    drf.forbidden(res);
    return null;
  }
  const fields = validateFields(state, kind, body, errors, true);
  for (const field of kind === 'risk'
    ? ['probability', 'impact', 'category']
    : ['priority', 'severity', 'category'])
    if (!(field in fields) && !errors.toJSON()[field]) errors.add(field, REQUIRED);
  const scopeId = body.scope_id;
  const source =
    level === 'project'
      ? state.projects
      : level === 'account'
        ? state.accounts
        : level === 'business_line'
          ? state.businessLines
          : state.businessSegments;
  const entity = source.find((candidate) => candidate.id === scopeId);
  if (!entity)
    errors.add(
      'scope_id',
      scopeId === undefined || scopeId === null
        ? REQUIRED
        : `Invalid pk "${String(scopeId)}" - object does not exist.`,
    );
  const pollId = body.poll_id ?? null;
  if (pollId !== null && !state.polls.some((poll) => poll.id === pollId))
    errors.add('poll_id', `Invalid pk "${String(pollId)}" - object does not exist.`);
  if (!errors.isEmpty || !entity) return null;
  const project = level === 'project' ? state.projects.find((p) => p.id === entity.id)! : null;
  const me = state.people.find((p) => p.id === persona.userId)!;
  const created = now();
  const risk: StoredRisk = {
    id: nextId(state.risks),
    kind,
    level,
    scope: { id: entity.id, name: entity.name, level },
    project: project ? { id: project.id, name: project.name } : null,
    account: project
      ? { id: project.account_id, name: project.account_name }
      : level === 'account'
        ? { id: entity.id, name: entity.name }
        : null,
    statement: '',
    category: 'delivery',
    status: 'open',
    resolution: null,
    probability: null,
    impact: null,
    rating: null,
    priority: null,
    severity: null,
    response_strategy: null,
    owner: me,
    due_date: null,
    labels: [],
    visibility_tags: [],
    duplicates_group: null,
    poll_id: pollId as number | null,
    created_at: created,
    updated_at: created,
    description: '',
    response_decision: null,
    client_communication: '',
    resolution_comment: '',
    informed: [],
    created_by: me,
    awareness_raised: false,
    shared_with: [],
    transfer: null,
    action_items_count: 0,
    comments_count: 0,
    ...fields,
  };
  if (risk.probability && risk.impact) risk.rating = ratingOf(risk.probability, risk.impact);
  return risk;
}
