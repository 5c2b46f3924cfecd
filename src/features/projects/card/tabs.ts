import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../../shared/lib/chunk';
import { RACI_SNAPSHOT_FLAG, RACI_VIEW_FLAG } from '../../../api/contract/raci';
import type { CardTabProps } from './cardTab';

export { cardPath, type CardTabProps } from './cardTab';

export interface CardTab {
  /** The route segment: `/projects/{id}/{slug}`; the Overview is the card's index. */
  slug: string;
  label: string;
  /** Shown with at least one of these flags; with none listed, to everyone who sees the card. */
  view?: readonly string[];
  /** What the tab holds, in one line (said by the tabs a later issue builds). */
  summary: string;
  /** The tab's screen, in its own chunk; without one the route names what it will hold. */
  Panel?: LazyExoticComponent<ComponentType<CardTabProps>>;
}

type TabModule = { default: ComponentType<CardTabProps> };
const panel = (load: () => Promise<TabModule>) => lazy(() => loadChunk(load));

/** Every RACI function's viewing flag, and the snapshot's: the Ownership matrix shows with any. */
export const RACI_VIEW_FLAGS: readonly string[] = [
  ...Object.values(RACI_VIEW_FLAG),
  RACI_SNAPSHOT_FLAG,
];

/** Spec §2 project card tabs, in its order, then the card's History. */
export const CARD_TABS: readonly CardTab[] = [
  {
    slug: '',
    label: 'Overview',
    summary: 'Key facts, latest checks, open risks and issues, targets at a glance.',
    Panel: panel(() => import('../tabs/OverviewTab')),
  },
  {
    slug: 'project-overview',
    label: 'Project overview',
    view: ['CAN_VIEW_PROJECT_DETAILS'],
    summary: 'The description and the expert description a check’s overview step shows.',
    Panel: panel(() => import('../tabs/ProjectOverviewTab')),
  },
  {
    slug: 'team',
    label: 'Team',
    view: ['CAN_VIEW_TEAM'],
    summary: 'The members of the project with their role and allocation.',
    Panel: panel(() => import('../team/TeamTab')),
  },
  {
    slug: 'checks',
    label: 'Checks',
    view: ['CAN_VIEW_CHECKS'],
    summary: 'The checks of this project.',
    Panel: panel(() => import('../tabs/ChecksTab')),
  },
  {
    slug: 'risks',
    label: 'Risks',
    view: ['CAN_VIEW_RISKS'],
    summary: 'The risks and issues of this project.',
    Panel: panel(() => import('../tabs/RisksTab')),
  },
  {
    slug: 'contacts',
    label: 'Contacts',
    summary: 'Client-side, third-party and company contacts.',
    Panel: panel(() => import('../team/ContactsTab')),
  },
  {
    slug: 'targets',
    label: 'Targets',
    summary: 'Delivery targets with their period, planned and actual values.',
    Panel: panel(() => import('../targets/TargetsTab')),
  },
  {
    slug: 'ownership-matrix',
    label: 'Ownership matrix',
    view: RACI_VIEW_FLAGS,
    summary: 'Who is responsible, accountable, consulted and informed, per function.',
    Panel: panel(() => import('../raci/OwnershipMatrixTab')),
  },
  {
    slug: 'attributes',
    label: 'Attributes',
    summary: 'Typed project attributes and the profile validation status.',
    Panel: panel(() => import('../attributes/AttributesTab')),
  },
  {
    slug: 'security-commitments',
    label: 'Security commitments',
    summary: 'Security commitments with their owner, due date and state.',
    Panel: panel(() => import('../commitments/CommitmentsTab')),
  },
  {
    slug: 'project-agreements',
    label: 'Project agreements',
    summary: 'Contracts, SOWs, SLAs and change agreements with the client.',
    Panel: panel(() => import('../agreements/AgreementsTab')),
  },
  {
    slug: 'dex-set-up',
    label: 'DEX set up',
    summary: 'Which delivery-excellence practices and measures apply to this project.',
    Panel: panel(() => import('../dexSetup/DexSetupTab')),
  },
  {
    slug: 'project-portfolio',
    label: 'Project portfolio',
    summary: 'The programme, parent and related projects, and their dependencies.',
    Panel: panel(() => import('../placement/PlacementTab')),
  },
  {
    slug: 'approvals',
    label: 'Approvals',
    summary: 'Requests this project raised or that wait on it.',
    Panel: panel(() => import('../approvals/ApprovalsTab')),
  },
  {
    slug: 'gen-ai-approvals',
    label: 'Gen AI approvals',
    summary: 'Requests to use a generative-AI tool on the project.',
    Panel: panel(() => import('../genAi/GenAiApprovalsTab')),
  },
  {
    slug: 'metrics-approvals',
    label: 'Metrics approvals',
    view: ['CAN_VIEW_METRICS_APPROVAL'],
    summary: 'Metric values submitted for a period with their evidence.',
    Panel: panel(() => import('../metricsApprovals/MetricsApprovalsTab')),
  },
  {
    slug: 'case-study',
    label: 'Case study',
    view: ['CAN_VIEW_CASE_STUDY'],
    summary: 'The project’s case study: challenge, approach, results and lessons.',
    Panel: panel(() => import('../caseStudy/CaseStudyTab')),
  },
  {
    slug: 'tools-register',
    label: 'Tools register',
    view: ['CAN_VIEW_TOOLS_REGISTER'],
    summary: 'The tools and technologies of the project.',
    Panel: panel(() => import('../tools/ToolsTab')),
  },
  {
    slug: 'iso-9001-compliance',
    label: 'ISO 9001 Compliance',
    summary: 'Readiness for an ISO 9001 audit, clause by clause.',
    Panel: panel(() => import('../iso9001/Iso9001Tab')),
  },
  {
    slug: 'action-items',
    label: 'Action items',
    summary: 'Every open action item of the project’s risks and issues.',
    Panel: panel(() => import('../attributes/ActionItemsTab')),
  },
  {
    slug: 'history',
    label: 'History',
    summary: 'Every change made on the card: who, when, field, old and new value.',
    Panel: panel(() => import('../tabs/HistoryTab')),
  },
];

/** The tabs this user sees. */
export const visibleTabs = (permissions: readonly string[]) =>
  CARD_TABS.filter((tab) => !tab.view || tab.view.some((flag) => permissions.includes(flag)));
