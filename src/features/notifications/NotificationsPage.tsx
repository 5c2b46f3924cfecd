import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ACTION_REQUEST_DECISIONS,
  type ActionRequest,
  type ActionRequestDecision,
  type ActionRequestStatus,
} from '../../api/contract/actionRequests';
import { LEVEL_LABELS, entityLabel, formatDateTime, personLabel } from '../../api/contract/display';
import { useFocusAfterAction } from '../../shared/lib/focus';
import { notify } from '../../shared/lib/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetCurrentUserQuery } from '../auth/api';
import { useDecideActionRequestMutation, useGetActionRequestsQuery } from './api';
import { Button } from '../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import { Drawer } from '../../shared/ui/Drawer';
import { RiskPreview } from './RiskPreview';
import styles from './NotificationsPage.module.css';
import { PageHeader } from '../../shared/ui/PageHeader';

const PAGE_SIZE = 20;

const STATUS_TABS: { status: ActionRequestStatus; label: string }[] = [
  { status: 'pending', label: 'Awaiting your decision' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'rejected', label: 'Rejected' },
];

const KIND_LABELS: Record<ActionRequest['kind'], string> = {
  propagation: 'Propagation',
  delegation: 'Delegation',
  escalation: 'Escalation',
};

/** What the buttons and the confirming dialog call each decision. */
const DECISION_LABELS: Record<ActionRequestDecision, string> = {
  accepted: 'Accept',
  rejected: 'Reject',
};

/** The badge colour of each kind; propagation keeps the plain one. */
const KIND_CLASSES: Record<ActionRequest['kind'], string> = {
  propagation: `${styles.kind}`,
  delegation: `${styles.kind} ${styles.kindDelegation}`,
  escalation: `${styles.kind} ${styles.kindEscalation}`,
};

const KIND_VERBS: Record<ActionRequest['kind'], string> = {
  propagation: 'propagate',
  delegation: 'delegate',
  escalation: 'escalate',
};

function isStatus(value: string | null): value is ActionRequestStatus {
  return STATUS_TABS.some((tab) => tab.status === value);
}

/** `/notifications`: the user's risk action requests, to accept or reject; the count follows. */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ActionRequestStatus = isStatus(statusParam) ? statusParam : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data: user } = useGetCurrentUserQuery();
  const { data, isFetching, isLoading, isError, refetch } = useGetActionRequestsQuery({
    status,
    page,
    page_size: PAGE_SIZE,
  });
  const [decide, { isLoading: deciding }] = useDecideActionRequestMutation();
  const focusAfter = useFocusAfterAction();
  const [pendingDecision, setPendingDecision] = useState<{
    request: ActionRequest;
    decision: ActionRequestDecision;
  } | null>(null);
  // The request whose risk is previewed in the side panel.
  const [previewed, setPreviewed] = useState<ActionRequest | null>(null);
  // The View button that opened the panel takes the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);

  const show = (next: ActionRequestStatus, nextPage = 1) => {
    const search = new URLSearchParams();
    if (next !== 'pending') search.set('status', next);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  const confirm = async () => {
    if (!pendingDecision) return;
    const { request, decision } = pendingDecision;
    try {
      await decide({ id: request.id, decision }).unwrap();
      setPendingDecision(null);
      setPreviewed(null);
      // The request has left the list with its buttons: the count of those still waiting.
      focusAfter(() => document.getElementById('requests-waiting'));
      notify.success(
        `You ${decision} the ${KIND_LABELS[request.kind].toLowerCase()} of “${request.subject.title}”.`,
      );
    } catch {
      // The error toast names the problem; the dialog stays for another try.
    }
  };

  const pendingCount = user?.risk_action_requests_counter ?? 0;
  const lastPage = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  return (
    <section className={styles.notifications} aria-labelledby="notifications-title">
      <PageHeader
        title="Actions"
        titleId="notifications-title"
        subtitle={
          <span id="requests-waiting" aria-live="polite">
            {pendingCount === 0
              ? 'No risk action request is waiting for your decision.'
              : `${pendingCount} risk action ${pendingCount === 1 ? 'request is' : 'requests are'} waiting for your decision.`}
          </span>
        }
      />
      <p>
        Colleagues ask you to take over a risk or issue by propagating it to your level, delegating
        it to you or escalating it. Accept to take it over; reject to leave it where it is.
      </p>

      <div className={styles.segmented} role="group" aria-label="Show requests">
        {STATUS_TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            className={styles.segmentedOption}
            aria-pressed={status === tab.status}
            onClick={() => show(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </div>

      {isLoading ? (
        <LoadingScreen label="Loading your action requests…" />
      ) : isError ? (
        <LoadFailed
          title="Your action requests could not be loaded"
          onRetry={() => void refetch()}
        />
      ) : !data || data.results.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'You are all caught up' : 'Nothing here yet'}>
          <p>
            {status === 'pending'
              ? 'When a colleague propagates, delegates or escalates a risk or issue to you, it appears here for your decision.'
              : `Requests you have ${status} appear here.`}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.requestList} aria-busy={isFetching}>
            {data.results.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                busy={deciding}
                onDecide={(decision) => setPendingDecision({ request, decision })}
                onView={(button) => {
                  opener.current = button;
                  setPreviewed(request);
                }}
              />
            ))}
          </ul>
          {lastPage > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <Button type="button" disabled={page <= 1} onClick={() => show(status, page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {lastPage}
              </span>
              <Button
                type="button"
                disabled={page >= lastPage}
                onClick={() => show(status, page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}

      <Drawer
        open={previewed !== null}
        onOpenChange={(open) => {
          if (!open) setPreviewed(null);
        }}
        side="right"
        title={previewed ? `${KIND_LABELS[previewed.kind]} request` : ''}
        closeLabel="Close the preview"
        returnFocusTo={opener}
      >
        {previewed && (
          <>
            <RiskPreview request={previewed} />
            {previewed.status === 'pending' && (
              <div className={styles.previewDecision}>
                {ACTION_REQUEST_DECISIONS.map((decision) => (
                  <Button
                    key={decision}
                    variant={decision === 'accepted' ? 'primary' : 'secondary'}
                    disabled={deciding}
                    onClick={() => setPendingDecision({ request: previewed, decision })}
                  >
                    {DECISION_LABELS[decision]}
                  </Button>
                ))}
              </div>
            )}
          </>
        )}
      </Drawer>

      <ConfirmDialog
        open={pendingDecision !== null}
        title={
          pendingDecision
            ? `${DECISION_LABELS[pendingDecision.decision]} this ${KIND_LABELS[pendingDecision.request.kind].toLowerCase()}?`
            : ''
        }
        confirmLabel={DECISION_LABELS[pendingDecision?.decision ?? 'rejected']}
        destructive={pendingDecision?.decision === 'rejected'}
        busy={deciding}
        onConfirm={() => void confirm()}
        onCancel={() => setPendingDecision(null)}
      >
        {pendingDecision && (
          <p>
            {personLabel(pendingDecision.request.requested_by)} asked to{' '}
            {KIND_VERBS[pendingDecision.request.kind]} “{pendingDecision.request.subject.title}” to{' '}
            {LEVEL_LABELS[pendingDecision.request.target_level]}.{' '}
            {pendingDecision.decision === 'accepted'
              ? 'You become responsible for it.'
              : 'It stays where it is and the requester is told.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function RequestCard({
  request,
  busy,
  onDecide,
  onView,
}: {
  request: ActionRequest;
  busy: boolean;
  onDecide: (decision: ActionRequestDecision) => void;
  onView: (button: HTMLElement) => void;
}) {
  const titleId = `request-${request.id}-title`;
  return (
    <li className={styles.requestCard}>
      <div className={styles.requestHead}>
        <span className={KIND_CLASSES[request.kind]}>{KIND_LABELS[request.kind]}</span>
        <span className="muted">{entityLabel(request.subject.level, request.subject.type)}</span>
        <time dateTime={request.created_at} className="muted">
          {formatDateTime(request.created_at)}
        </time>
      </div>
      <h2 id={titleId} className={styles.requestTitle}>
        {request.subject.title}
      </h2>
      <dl className="facts">
        <div>
          <dt>Where</dt>
          <dd>{request.subject.scope_name}</dd>
        </div>
        <div>
          <dt>Requested by</dt>
          <dd>{personLabel(request.requested_by)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{LEVEL_LABELS[request.target_level]}</dd>
        </div>
        {request.decided_at && (
          <div>
            <dt>Decided</dt>
            <dd>{formatDateTime(request.decided_at)}</dd>
          </div>
        )}
      </dl>
      {request.comment && <p className={styles.requestComment}>{request.comment}</p>}
      <div className={styles.requestActions}>
        <Button
          type="button"
          variant="quiet-link"
          onClick={(event) => onView(event.currentTarget)}
          aria-describedby={titleId}
        >
          View {request.subject.type}
        </Button>
        {request.status === 'pending' &&
          ACTION_REQUEST_DECISIONS.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'accepted' ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => onDecide(decision)}
              aria-describedby={titleId}
            >
              {DECISION_LABELS[decision]}
            </Button>
          ))}
      </div>
    </li>
  );
}
