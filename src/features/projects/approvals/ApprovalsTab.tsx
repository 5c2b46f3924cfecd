import { BellRing, Check, Plus, Undo2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  APPROVAL_EVENT_LABELS,
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_RAISE_FLAG,
  APPROVAL_STATE_LABELS,
  APPROVAL_STATES,
  nextReminderAt,
  type ApprovalRequest,
  type ApprovalState,
} from '../../../api/contract/approvals';
import { formatDate, formatDateTime, personLabel } from '../../../api/contract/display';
import { clearing, oneOf, useUrlParams } from '../../../shared/lib/searchParams';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { plural } from '../../../shared/ui/ListCount';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState, NoMatch } from '../../../shared/ui/EmptyState';
import { SelectFilters, type SelectFilterSpec } from '../../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce } from '../../../shared/ui/FilterPanel';
import { Tabs } from '../../../shared/ui/Tabs';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useGetCurrentUserQuery } from '../../auth/api';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, Stack, Toolbar, layoutClass } from '../../../shared/ui/Layout';
import {
  useGetApprovalsQuery,
  useRemindApproverMutation,
  useWithdrawApprovalMutation,
} from './api';
import { APPROVAL_TOASTS, DecisionDialog, RaiseDialog } from './ApprovalDialogs';
import styles from './approvals.module.css';
import { isOverdue } from '../../../shared/lib/today';

const STATE_TONES: Record<ApprovalState, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/** The views of the list (`?view=`): every request, those waiting on me, those this project raised. */
export const APPROVAL_VIEWS = ['all', 'mine', 'raised'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

const FILTER_PARAMS = ['state', 'kind'] as const;

/** The list's selects: the request's state and kind. */
const APPROVAL_SELECTS: SelectFilterSpec<(typeof FILTER_PARAMS)[number]>[] = [
  {
    param: 'state',
    label: 'State',
    anyLabel: 'Any state',
    options: APPROVAL_STATES,
    labels: APPROVAL_STATE_LABELS,
  },
  {
    param: 'kind',
    label: 'Kind',
    anyLabel: 'Any kind',
    options: APPROVAL_KINDS,
    labels: APPROVAL_KIND_LABELS,
  },
];

export interface ApprovalFilters {
  view: ApprovalView;
  state?: string;
  kind?: string;
}

/** The requests a view and the filters keep; "mine" are those the user may decide. */
export function filterApprovals(
  requests: readonly ApprovalRequest[],
  filters: ApprovalFilters,
): ApprovalRequest[] {
  return requests.filter(
    (request) =>
      (filters.view !== 'mine' || request.can_decide) &&
      (filters.view !== 'raised' || request.origin === 'project') &&
      (!filters.state || request.state === filters.state) &&
      (!filters.kind || request.kind === filters.kind),
  );
}

/**
 * The Approvals tab: the requests this project raised and those waiting on it, each with its
 * requester, approver, state, due date, decision and history. Views ("Waiting on me", "Raised by
 * this project", all) and the state and kind filters live in the URL. Whoever keeps the card
 * (CAN_EDIT_PROJECT_CARD) raises a request. Who may approve or reject it (a reason to reject),
 * withdraw it or remind its approver (once a day) is the server's word on each request.
 */
export default function ApprovalsTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetApprovalsQuery(project.id);
  const { data: user } = useGetCurrentUserQuery();
  const userId = user?.id ?? 0;
  const mayRaise = permissions.includes(APPROVAL_RAISE_FLAG);
  const { params, update } = useUrlParams();
  const filters = {
    view: oneOf(APPROVAL_VIEWS, params.get('view')) ?? 'all',
    state: oneOf(APPROVAL_STATES, params.get('state')) ?? '',
    kind: oneOf(APPROVAL_KINDS, params.get('kind')) ?? '',
  };
  const targeted = useTargetedRequest(data);
  const [raising, setRaising] = useState(false);
  const [deciding, setDeciding] = useState<{
    request: ApprovalRequest;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [withdrawing, setWithdrawing] = useState<ApprovalRequest | null>(null);
  const [withdraw, withdrawState] = useWithdrawApprovalMutation();
  const [remind, remindState] = useRemindApproverMutation();
  const sendReminder = (request: ApprovalRequest) => {
    remind({ projectId: project.id, requestId: request.id })
      .unwrap()
      .then(() => notify.success(APPROVAL_TOASTS.reminded(request.approver.name)))
      .catch(() => undefined);
  };

  const requests = data ?? [];
  const waiting = requests.filter((request) => request.can_decide).length;
  const shown = filterApprovals(requests, filters);
  const filtered = FILTER_PARAMS.some((param) => filters[param] !== '');
  const resetFilters = () => update(clearing(FILTER_PARAMS));

  const raiseButton = mayRaise ? (
    <Button variant="primary" icon={Plus} onClick={() => setRaising(true)}>
      Raise request
    </Button>
  ) : null;

  let list;
  if (shown.length === 0)
    list = filtered ? (
      <NoMatch title="No request matches the filters" onReset={resetFilters} />
    ) : (
      <EmptyState
        title={
          filters.view === 'mine'
            ? 'Nothing waits on your decision'
            : filters.view === 'raised'
              ? 'This project has raised no request'
              : 'No requests yet'
        }
        actions={filters.view === 'mine' ? undefined : (raiseButton ?? undefined)}
      >
        <p>
          Requests such as an exclusion from KPI, a profile validation or an agreement sign-off show
          here with their approver and decision.
        </p>
      </EmptyState>
    );
  else
    list = (
      <ol className={styles.requests} aria-label="Requests" aria-busy={isFetching || undefined}>
        {shown.map((request) => (
          <li key={request.id}>
            <RequestCard
              request={request}
              targeted={request.id === targeted}
              reminding={
                remindState.isLoading && remindState.originalArgs?.requestId === request.id
              }
              onDecide={(decision) => setDeciding({ request, decision })}
              onWithdraw={() => setWithdrawing(request)}
              onRemind={() => sendReminder(request)}
            />
          </li>
        ))}
      </ol>
    );

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the requests…', rows: 4, columns: 4 } }}
      failed="The requests could not be loaded"
    >
      {() => (
        <>
          <Toolbar>
            <p role="status" className={waiting > 0 ? styles.waiting : 'muted'}>
              {waiting > 0
                ? `${plural(waiting, 'request waits', 'requests wait')} on your decision.`
                : 'Nothing waits on your decision.'}
              {!mayRaise && <span className="muted"> · You may not raise requests here.</span>}
            </p>
            <ButtonRow>{raiseButton}</ButtonRow>
          </Toolbar>
          <Tabs
            label="Which requests"
            selected={filters.view}
            onSelect={(view) => update({ view: view === 'all' ? undefined : view })}
            tabs={[
              { id: 'all', label: 'All requests', badge: `(${requests.length})` },
              { id: 'mine', label: 'Waiting on me', badge: `(${waiting})` },
              {
                id: 'raised',
                label: 'Raised by this project',
                badge: `(${requests.filter((request) => request.origin === 'project').length})`,
              },
            ]}
          >
            <Stack>
              <FilterPanel
                className={layoutClass.filters}
                label="Filter the requests"
                resetLabel="Reset filters"
                canReset={filtered}
                onReset={resetFilters}
                active={selectFiltersInForce(APPROVAL_SELECTS, filters)}
                onChange={update}
              >
                <SelectFilters
                  idPrefix="approvals"
                  filters={APPROVAL_SELECTS}
                  values={filters}
                  onChange={update}
                />
              </FilterPanel>
              {list}
            </Stack>
          </Tabs>
        </>
      )}
    </AsyncContent>
  );

  return (
    <Stack>
      {content}
      {raising && (
        <RaiseDialog projectId={project.id} userId={userId} onClose={() => setRaising(false)} />
      )}
      {deciding && (
        <DecisionDialog
          projectId={project.id}
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? `Withdraw “${withdrawing.subject}”?` : ''}
        confirmLabel="Withdraw request"
        busyLabel="Withdrawing…"
        destructive
        busy={withdrawState.isLoading}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw({ projectId: project.id, requestId: withdrawing.id })
            .unwrap()
            .then(() => {
              notify.success(APPROVAL_TOASTS.withdrawn);
              setWithdrawing(null);
            })
            .catch(() => setWithdrawing(null));
        }}
      >
        <p>
          {withdrawing?.approver.name} will no longer be asked to decide. The request stays in the
          list as withdrawn.
        </p>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The request the address names (`#approval-{id}`, as `/approvals` and My work link to it): once
 * the list shows it, it is scrolled into view and its heading takes the focus.
 */
function useTargetedRequest(requests: readonly ApprovalRequest[] | undefined): number | null {
  const { hash } = useLocation();
  const match = /^#approval-(\d+)$/.exec(hash);
  const target = match ? Number(match[1]) : null;
  const shown = target !== null && requests?.some((request) => request.id === target);
  useEffect(() => {
    if (!shown) return;
    const heading = document.getElementById(`approval-${target}`);
    // jsdom lacks scrollIntoView.
    heading?.scrollIntoView?.({ block: 'center' });
    heading?.focus({ preventScroll: true });
  }, [shown, target]);
  return target;
}

/** One request: what is asked, by whom of whom, its state, decision, history and the actions open to the user. */
function RequestCard({
  request,
  targeted,
  reminding,
  onDecide,
  onWithdraw,
  onRemind,
}: {
  request: ApprovalRequest;
  /** The request the address names (`#approval-{id}`, from `/approvals` or My work). */
  targeted: boolean;
  reminding: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
  onWithdraw: () => void;
  onRemind: () => void;
}) {
  const headingId = `approval-${request.id}`;
  const pending = request.state === 'pending';
  const overdue = pending && isOverdue(request.due_by);
  const { can_decide: mayDecide, can_withdraw: mayWithdraw, can_remind: mayRemind } = request;
  const nextReminder = mayRemind ? nextReminderAt(request) : null;
  return (
    <article
      className={targeted ? `${styles.request} ${styles.targeted}` : styles.request}
      aria-labelledby={headingId}
    >
      <header className={styles.head}>
        <h3 id={headingId} className={styles.subject} tabIndex={-1}>
          {request.subject}
        </h3>
        <div className={styles.badges}>
          <Badge tone="info">{APPROVAL_KIND_LABELS[request.kind]}</Badge>
          <Badge tone={STATE_TONES[request.state]}>{APPROVAL_STATE_LABELS[request.state]}</Badge>
          {overdue && <Badge tone="danger">Overdue</Badge>}
          {mayDecide && <Badge tone="warning">Waiting on you</Badge>}
        </div>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Requester</dt>
          <dd>
            {personLabel(request.requester)}
            {request.origin === 'external' && <span className="muted"> (outside the project)</span>}
          </dd>
        </div>
        <div>
          <dt>Approver</dt>
          <dd>{personLabel(request.approver)}</dd>
        </div>
        <div>
          <dt>Raised</dt>
          <dd>{formatDateTime(request.raised_at)}</dd>
        </div>
        <div>
          <dt>Due by</dt>
          <dd>{formatDate(request.due_by)}</dd>
        </div>
        {request.last_reminded_at && (
          <div>
            <dt>Last reminded</dt>
            <dd>{formatDateTime(request.last_reminded_at)}</dd>
          </div>
        )}
      </dl>
      {request.comment && <p className={styles.comment}>{request.comment}</p>}
      {request.decision && (
        <p className={styles.decision}>
          <strong>
            {APPROVAL_STATE_LABELS[request.decision.outcome]} by {request.decision.decided_by.name}{' '}
            on {formatDateTime(request.decision.decided_at)}
          </strong>
          {request.decision.comment && `: ${request.decision.comment}`}
        </p>
      )}
      <details className={styles.history}>
        <summary>History ({request.history.length})</summary>
        <ol>
          {request.history.map((step, index) => (
            <li key={index}>
              <span className={styles.when}>{formatDateTime(step.at)}</span>{' '}
              {APPROVAL_EVENT_LABELS[step.event]}
              {step.event === 'decided' && request.decision
                ? ` (${APPROVAL_STATE_LABELS[request.decision.outcome].toLowerCase()})`
                : ''}{' '}
              by {step.by.name}
              {step.comment && <span className={styles.note}>: {step.comment}</span>}
            </li>
          ))}
        </ol>
      </details>
      {(mayDecide || mayWithdraw || mayRemind) && (
        <div className={styles.actions}>
          {mayDecide && (
            <>
              <Button size="sm" variant="primary" icon={Check} onClick={() => onDecide('approve')}>
                Approve <span className="visually-hidden">“{request.subject}”</span>
              </Button>
              <Button size="sm" variant="danger" icon={X} onClick={() => onDecide('reject')}>
                Reject <span className="visually-hidden">“{request.subject}”</span>
              </Button>
            </>
          )}
          {mayWithdraw && (
            <Button size="sm" icon={Undo2} onClick={onWithdraw}>
              Withdraw… <span className="visually-hidden">“{request.subject}”</span>
            </Button>
          )}
          {mayRemind &&
            (nextReminder ? (
              <p className={`muted ${styles.nextReminder}`}>
                Reminded less than a day ago: the next reminder can go from{' '}
                {formatDateTime(nextReminder)}.
              </p>
            ) : (
              <Button size="sm" icon={BellRing} busy={reminding} onClick={onRemind}>
                Remind {request.approver.name}{' '}
                <span className="visually-hidden">of “{request.subject}”</span>
              </Button>
            ))}
        </div>
      )}
    </article>
  );
}
