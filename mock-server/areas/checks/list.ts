import {
  POLL_MODELS,
  POLL_ORDERING_FIELDS,
  POLL_STATUSES,
  POLL_TYPES,
  POLL_WAITING,
  type PollListItem,
} from '../../../src/api/contract/polls';
import { canListChecks } from '../../../src/api/contract/pollRules';
import { FieldErrors, queryChoice, queryInteger } from '../../lib/drf';
import { orderBy, type SortKey } from '../../lib/ordering';
import { forbidden, type MockRequest } from '../../lib/http';
import { pageOf } from '../../lib/paging';
import type { MockDb } from '../../store/db';
import { canSee, overallProgress, toListItem, waitingFor } from './model';

/**
 * `GET /api/polls/`: the checks the user may see (403 without the list's flag), filtered by
 * status, type, model, project, account, search and what waits for the user (`waiting`), in DRF's OrderingFilter order, paged.
 */
export function listPolls(db: MockDb, req: MockRequest) {
  const { persona } = req.auth;
  if (!canListChecks(persona.permissions)) forbidden();
  const { query } = req;
  const errors = new FieldErrors();
  const status = queryChoice(errors, query, 'status', POLL_STATUSES);
  const type = queryChoice(errors, query, 'type', POLL_TYPES);
  const model = queryChoice(errors, query, 'model', POLL_MODELS);
  const project = queryInteger(errors, query, 'project');
  const waiting = queryChoice(errors, query, 'waiting', POLL_WAITING);
  errors.refuseIfAny();
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
    if (waiting && waitingFor(persona, poll) !== waiting) continue;
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
  // Rows come in the default order already; a tie in another order puts the higher id first.
  return pageOf(
    req,
    orderBy(rows, query.ordering, SORT_KEYS, (a, b) => b.id - a.id),
  );
}

const SORT_KEYS: Record<(typeof POLL_ORDERING_FIELDS)[number], SortKey<PollListItem>> = {
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
