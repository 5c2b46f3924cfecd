/** Spec §3 "Usage-statistics event" and `POST /api/stats/` of spec §7. */

export const STATS_ACTIONS = [
  'login',
  'login_to_tab',
  'logout',
  'page_navigation',
  'banner_link_click',
  'banner_close',
  'help_visit',
  'document_space_visit',
  'support_chat_visit',
  /** A tab of the project card or an account page opened (`tab`, `project_id`, `account_id`, …). */
  'tab_visit',
] as const;

export type StatsAction = (typeof STATS_ACTIONS)[number];

export interface UsageStatsEvent {
  action: StatsAction;
  action_detail?: string | null;
  id?: number | null;
  project_id?: number | null;
  business_line_id?: number | null;
  business_segment_id?: number | null;
  account_id?: number | null;
  selected_object_id?: number | null;
  tab?: string | null;
  newMetrics?: boolean | null;
  current_value?: string | number | null;
  previous_value?: string | number | null;
}

export interface UsageStatsRequest {
  data: UsageStatsEvent;
}

export interface UsageStatsResponse {
  id: number;
  user_id: number;
  created_at: string;
  data: UsageStatsEvent;
}
