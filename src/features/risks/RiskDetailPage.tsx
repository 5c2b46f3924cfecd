import { useLocation, useParams, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import type { Risk } from '../../api/contract/risks';
import { BACK_TO_RISKS } from '../../shared/ui/ErrorScreen';
import { AddressText, NotFoundPage } from '../errors/embed';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { Tabs, type TabItem } from '../../shared/ui/Tabs';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetRiskQuery } from './api';
import { ActionItemsTab } from './detail/ActionItemsTab';
import { CommentsTab } from './detail/CommentsTab';
import { CommunicationTab } from './detail/CommunicationTab';
import { DetailsTab } from './detail/DetailsTab';
import { HistoryTab } from './detail/HistoryTab';
import { ResolutionTab } from './detail/ResolutionTab';
import { RiskHeader } from './detail/RiskHeader';
import { canComment, viewOnlyReason, isTransferReceiver } from './detail/riskAccess';
import { TransferTab } from './detail/TransferTab';
import { LoadFailed } from '../../shared/ui/EmptyState';
import detailStyles from './riskDetail.module.css';

/** Spec §2 detail tabs, in order; `?tab=` names one. */
export const DETAIL_TABS = [
  'details',
  'action-items',
  'comments',
  'communication',
  'resolution',
  'transfer',
  'history',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

const TAB_LABELS: Record<DetailTab, string> = {
  details: 'Details',
  'action-items': 'Action items',
  comments: 'Comments',
  communication: 'Communication with client',
  resolution: 'Resolution',
  transfer: 'Transfer',
  history: 'History',
};

/** The tabs a risk or an issue has: transfers are for risks only. */
export const tabsOf = (risk: Pick<Risk, 'kind'>): DetailTab[] =>
  DETAIL_TABS.filter((tab) => tab !== 'transfer' || risk.kind === 'risk');

/**
 * `/risks/{id}`: one risk or issue with its tabs, as this user may see and change it. A risk the
 * server does not show this user (403, 404), or an address that is no risk's number, is the
 * 'Page not found' page: what is missing and the way back to the register. Other failures keep
 * the load failure with its retry.
 */
export default function RiskDetailPage() {
  const riskId = Number(useParams().riskId);
  const valid = Number.isInteger(riskId) && riskId > 0;
  const {
    data: risk,
    error,
    isLoading,
    isError,
    refetch,
  } = useGetRiskQuery(riskId, {
    skip: !valid,
  });
  const { data: user } = useGetCurrentUserQuery();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const status = (error as ApiError | undefined)?.status;

  if (!valid || status === 403 || status === 404)
    return (
      <NotFoundPage
        explanation={
          <>
            There is no risk or issue at <AddressText>{pathname}</AddressText> that you may open.
            The address may be mistyped, or the risk is not shared with you.
          </>
        }
        back={BACK_TO_RISKS}
      />
    );
  if (isLoading) return <LoadingScreen label="Loading the risk…" />;
  if (isError || !risk)
    return <LoadFailed title="The risk could not be loaded" onRetry={() => void refetch()} />;

  const available = tabsOf(risk);
  const asked = params.get('tab') as DetailTab | null;
  const tab: DetailTab = asked && available.includes(asked) ? asked : 'details';
  const tabs: TabItem<DetailTab>[] = available.map((id) => ({
    id,
    label: TAB_LABELS[id],
    badge:
      id === 'action-items' && risk.action_items_count > 0
        ? `(${risk.action_items_count})`
        : id === 'comments' && risk.comments_count > 0
          ? `(${risk.comments_count})`
          : undefined,
  }));
  // Who the user is decides whether they received the risk: wait for it before saying why.
  const reason = user ? viewOnlyReason(risk, user.id) : null;

  return (
    <section className={detailStyles.riskDetail} aria-labelledby="risk-title">
      <RiskHeader
        risk={risk}
        viewOnlyReason={reason}
        receivedByUser={user ? isTransferReceiver(risk, user.id) : false}
      />
      <Tabs
        label={`${risk.kind === 'risk' ? 'Risk' : 'Issue'} sections`}
        tabs={tabs}
        selected={tab}
        onSelect={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === 'details') updated.delete('tab');
              else updated.set('tab', next);
              return updated;
            },
            { replace: true },
          )
        }
      >
        {tab === 'details' && <DetailsTab risk={risk} />}
        {tab === 'action-items' && <ActionItemsTab risk={risk} />}
        {tab === 'comments' && (
          <CommentsTab risk={risk} mayComment={user ? canComment(risk, user.id) : false} />
        )}
        {tab === 'communication' && <CommunicationTab risk={risk} />}
        {tab === 'resolution' && <ResolutionTab risk={risk} />}
        {tab === 'transfer' && <TransferTab risk={risk} />}
        {tab === 'history' && <HistoryTab risk={risk} />}
      </Tabs>
    </section>
  );
}
